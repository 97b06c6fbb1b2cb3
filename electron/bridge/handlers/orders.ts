import type { Outbox } from '../../core/outbox';
import type { KnownLinks } from '../../core/links/known-links';
import { succeed } from '../../core/failure';
import type { HandlerGroup } from '../handler-types';
import type { ReadContext } from './read-context';
import { callService, freshOrCached, pageLocally } from './service-calls';

export interface OrderHandlerDeps extends ReadContext {
  outbox(): Promise<Outbox>;
  knownLinks: KnownLinks;
}

/** Orders are read fresh when the service answers, from the offline copy otherwise; new orders always go through the outbox. */
export function createOrderHandlers(deps: OrderHandlerDeps) {
  return {
    async listOrders({ status, page, perPage }) {
      const read = await freshOrCached({
        online: deps.online(),
        live: async () => {
          const result = await callService(deps.client(), 'listOrders', { query: { page, per_page: perPage, ...(status ? { status } : {}) } });
          return result.ok ? succeed({ items: result.data.data, meta: result.data.meta }) : result;
        },
        cached: async () => {
          const read = await deps.offline.orders();
          if (!read.ok || !read.data) return read.ok ? succeed(null) : read;
          const cached = read.data;
          const matching = status ? cached.data.filter((order) => order.status === status) : cached.data;
          return succeed({ data: pageLocally(matching, page, perPage), asOf: cached.asOf });
        },
        now: deps.now,
      });
      if (!read.ok) return read;
      deps.knownLinks.rememberTrackingIn(read.data.data.items);
      return succeed({ ...read.data.data, freshness: read.data.freshness });
    },
    async getOrder({ id }) {
      const result = await freshOrCached({
        online: deps.online(),
        live: async () => {
          const order = await callService(deps.client(), 'getOrder', { params: { id } });
          // Best-effort: a copy that refuses to keep it (a full disk…) does not take the service's answer from the buyer.
          if (order.ok) await deps.offline.keepOrderDetail(order.data);
          return order;
        },
        cached: () => deps.offline.orderDetail(id),
        now: deps.now,
      });
      if (result.ok) deps.knownLinks.rememberTrackingIn(result.data.data);
      return result;
    },
    async submitOrders({ drafts }) {
      return (await deps.outbox()).submit(drafts);
    },
    async listOutbox() {
      const outbox = await deps.outbox();
      return succeed({ entries: outbox.list(), problem: outbox.loadProblem });
    },
    async retryOutboxEntry({ id }) {
      return (await deps.outbox()).retry(id);
    },
    async updateOutboxEntry({ id, order }) {
      return (await deps.outbox()).update(id, order);
    },
    async discardOutboxEntry({ id }) {
      return (await deps.outbox()).discard(id);
    },
  } satisfies HandlerGroup<
    'listOrders' | 'getOrder' | 'submitOrders' | 'listOutbox' | 'retryOutboxEntry' | 'updateOutboxEntry' | 'discardOutboxEntry'
  >;
}
