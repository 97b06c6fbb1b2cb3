import { z } from 'zod';
import {
  Account,
  CATALOG_CHANGES_LIMIT_DEFAULT,
  CATALOG_CHANGES_LIMIT_MAX,
  CATALOG_CHANGES_PAGE_BYTES,
  CATALOG_REMOVAL_RETENTION_DAYS,
  CatalogChangesPage,
  CatalogChangesQuery,
  CatalogProduct,
  CreateOrderBody,
  CreateWebhookBody,
  CreatedWebhook,
  DeleteResult,
  NoQuery,
  Order,
  OrderId,
  OrderListItem,
  OrderListQuery,
  PageQuery,
  Product,
  ProductId,
  ProductListQuery,
  Supplier,
  SupplierId,
  SupplierListQuery,
  SupplierProduct,
  UpdateWebhookBody,
  Webhook,
  WebhookDeliveryRecord,
  WebhookId,
  WebhookList,
  WEBHOOKS_PER_ACCOUNT_MAX,
  paginated,
} from '../schemas';

/** Every path is relative to a base URL that ends in this segment. */
export const API_BASE_PATH = '/api/v1';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * The groups the OpenAPI document lists operations under, after the parts of the marketplace's
 * description of the service, each with the words a reader of the document sees. The table's
 * operations use the first five; Health and Meta hold the service's own routes.
 */
export const API_TAGS = {
  Suppliers: 'Verified suppliers (wineries) and the products each one sells.',
  Catalog: "The product catalog: search, filters and sorts, one product's detail, and its label image.",
  Orders:
    'Orders with one supplier, counted in cases: placing one (safe to retry with an Idempotency-Key), listing and reading them with tracking and timeline, and cancelling. An order is confirmed when placed, then shipped and delivered; a confirmed order may be cancelled.',
  Account: 'The buyer account that owns the API key.',
  Webhooks:
    'Registrations that receive order events as signed POSTs (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature), retried with backoff; their deliveries, test events, pausing and resuming.',
  Health: "Liveness and readiness for load balancers. Not part of the marketplace's interface; no key, no rate limit.",
  Meta: 'This document.',
} as const;
export type ApiTag = keyof typeof API_TAGS;

export interface EndpointSpec {
  method: Method;
  /** Fastify-style path with `:param` segments. */
  path: string;
  /** A few words, as an operation list shows them. */
  summary: string;
  /** What the operation does and its rules, for the OpenAPI document's readers. */
  description: string;
  /** The group the OpenAPI document lists it under. */
  tag: ApiTag;
  params?: z.ZodObject;
  query: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  status: 200 | 201;
  /** Accepts an `Idempotency-Key` header. */
  idempotent?: boolean;
  /**
   * Not part of the marketplace's interface: an extension this service offers (marked
   * `x-caseworks-extension` in the OpenAPI document). The text says what the marketplace's
   * description lacks that it adds.
   */
  extension?: string;
  /** Business refusals the operation answers, by status, described in the OpenAPI document. */
  refusals?: Partial<Record<'409' | '410', string>>;
}

const byId = <S extends z.ZodType>(id: S) => z.strictObject({ id });

/**
 * The service's interface as one table: the server registers its routes from it, the desktop
 * client types and parses its calls with it, and the OpenAPI document is generated from it.
 */
