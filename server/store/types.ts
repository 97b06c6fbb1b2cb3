import type {
  Account,
  CatalogProduct,
  CreateOrderBody,
  CreateWebhookBody,
  Order,
  OrderListItem,
  OrderListQuery,
  OrderStatus,
  PageQuery,
  Paginated,
  Product,
  ProductListQuery,
  Supplier,
  SupplierListQuery,
  SupplierProduct,
  Tracking,
  Webhook,
  WebhookEventName,
  WebhookDeliveryRecord,
  DeliveryEventType,
  FieldError,
  DeliveryDateReason,
} from '../../shared';

/** The members a delivery_date_unavailable problem carries beside the usual ones. */
export interface DeliveryDateRefusal {
  delivery_date_reason: DeliveryDateReason;
  next_delivery_date: string | null;
}
import type { ChangeCursor } from './catalog/change-cursor';
import type { CatalogChangesRead } from './catalog/change-feed';

/** The caller, as authentication resolves it. */
export interface Caller {
  accountId: string;
  /** Stable id of the key used, for the per-key rate limit (never the key itself). */
  keyId: string;
}

/**
 * Why an order was refused; each maps to a 4xx problem response. The SQL store answers
 * not_found 404 (unknown supplier or product in the body), product_not_from_supplier 422,
 * below_minimum_order 422, insufficient_inventory 409, idempotency_key_reused 422 and
 * idempotency_key_in_use 409; `errors` point at the offending fields (`/items/1/quantity`).
 */
export type OrderRejection = {
  kind: 'rejected';
  status: 404 | 409 | 422;
  code:
    | 'not_found'
    | 'insufficient_inventory'
    | 'below_minimum_order'
    | 'product_not_from_supplier'
    | 'idempotency_key_reused'
    | 'idempotency_key_in_use'
    // Extensions (issue 26): a split case where the supplier sells none, a line of bottles of a case or
    // more (422), and a price other than the one the buyer saw (409).
    | 'split_case_not_allowed'
    | 'split_case_too_large'
    | 'price_changed'
    // Extension (issue 26): a backup product the line cannot have (422).
    | 'invalid_backup'
    // Extension (issue 26): a delivery date the supplier cannot deliver on (422), with `delivery` said.
    | 'delivery_date_unavailable';
  detail: string;
  errors: FieldError[];
  /** On delivery_date_unavailable: why, and the next date that can be had (null: none). */
  delivery?: DeliveryDateRefusal;
};

export type PlaceOrderResult =
  | { kind: 'created'; order: Order }
  /** Same Idempotency-Key and same body: the first response, replayed. */
  | { kind: 'replayed'; order: Order; status: number }
  | OrderRejection;

export interface IdempotencyInput {
  key: string;
  /** A hash of the canonical request body; another body under the same key is refused. */
  requestHash: string;
}

export interface ShipmentInput {
  carrier: string;
  tracking_number: string;
  tracking_url: string;
  estimated_delivery: string;
}

export interface WebhookTarget extends Webhook {
  accountId: string;
  /** The `whsec_…` secret used to sign deliveries. */
  secret: string;
}

export interface PendingDelivery {
  id: string;
  webhookId: string;
  /** The account whose registration it is (fair shares of sending are per account). */
  accountId: string;
  url: string;
  secret: string;
  eventType: DeliveryEventType;
  /** The exact body to send (already serialized), so every retry signs the same bytes. */
  body: string;
  attempts: number;
  nextAttemptAt: string;
}

/** When a failed delivery is tried again, and when it is given up. */
export interface RetryPolicy {
  /** Attempts per delivery, the first included; after the last failure it is given up. */
  maxAttempts: number;
  /** Delay before the first retry; each further retry waits twice as long, up to `maxRetryDelayMs`. */
  retryBaseMs: number;
  maxRetryDelayMs: number;
}

/** One instance asking for due deliveries to send, each held for `leaseMs`. */
export interface DeliveryClaim {
  instanceId: string;
  now: Date;
  leaseMs: number;
  limit: number;
  /**
   * The fair share: at most this many of an account's deliveries in flight on this instance,
   * counting `busy` (what each account is sending now). Accounts with the fewest in flight, then
   * the longest waiting, are served first. Without it, the oldest due deliveries are claimed.
   */
  perAccount?: number;
  busy?: ReadonlyMap<string, number>;
}

