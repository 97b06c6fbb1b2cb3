import { ok, fail, LastOrderedList, OrderHistoryFilter, OrderHistoryPageInput, type CaseworksBridge, type OrderHistoryExport } from '../../../shared/bridge';
import type { Order } from '../../../shared/schemas';
import {
  filterOrderHistory,
  historyOrders,
  historySuppliers,
  lastOrderedByProduct,
  orderHistoryCsv,
  orderHistoryFileName,
  orderHistoryTotals,
} from '../../../electron/core/order-history';
import * as fixtures from './fixtures';

type HistoryMethods = Pick<CaseworksBridge, 'listOrderHistory' | 'listLastOrdered' | 'exportOrderHistory'>;

/**
 * The order history methods of the fake bridge over the core's own functions, so the renderer's
 * tests see what main would answer for these orders (the inputs are checked by the contract too).
 */
export function fakeOrderHistory(
  orders: () => readonly Order[],
  record: (method: keyof HistoryMethods, input: unknown) => void,
  freshness: { asOf: string | null; fromCache: boolean },
  exportOutcome: () => 'download' | 'saved' | 'cancelled',
): HistoryMethods {
  const entries = () => historyOrders(orders().map(fixtures.orderListItem), (id) => orders().find((order) => order.id === id) ?? null);
  const facts = (id: string) => {
    const product = fixtures.products.find((candidate) => candidate.id === id);
    return product ? { vintage: product.vintage, sizeMl: product.size_ml } : null;
  };
  return {
    async listOrderHistory(input = {}) {
      record('listOrderHistory', input);
      const parsed = OrderHistoryPageInput.safeParse(input);
      if (!parsed.success) return fail('invalid_input', parsed.error.issues[0]?.message ?? 'not valid');
      const { page, perPage, ...filter } = parsed.data;
      const matching = filterOrderHistory(entries(), filter);
      const start = (page - 1) * perPage;
      return ok({
        items: matching.slice(start, start + perPage).map((entry) => entry.order),
        meta: { total: matching.length, page, per_page: perPage, total_pages: Math.ceil(matching.length / perPage) },
        totals: orderHistoryTotals(matching),
        suppliers: historySuppliers(entries()),
        freshness,
      });
    },
    async listLastOrdered(input = {}) {
      record('listLastOrdered', input);
      return ok(LastOrderedList.parse({ items: lastOrderedByProduct(entries()), freshness }));
    },
    async exportOrderHistory(input = {}) {
      record('exportOrderHistory', input);
      const parsed = OrderHistoryFilter.safeParse(input);
      if (!parsed.success) return fail('invalid_input', parsed.error.issues[0]?.message ?? 'not valid');
      const { csv, rows } = orderHistoryCsv(filterOrderHistory(entries(), parsed.data), facts, parsed.data.timeZone);
      const fileName = orderHistoryFileName(parsed.data);
      const outcome = exportOutcome();
      const result: OrderHistoryExport =
        outcome === 'download' ? { outcome, fileName, csv, rows } : outcome === 'saved' ? { outcome, fileName, rows } : { outcome };
      return ok(result);
    },
  };
}
