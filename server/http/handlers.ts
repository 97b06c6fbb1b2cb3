import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import type { EndpointName, EndpointResponse, Endpoints } from '../../shared';
import type { Caller, OrderRejection, Store } from '../store/types';
import type { OrderEventSink } from '../fulfilment/simulator';
import type { Clock } from '../scheduling/poller';
import { newWebhookSecret } from '../webhooks/signing';
import { refuseTargetUrl, type DeliveryMode } from '../webhooks/target-policy';
import { sendTestEvent } from '../webhooks/test-event';
import { API_BASE_PATH } from '../../shared';
import { HttpProblem, notFound } from './problem';
import { idempotencyFromHeaders } from './idempotency-key';
import type { CachedBody, ReadCache } from './read-cache';
import { catalogChangesPage } from './catalog-changes';

type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: z.ZodType } ? z.output<Endpoints[N]['body']> : undefined;

export interface HandlerInput<N extends EndpointName> {
  caller: Caller;
  /** The path id, already checked against the resource's id pattern. */
  id: string;
  query: z.output<Endpoints[N]['query']>;
  body: BodyOf<N>;
  headers: IncomingHttpHeaders;
}

/**
 * What a handler answers: a body (or a cached one, or 304), or the problem that refuses the
 * request. An expected refusal is a value up to here; `registerEndpoint` sends it (app.ts).
 */
export type HandlerOutcome<T> =
  | (({ body: T } | { cached: CachedBody } | { notModified: string }) & { status?: number; headers?: Record<string, string> })
  | { problem: HttpProblem };

export type Handlers = {
  [N in EndpointName]: (input: HandlerInput<N>) => Promise<HandlerOutcome<EndpointResponse<N>>>;
};

/** What a path id names, for the 404 detail. */
export const RESOURCE_OF_ID: Partial<Record<EndpointName, string>> = {
  listSupplierProducts: 'supplier',
  getProduct: 'product',
  getOrder: 'order',
  deleteWebhook: 'webhook',
  cancelOrder: 'order',
  listWebhookDeliveries: 'webhook',
  testWebhook: 'webhook',
  updateWebhook: 'webhook',
};

export const missing = (resource: string, id: string) =>
  notFound(`No ${resource} with id ${JSON.stringify(id.slice(0, 100))} exists for this account.`);

/** The store's refusal of an order, as the problem the client is answered with. */
export const rejectionProblem = (rejection: OrderRejection): HttpProblem =>
  new HttpProblem(rejection.status, rejection.code, rejection.detail, rejection.errors, {}, rejection.delivery);

const refuse = (problem: HttpProblem) => ({ problem });

export interface HandlerDeps {
  store: Store;
  mode: DeliveryMode;
  clock: Clock;
  onOrderEvent: OrderEventSink;
  onEventError: (error: unknown) => void;
  readCache: ReadCache;
  /** Bounds POST /webhooks/{id}/test's one send. */
  webhookTestTimeoutMs: number;
  /** Names the claims of test deliveries this instance sends. */
  instanceId: string;
}