export interface DeliveryAttempt {
  deliveryId: string;
  /** The instance that claimed the delivery; only it can record the attempt. */
  instanceId: string;
  at: string;
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** How long the attempt took (measured by the sender). */
  durationMs?: number;
  /** Retrying cannot help (production mode refused the target): the delivery is given up now, its reason in `error`. */
  final?: boolean;
  policy: RetryPolicy;
}

/** Where a delivery stands after an attempt, as the database computed it. */
export interface DeliveryOutcome {
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** When it is tried next; null when delivered or given up. */
  nextAttemptAt: string | null;
}

export type CreateWebhookResult = { kind: 'created'; webhook: Webhook } | { kind: 'limit_reached'; limit: number };

/** How a buyer's cancel ended. */
export type CancelResult =
  | { kind: 'cancelled'; order: Order }
  | { kind: 'already_cancelled'; order: Order }
  | { kind: 'not_cancellable'; order: Order }
  | { kind: 'missing' };

export interface DeliveryLogEntry {
  deliveryId: string;
  eventType: string;
  at: string;
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** When the next attempt was due after this one; null when delivered or given up. */
  nextAttemptAt: string | null;
}

/** An order the simulator moved, and whose it is. */
export interface MovedOrder {
  accountId: string;
  order: Order;
}

/**
 * Everything the HTTP layer, the fulfilment simulator and the webhook dispatcher need from
 * storage. One implementation runs on PGlite or on PostgreSQL with the same schema and queries.
 * Methods that read an account's data return null for ids that do not exist *or* belong to
 * another account, so the HTTP layer answers 404 in both cases.
 */
export interface Store {
  /** Resolves a presented API key (hashed inside) to its account, or null. */
  authenticate(apiKey: string): Promise<Caller | null>;

  listSuppliers(query: SupplierListQuery): Promise<Paginated<Supplier>>;
  /** Null when the supplier does not exist. */
  listSupplierProducts(supplierId: string, query: PageQuery): Promise<Paginated<SupplierProduct> | null>;
  listProducts(query: ProductListQuery): Promise<Paginated<CatalogProduct>>;
  getProduct(productId: string): Promise<Product | null>;
  /**
   * A value that changes whenever anything the catalog reads return may have changed (stock,
   * products, suppliers). Cheap enough to ask before every conditional catalog read, so an
   * unchanged page can be answered 304 without querying it.
   */
  catalogStamp(): Promise<string>;

  /**
   * In one transaction: validates supplier, products, quantities; decrements inventory without
   * overselling under concurrency; prices by shared/pricing.ts; assigns an order number; records
   * order_placed and order_confirmed; stores the idempotency record with the response.
   */
  placeOrder(caller: Caller, body: CreateOrderBody, idempotency: IdempotencyInput | null, now: Date): Promise<PlaceOrderResult>;
  listOrders(accountId: string, query: OrderListQuery): Promise<Paginated<OrderListItem>>;
  getOrder(accountId: string, orderId: string): Promise<Order | null>;

  getAccount(accountId: string): Promise<Account | null>;

  listWebhooks(accountId: string): Promise<Webhook[]>;
  /** Registers a webhook, unless the account already has WEBHOOKS_PER_ACCOUNT_MAX (checked and written under a lock on the account). */
  createWebhook(accountId: string, body: CreateWebhookBody, secret: string, now: Date): Promise<CreateWebhookResult>;
  /** False when there is no such registration for this account. */
  deleteWebhook(accountId: string, webhookId: string): Promise<boolean>;
  /** Active registrations of the account that subscribe to the event. */
  webhookTargets(accountId: string, event: WebhookEventName): Promise<WebhookTarget[]>;

