import type { CaseworksBridge } from '../../../shared/bridge';
import type { Order } from '../../../shared/schemas';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import type { BridgeHandlers } from '../../../electron/bridge/handler-types';
import { createOrderHistoryHandlers } from '../../../electron/bridge/handlers/order-history';
import { historyOrders } from '../../../electron/core/order-history';
import { succeed } from '../../../electron/core/failure';
import type { SaveFileOutcome } from '../../../electron/core/platform';
import type { OfflineReads } from '../../../electron/core/offline/offline-reads';
import { createProductImageAddresses } from '../../../electron/core/images/product-image-urls';
import * as fixtures from './fixtures';

type HistoryMethods = Pick<CaseworksBridge, 'listOrderHistory' | 'listLastOrdered' | 'exportOrderHistory'>;

/**
 * The order history methods of the fake bridge: the app's own handlers
 * (electron/bridge/handlers/order-history.ts) and dispatcher over the offline copy's orders as the
 * core reads them (`historyOrders`), so the renderer's tests see what main would answer for these
 * orders (the inputs checked by the contract, the page, totals, export and its file name the app's).
 * `exportOutcome`: what the host's save dialog does (the browser shell has none: the page downloads).
 */
export function fakeOrderHistory(
  orders: () => readonly Order[],
  record: (method: keyof HistoryMethods, input: unknown) => void,
  freshness: { asOf: string | null; fromCache: boolean },
  exportOutcome: () => 'download' | 'saved' | 'cancelled',
): HistoryMethods {
  const entries = () => historyOrders(orders().map(fixtures.orderListItem), (id) => orders().find((order) => order.id === id) ?? null);
  // Typed from the handlers' own dependencies (no cast): a change of their shapes fails tsc here.
  const nothing = async () => succeed(null);
  const offline: OfflineReads = {
    suppliers: nothing,
    orders: nothing,
    orderDetail: nothing,
    account: nothing,
    webhooks: nothing,
    // The offline copy's reads answer Outcomes (offline-copy.ts).
    orderHistory: async () => succeed({ data: entries(), asOf: freshness.asOf }),
    productDetail: async (id: string) => {
      const found = fixtures.products.find((candidate) => candidate.id === id);
      return succeed(found ? { data: found, asOf: freshness.asOf } : null);
    },
    keepProductDetail: async () => succeed(undefined),
    keepOrderDetail: async () => succeed(undefined),
  };
  const deps: Parameters<typeof createOrderHistoryHandlers>[0] = {
    client: () => null,
    online: () => false,
    offline,
    now: () => new Date(),
    images: createProductImageAddresses(),
    // The catalog in the search worker does not list them: vintage and size come from the stored details.
    search: { products: async (ids: string[]) => succeed(ids.map(() => null)) },
    saveFile: async ({ suggestedName }: { suggestedName: string }): Promise<SaveFileOutcome> => {
      const outcome = exportOutcome();
      if (outcome === 'saved') return { saved: true, fileName: suggestedName };
      return { saved: false, reason: outcome === 'cancelled' ? 'cancelled' : 'unsupported' };
    },
  };
  const handlers = createOrderHistoryHandlers(deps);
  const dispatcher = createDispatcher({ handlers: handlers as unknown as BridgeHandlers });
  const call = <M extends keyof HistoryMethods>(method: M) =>
    ((input?: unknown) => {
      record(method, input ?? {});
      return dispatcher.dispatch(method, input ?? {});
    }) as unknown as CaseworksBridge[M];
  return {
    listOrderHistory: call('listOrderHistory'),
    listLastOrdered: call('listLastOrdered'),
    exportOrderHistory: call('exportOrderHistory'),
  };
}
