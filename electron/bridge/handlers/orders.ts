import type { Outbox } from '../../core/outbox';
import type { KnownLinks } from '../../core/links/known-links';
import { unwrap } from '../bridge-failure';
import type { HandlerGroup } from '../handler-types';
import type { ReadContext } from './offline-reads';
import { callService, freshOrCached, pageLocally } from './service-calls';

export interface OrderHandlerDeps extends ReadContext {
  outbox(): Promise<Outbox>;
  knownLinks: KnownLinks;
}

/** Orders are read fresh when the service answers, from the offline copy otherwise; new orders always go through the outbox. */
export function createOrderHandlers(deps: OrderHandlerDeps) {
  return {
    async listOrders({ status, page, perPage }) {
      const { data, freshness } = await freshOrCached({
        online: deps.online(),
        live: async () => {
          const result = await callService(deps.client(), 'listOrders', { query: { page, per_page: perPage, ...(status ? { status } : {}) } });
          return { items: result.data, meta: result.meta };
        },
        cached: async () => {
          const cached = await deps.offline.orders();
          if (!cached) return null;
          const matching = status ? cached.data.filter((order) => order.status === status) : cached.data;
          return { data: pageLocally(matching, page, perPage), asOf: cached.asOf };
        },
        now: deps.now,
      });
      deps.knownLinks.rememberTrackingIn(data.items);
      return { ...data, freshness };
    },
    async getOrder({ id }) {
      const result = await freshOrCached({
        online: deps.online(),
        live: async () => {
          const order = await callService(deps.client(), 'getOrder', { params: { id } });
          await deps.offline.keepOrderDetail(order);
          return order;
        },
        cached: () => deps.offline.orderDetail(id),
        now: deps.now,
      });
      deps.knownLinks.rememberTrackingIn(result.data);
      return result;
    },
    async submitOrders({ drafts }) {
      return unwrap(await (await deps.outbox()).submit(drafts));
    },
    async listOutbox() {
      const outbox = await deps.outbox();
      return { entries: outbox.list(), problem: outbox.loadProblem };
    },
    async retryOutboxEntry({ id }) {
      return unwrap(await (await deps.outbox()).retry(id));
    },
    async updateOutboxEntry({ id, order }) {
      return unwrap(await (await deps.outbox()).update(id, order));
    },
    async discardOutboxEntry({ id }) {
      return unwrap(await (await deps.outbox()).discard(id));
    },
  } satisfies HandlerGroup<
    'listOrders' | 'getOrder' | 'submitOrders' | 'listOutbox' | 'retryOutboxEntry' | 'updateOutboxEntry' | 'discardOutboxEntry'
  >;
}