  /** Fulfilment: confirmed orders confirmed at or before `before`, oldest first. */
  ordersDueToShip(before: Date, limit: number): Promise<Array<{ id: string; accountId: string }>>;
  ordersDueToDeliver(before: Date, limit: number): Promise<Array<{ id: string; accountId: string }>>;
  /**
   * Claims (`FOR UPDATE SKIP LOCKED`) up to `limit` confirmed orders confirmed at or before
   * `before` and ships them in the same transaction, each with its order.shipped deliveries: one
   * instance moves an order, the others skip it. A crash rolls the whole batch back.
   */
  shipDueOrders(before: Date, limit: number, shipment: (orderId: string) => ShipmentInput, at: Date): Promise<MovedOrder[]>;
  /** The same for shipped orders shipped at or before `before`: delivered, with order.delivered deliveries. */
  deliverDueOrders(before: Date, limit: number, at: Date): Promise<MovedOrder[]>;
  /** Moves confirmed → shipped with tracking, an order_shipped entry and its deliveries; null if no longer confirmed. */
  markShipped(orderId: string, shipment: ShipmentInput, at: Date): Promise<Order | null>;
  /** Moves shipped → delivered with an order_delivered entry and its deliveries; null if no longer shipped. */
  markDelivered(orderId: string, at: Date): Promise<Order | null>;
  /** Moves confirmed → cancelled with an order_cancelled entry, restoring inventory. */
  markCancelled(orderId: string, at: Date): Promise<Order | null>;

  /**
   * Queues one delivery per target; each keeps its serialized body for retries. (Order events
   * are queued by the changes themselves, in their transactions.)
   */
  enqueueDeliveries(deliveries: Array<Omit<PendingDelivery, 'id' | 'attempts' | 'accountId'>>): Promise<void>;
  /** Claims due deliveries for one instance under a lease; see server/store/webhooks/deliveries.ts. */
  claimDeliveries(claim: DeliveryClaim): Promise<PendingDelivery[]>;
  /** Logs the attempt and moves the claimed delivery on; null when the claim was no longer this instance's. */
  recordDeliveryAttempt(attempt: DeliveryAttempt): Promise<DeliveryOutcome | null>;
  /** Releases the claims an instance still holds (it is stopping); returns how many. */
  releaseDeliveries(instanceId: string): Promise<number>;
  /** The delivery log of one registration, newest first. */
  deliveryLog(webhookId: string, limit: number): Promise<DeliveryLogEntry[]>;

  // Extensions (documented as such in the OpenAPI document).
  /** The buyer's cancel of one of its orders: exactly once, racing the shipment safely. */
  cancelOrder(accountId: string, orderId: string, at: Date): Promise<CancelResult>;
  /** A registration's deliveries with their last attempt, newest first; null when it is not the account's. */
  listDeliveryRecords(accountId: string, webhookId: string, query: PageQuery): Promise<Paginated<WebhookDeliveryRecord> | null>;
  /** One delivery as the list shows it; null when unknown. */
  deliveryRecord(deliveryId: string): Promise<WebhookDeliveryRecord | null>;
  /**
   * The catalog change feed: up to `limit` changes after the cursor (everything when null), or why
   * the cursor can no longer be served (see server/store/catalog/change-feed.ts).
   */
  catalogChanges(since: ChangeCursor | null, limit: number): Promise<CatalogChangesRead>;
  /** Pauses or resumes a registration; null when it is not the account's. */
  setWebhookActive(accountId: string, webhookId: string, active: boolean): Promise<Webhook | null>;
  /**
   * Queues a webhook.test delivery already claimed by `instanceId` (so no dispatcher sends it too)
   * and returns it to send now; 'missing' or 'paused' when it cannot be sent.
   */
  createTestDelivery(accountId: string, webhookId: string, claim: { instanceId: string; leaseMs: number; now: Date }): Promise<PendingDelivery | 'missing' | 'paused'>;

  /** Drops idempotency records older than 24 h. */
  pruneIdempotency(olderThan: Date): Promise<number>;
  /**
   * Prunes as pruneIdempotency when the service-wide job is due (at most once every `everyMs`
   * across all instances: the run is claimed in the pruning transaction); null when not due.
   */
  pruneIdempotencyWhenDue(now: Date, olderThan: Date, everyMs: number): Promise<number | null>;

  /** Points the demo buyers' webhook registrations at the demo receiver at `url` (sandbox starts); returns how many moved. */
  pointDemoWebhooksAt(url: string): Promise<number>;
  /**
   * Drops the change feed's removals older than `olderThan` when the service-wide job is due (at
   * most once every `everyMs` across all instances); null when not due.
   */
  pruneCatalogRemovalsWhenDue(now: Date, olderThan: Date, everyMs: number): Promise<number | null>;

  /** Answers when the database does (readiness). */
  ping(): Promise<void>;
  /** A write that needs new space, left undone: fails while the disk under the database is full (readiness after a full disk). */
  probeStorage(): Promise<void>;

  close(): Promise<void>;
}

export type OrderStatusValue = OrderStatus;
export type { Tracking };
