import type { LastOrderedList, OrderHistoryExport, OrderHistoryPage } from '../../../shared/bridge/order-history';
import type { CatalogProduct } from '../../../shared/schemas';
import {
  csvProductIds,
  filterOrderHistory,
  historySuppliers,
  lastOrderedByProduct,
  orderHistoryCsv,
  orderHistoryFileName,
  orderHistoryTotals,
  type HistoryOrder,
  type ProductFacts,
} from '../../core/order-history';
import type { Freshness } from '../../../shared/bridge/datasets';
import { succeed, type Outcome } from '../../core/failure';
import type { HandlerGroup } from '../handler-types';
import { offerCsv, type DesktopHandlerDeps } from './desktop';
import type { ReadContext } from './read-context';
import { pageLocally } from './service-calls';

export interface OrderHistoryHandlerDeps extends ReadContext {
  search: { products(ids: string[]): Promise<(CatalogProduct | null)[]> };
}

/**
 * The order history: filtered, totalled, "last ordered" and exported from the offline copy alone,
 * so it answers the same offline. Its age is the orders dataset's.
 */
export function createOrderHistoryHandlers(deps: OrderHistoryHandlerDeps & Pick<DesktopHandlerDeps, 'saveFile'>) {
  /** The history in the offline copy (none when it holds none), or the copy's refusal. */
  async function history(): Promise<Outcome<{ orders: HistoryOrder[]; freshness: Freshness }>> {
    const read = await deps.offline.orderHistory();
    if (!read.ok) return read;
    const cached = read.data;
    return succeed({ orders: cached?.data ?? [], freshness: { asOf: cached?.asOf ?? null, fromCache: true } });
  }

  /** Vintage and size from the catalog in the search worker, else from the product's stored detail. */
  async function factsOf(ids: string[]): Promise<Map<string, ProductFacts>> {
    const listed = await deps.search.products(ids).catch(() => ids.map(() => null));
    const facts = new Map<string, ProductFacts>();
    await Promise.all(
      ids.map(async (id, index) => {
        const detail = listed[index] ? null : await deps.offline.productDetail(id);
        const product = listed[index] ?? (detail?.ok ? detail.data?.data : null) ?? null;
        if (product) facts.set(id, { vintage: product.vintage, sizeMl: product.size_ml });
      }),
    );
    return facts;
  }

  return {
    async listOrderHistory({ page, perPage, ...filter }) {
      const read = await history();
      if (!read.ok) return read;
      const { orders, freshness } = read.data;
      const matching = filterOrderHistory(orders, filter);
      const { items, meta } = pageLocally(matching.map((entry) => entry.order), page, perPage);
      return succeed<OrderHistoryPage>({ items, meta, totals: orderHistoryTotals(matching), suppliers: historySuppliers(orders), freshness });
    },
    async listLastOrdered() {
      const read = await history();
      if (!read.ok) return read;
      const { orders, freshness } = read.data;
      return succeed<LastOrderedList>({ items: lastOrderedByProduct(orders), freshness });
    },
    async exportOrderHistory(filter) {
      const read = await history();
      return read.ok ? succeed(await exportHistory(read.data.orders, filter)) : read;
    },
  } satisfies HandlerGroup<'listOrderHistory' | 'listLastOrdered' | 'exportOrderHistory'>;

  async function exportHistory(orders: HistoryOrder[], filter: Parameters<typeof filterOrderHistory>[1] & { timeZone: string }): Promise<OrderHistoryExport> {
      const matching = filterOrderHistory(orders, filter);
      const facts = await factsOf(csvProductIds(matching));
      const { csv, rows } = orderHistoryCsv(matching, (id) => facts.get(id) ?? null, filter.timeZone);
      const fileName = orderHistoryFileName(filter);
      const offered = await offerCsv(deps.saveFile, fileName, csv);
      if (offered.outcome === 'saved') return { outcome: 'saved', fileName: offered.fileName, rows };
      return offered.outcome === 'cancelled' ? offered : { outcome: 'download', fileName, csv, rows };
  }
}
