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
  paginated,
} from '../schemas';

/** Every path is relative to a base URL that ends in this segment. */
export const API_BASE_PATH = '/api/v1';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface EndpointSpec {
  method: Method;
  /** Fastify-style path with `:param` segments. */
  path: string;
  summary: string;
  params?: z.ZodObject;
  query: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  status: 200 | 201;
  /** Accepts an `Idempotency-Key` header. */
  idempotent?: boolean;
  /**
   * Not part of the marketplace's interface: an extension this service offers (marked
   * `x-caseworks-extension` in the OpenAPI document). The text describes it there.
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
    summary: 'List verified suppliers; q searches name and location, region filters by region or location.',
    query: SupplierListQuery,
    response: paginated(Supplier),
    status: 200,
  },
  listSupplierProducts: {
    method: 'GET',
    path: '/suppliers/:id/products',
    summary: "List one supplier's products.",
    params: byId(SupplierId),
    query: PageQuery,
    response: paginated(SupplierProduct),
    status: 200,
  },
  listProducts: {
    method: 'GET',
    path: '/products',
    summary: 'Browse and search the catalog.',
    query: ProductListQuery,
    response: paginated(CatalogProduct),
    status: 200,
  },
  getProduct: {
    method: 'GET',
    path: '/products/:id',
    summary: 'Read one product.',
    params: byId(ProductId),
    query: NoQuery,
    response: Product,
    status: 200,
  },
  createOrder: {
    method: 'POST',
    path: '/orders',
    summary: 'Place an order with one supplier. Send an Idempotency-Key to make retries safe.',
    query: NoQuery,
    body: CreateOrderBody,
    response: Order,
    status: 201,
    idempotent: true,
  },
  listOrders: {
    method: 'GET',
    path: '/orders',
    summary: "List the caller's orders.",
    query: OrderListQuery,
    response: paginated(OrderListItem),
    status: 200,
  },
  getOrder: {
    method: 'GET',
    path: '/orders/:id',
    summary: 'Read one order with tracking and timeline.',
    params: byId(OrderId),
    query: NoQuery,
    response: Order,
    status: 200,
  },
  getAccount: {
    method: 'GET',
    path: '/account',
    summary: "Read the caller's account.",
    query: NoQuery,
    response: Account,
    status: 200,
  },
  listWebhooks: {
    method: 'GET',
    path: '/webhooks',
    summary: "List the caller's webhook registrations.",
    query: NoQuery,
    response: WebhookList,
    status: 200,
  },
  createWebhook: {
    method: 'POST',
    path: '/webhooks',
    summary: 'Register a webhook. The signing secret is returned only in this response.',
    query: NoQuery,
    body: CreateWebhookBody,
    response: CreatedWebhook,
    status: 201,
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/webhooks/:id',
    summary: 'Delete a webhook registration; no events are sent to it afterwards.',
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
    summary: 'Cancel a confirmed order: its cases go back to stock and order.cancelled is sent. Cancelling a cancelled order answers it again.',
    params: byId(OrderId),
    query: NoQuery,
    response: Order,
    status: 200,
    extension:
      'A confirmed order becomes cancelled (cancelled_at, an order_cancelled timeline entry), its stock is put back and registrations listing order.cancelled receive it. Exactly once: a cancel racing the shipment ends in one state. No body is needed.',
    refusals: { '409': 'The order has shipped or been delivered (order_not_cancellable).' },
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    summary: "List one registration's deliveries, newest first, with their last attempt.",
    params: byId(WebhookId),
    query: PageQuery,
    response: paginated(WebhookDeliveryRecord),
    status: 200,
    extension: 'What the service sent to this registration: each event, its attempts, the last answer or error, and the next retry.',
  },
  testWebhook: {
    method: 'POST',
    path: '/webhooks/:id/test',
    summary: 'Send a signed webhook.test event to the registration now (one attempt, bounded by the delivery timeout) and answer with it.',
    params: byId(WebhookId),
    query: NoQuery,
    response: WebhookDeliveryRecord,
    status: 200,
    extension: 'A receiver that fails or does not answer in time is reported in the answer (state failed, error); the test is not retried. No body is needed.',
    refusals: { '409': 'The registration is paused (webhook_paused); resume it first.' },
  },
  updateWebhook: {
    method: 'PATCH',
    path: '/webhooks/:id',
    summary: 'Pause (active: false) or resume (active: true) a registration.',
    params: byId(WebhookId),
    query: NoQuery,
    body: UpdateWebhookBody,
    response: Webhook,
    status: 200,
    extension:
      'A paused registration receives nothing: events raised while it is paused are not queued for it, and resuming does not replay them (only events raised after resuming are sent). Deliveries already queued wait while it is paused and are sent after it resumes.',
  },
  catalogChanges: {
    method: 'GET',
    path: '/catalog/changes',
    summary: 'What changed in the catalog since a cursor: products and suppliers created, changed or removed, in commit order, as full records.',
    query: CatalogChangesQuery,
    response: CatalogChangesPage,
    status: 200,
    extension:
      `Without \`since\`, everything (the bootstrap); with the \`next_cursor\` of an earlier page, what changed after it. Ask again at once while \`has_more\` is true. Compacted: a record changed several times appears once, at its latest change, as its full record (a product exactly as GET /products/{id} gives it); a removal is a \`product.removed\` or \`supplier.removed\` entry, kept ${CATALOG_REMOVAL_RETENTION_DAYS} days. Pages hold at most \`limit\` entries (default ${CATALOG_CHANGES_LIMIT_DEFAULT}, at most ${CATALOG_CHANGES_LIMIT_MAX}) and at most ${CATALOG_CHANGES_PAGE_BYTES / 1024} KiB of entries (at least one entry). With nothing new the answer is an empty page with the same cursor. Answers carry an ETag (If-None-Match answers 304) and are compressed with br or gzip when Accept-Encoding asks. The cursor is opaque: exact across every instance on one database, whatever order transactions commit in.`,
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