export function createEndpointHandlers({ store, mode, clock, onOrderEvent, onEventError, readCache, webhookTestTimeoutMs, instanceId }: HandlerDeps): Handlers {
  /**
   * Conditional catalog reads are answered from the validator alone when nothing has changed. A
   * load that finds nothing (null) is answered with `absent`, and nothing is cached.
   */
  const cachedRead = async (key: string, headers: IncomingHttpHeaders, load: () => Promise<unknown>, absent = () => notFound()) => {
    const etag = await readCache.notModified(key, headers['if-none-match']);
    if (etag) return { notModified: etag };
    const cached = await readCache.get(key, load);
    return cached ? { cached } : refuse(absent());
  };
  // Parsed queries list their keys in schema order, so equal queries serialize equally.
  const queryKey = (query: object) => JSON.stringify(query);
  return {
    listSuppliers: ({ query, headers }) => cachedRead(`suppliers|${queryKey(query)}`, headers, () => store.listSuppliers(query)),

    listSupplierProducts: ({ id, query, headers }) =>
      cachedRead(`supplier-products|${id}|${queryKey(query)}`, headers, () => store.listSupplierProducts(id, query), () => missing('supplier', id)),

    listProducts: ({ query, headers }) => cachedRead(`products|${queryKey(query)}`, headers, () => store.listProducts(query)),

    getProduct: ({ id, headers }) =>
      cachedRead(`product|${id}`, headers, () => store.getProduct(id), () => missing('product', id)),

    createOrder: async ({ caller, body, headers }) => {
      const idempotency = idempotencyFromHeaders(headers, body);
      if (idempotency instanceof HttpProblem) return refuse(idempotency);
      const result = await store.placeOrder(caller, body, idempotency, clock());
      if (result.kind === 'rejected') return refuse(rejectionProblem(result));
      if (result.kind === 'created') readCache.invalidate();
      const location = { location: `${API_BASE_PATH}/orders/${result.order.id}` };
      if (result.kind === 'replayed') {
        return { body: result.order, status: result.status, headers: { ...location, 'idempotent-replayed': 'true' } };
      }
      // The order and its order.confirmed deliveries are committed; this only hurries the dispatcher.
      await onOrderEvent('order.confirmed', caller.accountId, result.order).catch(onEventError);
      return { body: result.order, headers: location };
    },

    listOrders: async ({ caller, query }) => ({ body: await store.listOrders(caller.accountId, query) }),

    getOrder: async ({ caller, id }) => {
      const order = await store.getOrder(caller.accountId, id);
      if (!order) return refuse(missing('order', id));
      return { body: order };
    },

    getAccount: async ({ caller }) => {
      const account = await store.getAccount(caller.accountId);
      if (!account) return refuse(missing('account', caller.accountId));
      return { body: account };
    },

    listWebhooks: async ({ caller }) => ({ body: { data: await store.listWebhooks(caller.accountId) } }),

    createWebhook: async ({ caller, body }) => {
      const refusal = refuseTargetUrl(body.url, mode);
      if (refusal) {
        return refuse(new HttpProblem(422, 'validation_failed', `The webhook URL is refused: it ${refusal}.`, [{ pointer: '/url', detail: refusal }]));
      }
      const secret = newWebhookSecret();
      const created = await store.createWebhook(caller.accountId, body, secret, clock());
      if (created.kind === 'limit_reached') {
        return refuse(
          new HttpProblem(
            409,
            'webhook_limit_reached',
            `This account already has ${created.limit} webhook registrations, the most it may have; delete one before registering another.`,
          ),
        );
      }
      return { body: { ...created.webhook, secret } };
    },

    deleteWebhook: async ({ caller, id }) => {
      const deleted = await store.deleteWebhook(caller.accountId, id);
      if (!deleted) return refuse(missing('webhook', id));
      return { body: { success: true, message: `Webhook ${id} deleted; no further events will be sent to it.` } };
    },

    // Extensions.
    cancelOrder: async ({ caller, id }) => {
      const result = await store.cancelOrder(caller.accountId, id, clock());
      switch (result.kind) {
        case 'missing':
          return refuse(missing('order', id));
        case 'not_cancellable':
          return refuse(new HttpProblem(409, 'order_not_cancellable', `Order ${result.order.order_number} is ${result.order.status} and can no longer be cancelled.`));
        case 'already_cancelled':
          return { body: result.order };
        case 'cancelled':
          readCache.invalidate();
          // The cancel and its order.cancelled deliveries are committed; this only hurries the dispatcher.
          await onOrderEvent('order.cancelled', caller.accountId, result.order).catch(onEventError);
          return { body: result.order };
      }
    },

    listWebhookDeliveries: async ({ caller, id, query }) => {
      const page = await store.listDeliveryRecords(caller.accountId, id, query);
      if (!page) return refuse(missing('webhook', id));
      return { body: page };
    },

    testWebhook: async ({ caller, id }) => {
      const result = await sendTestEvent(store, caller.accountId, id, { mode, timeoutMs: webhookTestTimeoutMs, clock, instanceId });
      if (result === 'missing') return refuse(missing('webhook', id));
      if (result === 'paused') return refuse(new HttpProblem(409, 'webhook_paused', `Webhook ${id} is paused; resume it before sending a test event.`));
      return { body: result };
    },

    updateWebhook: async ({ caller, id, body }) => {
      const webhook = await store.setWebhookActive(caller.accountId, id, body.active);
      if (!webhook) return refuse(missing('webhook', id));
      return { body: webhook };
    },

    catalogChanges: ({ query, headers }) => catalogChangesPage(store, query, headers),
  };
}