export const endpoints = {
  listSuppliers: {
    method: 'GET',
    path: '/suppliers',
    summary: 'List suppliers',
    description:
      'The verified suppliers, by name, a page at a time. `q` searches their names, DBA names, locations and wine regions, every word matched as a prefix; `region` keeps those whose wine region, city, state or "City, ST" location is the value (any case).',
    tag: 'Suppliers',
    query: SupplierListQuery,
    response: paginated(Supplier),
    status: 200,
  },
  listSupplierProducts: {
    method: 'GET',
    path: '/suppliers/:id/products',
    summary: "List a supplier's products",
    description:
      "Every product of one supplier, a page at a time, in the same order as `GET /products?supplier_id=…` (by name). An unknown supplier is 404; a supplier with no products answers an empty page.",
    tag: 'Suppliers',
    params: byId(SupplierId),
    query: PageQuery,
    response: paginated(SupplierProduct),
    status: 200,
  },
  listProducts: {
    method: 'GET',
    path: '/products',
    summary: 'Search the catalog',
    description:
      'The catalog, a page at a time. `q` is free text over name, brand, varietal, region, appellation, supplier and SKU, every word matched as a prefix (a four-digit word also matches the vintage); `varietal`, `region`, `country` (exact, any case) and `supplier_id` filter. `sort` is `price_asc`, `price_desc`, `name` or `newest`; without it, a search is ordered by relevance and a listing by name. Prices are per case and stock counts cases.',
    tag: 'Catalog',
    query: ProductListQuery,
    response: paginated(CatalogProduct),
    status: 200,
  },
  getProduct: {
    method: 'GET',
    path: '/products/:id',
    summary: 'Read a product',
    description:
      "One product with everything the catalog knows of it: prices per case and per bottle, the cases in stock and the minimum order, SKU and UPC, tasting notes, its supplier and its label image's URL.",
    tag: 'Catalog',
    params: byId(ProductId),
    query: NoQuery,
    response: Product,
    status: 200,
  },
  createOrder: {
    method: 'POST',
    path: '/orders',
    summary: 'Place an order',
    description:
      "Places an order with one supplier in one transaction: the supplier must exist, every product must be that supplier's and appear once, and each quantity (in cases) must meet the product's minimum order and its stock, which the order takes. A refused order stores nothing. The answer is the confirmed order with its prices: shipping is free from a $1,500.00 subtotal, else $25.00 plus $3.50 a case; the platform fee is 2.5 % of the subtotal, rounded half up to the cent. Send an Idempotency-Key to make retries safe.",
    tag: 'Orders',
    query: NoQuery,
    body: CreateOrderBody,
    response: Order,
    status: 201,
    idempotent: true,
  },
  listOrders: {
    method: 'GET',
    path: '/orders',
    summary: 'List orders',
    description: "The caller's orders, newest first, a page at a time; `status` keeps those in one state.",
    tag: 'Orders',
    query: OrderListQuery,
    response: paginated(OrderListItem),
    status: 200,
  },
  getOrder: {
    method: 'GET',
    path: '/orders/:id',
    summary: 'Read an order',
    description:
      "One of the caller's orders with its items, prices, ship-to address, tracking once shipped (carrier, number, URL, estimated delivery) and its timeline. Another account's order is 404.",
    tag: 'Orders',
    params: byId(OrderId),
    query: NoQuery,
    response: Order,
    status: 200,
  },
  getAccount: {
    method: 'GET',
    path: '/account',
    summary: 'Read the account',
    description: 'The buyer account that owns the API key: name, contact, licence, address and counts of its orders, saved addresses and favourites.',
    tag: 'Account',
    query: NoQuery,
    response: Account,
    status: 200,
  },
  listWebhooks: {
    method: 'GET',
    path: '/webhooks',
    summary: 'List webhooks',
    description: "The caller's webhook registrations, all at once (`{ data }`, no pages). Their signing secrets are never shown again.",
    tag: 'Webhooks',
    query: NoQuery,
    response: WebhookList,
    status: 200,
  },
  createWebhook: {
    method: 'POST',
    path: '/webhooks',
    summary: 'Register a webhook',
    description:
      'Registers a URL to receive the listed order events. The answer carries the signing secret (`whsec_…`) once; it is never shown again. A service started in production mode refuses private, link-local and loopback targets (422 validation_failed naming `/url`), and checks the address again after DNS resolution at each delivery.',
    tag: 'Webhooks',
    query: NoQuery,
    body: CreateWebhookBody,
    response: CreatedWebhook,
    status: 201,
    refusals: {
      '409': `The account already has ${WEBHOOKS_PER_ACCOUNT_MAX} registrations, the most it may have (webhook_limit_reached); delete one first.`,
    },
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/webhooks/:id',
    summary: 'Delete a webhook',
    description: 'Deletes one of the caller\'s registrations; no event is sent to it afterwards, not even one already queued. Another account\'s registration is 404.',
    tag: 'Webhooks',
    params: byId(WebhookId),
    query: NoQuery,
    response: DeleteResult,
    status: 200,
  },

  // Extensions: offered by this service beyond the marketplace's interface. A client learns
  // them from the OpenAPI document (x-caseworks-extension) or from a 404/405 answer.
  cancelOrder: {
    method: 'POST',
    path: '/orders/:id/cancel',
    summary: 'Cancel an order',
    description:
      'A confirmed order becomes cancelled (`cancelled_at`, an `order_cancelled` timeline entry), its cases go back to stock and registrations listing `order.cancelled` receive it, in one transaction. Exactly once: a cancel racing the shipment ends in one state. Cancelling a cancelled order answers it again, with no second event or restock. No body is needed.',
    tag: 'Orders',
    params: byId(OrderId),
    query: NoQuery,
    response: Order,
    status: 200,
    extension: "the marketplace's description shows no transition but an order's creation.",
    refusals: { '409': 'The order has shipped or been delivered (order_not_cancellable).' },
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    summary: "List a webhook's deliveries",
    description:
      "What the service sent to one registration, newest first, a page at a time: each event, its attempts, the last answer or error and how long it took, and the next retry of a delivery still pending.",
    tag: 'Webhooks',
    params: byId(WebhookId),
    query: PageQuery,
    response: paginated(WebhookDeliveryRecord),
    status: 200,
    extension: "the marketplace's description does not show deliveries.",
  },
  testWebhook: {
    method: 'POST',
    path: '/webhooks/:id/test',
    summary: 'Send a test event',
    description:
      'Sends a signed `webhook.test` event to the registration now, as one attempt bounded by the delivery timeout, and answers with that attempt as the delivery list shows it. A receiver that fails or does not answer in time is reported in the answer (state failed, error); the test is never retried. No body is needed.',
    tag: 'Webhooks',
    params: byId(WebhookId),
    query: NoQuery,
    response: WebhookDeliveryRecord,
    status: 200,
    extension: "the marketplace's description has no test event.",
    refusals: { '409': 'The registration is paused (webhook_paused); resume it first.' },
  },
  updateWebhook: {
    method: 'PATCH',
    path: '/webhooks/:id',
    summary: 'Pause or resume a webhook',
    description:
      'Pauses (`active: false`) or resumes (`active: true`) a registration. A paused registration receives nothing: events raised while it is paused are not queued for it, and resuming does not replay them (only events raised after resuming are sent). Deliveries already queued wait while it is paused and are sent after it resumes.',
    tag: 'Webhooks',
    params: byId(WebhookId),
    query: NoQuery,
    body: UpdateWebhookBody,
    response: Webhook,
    status: 200,
    extension: "the marketplace's description shows no way to update a registration.",
  },
  catalogChanges: {
    method: 'GET',
    path: '/catalog/changes',
    summary: 'List catalog changes since a cursor',
    description:
      'What changed in the catalog since a cursor: products and suppliers created, changed or removed, in commit order, as full records, a page at a time with the next cursor and whether more is waiting.',
    tag: 'Catalog',
    query: CatalogChangesQuery,
    response: CatalogChangesPage,
    status: 200,
    extension:
      `Without \`since\`, everything (the bootstrap); with the \`next_cursor\` of an earlier page, what changed after it. Ask again at once while \`has_more\` is true. Compacted: a record changed several times appears once, at its latest change, as its full record (a product exactly as GET /products/{id} gives it); a removal is a \`product.removed\` or \`supplier.removed\` entry, kept ${CATALOG_REMOVAL_RETENTION_DAYS} days. Pages hold at most \`limit\` entries (default ${CATALOG_CHANGES_LIMIT_DEFAULT}, at most ${CATALOG_CHANGES_LIMIT_MAX}) and at most ${CATALOG_CHANGES_PAGE_BYTES / 1024} KiB of entries (at least one entry). With nothing new the answer is an empty page with the same cursor. A page with more waiting names the next one in a \`Link\` header (\`<?since=…&limit=…>; rel="next"\`, relative to the request), so a client may ask for it before it has read this page's body. Answers carry an ETag (If-None-Match answers 304) and are compressed with br or gzip when Accept-Encoding asks. The cursor is opaque: exact across every instance on one database, whatever order transactions commit in.`,
    refusals: {
      '410': 'The cursor can no longer be served: its removals were pruned, or it belongs to another catalog or to a state this database has not reached (cursor_expired). Start over without `since`.',
    },
  },
} as const satisfies Record<string, EndpointSpec>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type EndpointResponse<N extends EndpointName> = z.infer<Endpoints[N]['response']>;
export type EndpointQueryInput<N extends EndpointName> = z.input<Endpoints[N]['query']>;
export type EndpointBody<N extends EndpointName> = Endpoints[N] extends { body: z.ZodType }
  ? z.infer<Endpoints[N]['body']>
  : never;
