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
  type ProductFacts,
} from '../../core/order-history';
import { succeed } from '../../core/failure';
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
  async function history() {
    const cached = await deps.offline.orderHistory();
    return { orders: cached?.data ?? [], freshness: { asOf: cached?.asOf ?? null, fromCache: true } };
  }

  /** Vintage and size from the catalog in the search worker, else from the product's stored detail. */
  async function factsOf(ids: string[]): Promise<Map<string, ProductFacts>> {
    const listed = await deps.search.products(ids).catch(() => ids.map(() => null));
    const facts = new Map<string, ProductFacts>();
    await Promise.all(
      ids.map(async (id, index) => {
        const product = listed[index] ?? (await deps.offline.productDetail(id))?.data ?? null;
        if (product) facts.set(id, { vintage: product.vintage, sizeMl: product.size_ml });
      }),
    );
    return facts;
  }

  return {
    async listOrderHistory({ page, perPage, ...filter }) {
      const { orders, freshness } = await history();
      const matching = filterOrderHistory(orders, filter);
      const { items, meta } = pageLocally(matching.map((entry) => entry.order), page, perPage);
      return succeed<OrderHistoryPage>({ items, meta, totals: orderHistoryTotals(matching), suppliers: historySuppliers(orders), freshness });
    },
    async listLastOrdered() {
      const { orders, freshness } = await history();
      return succeed<LastOrderedList>({ items: lastOrderedByProduct(orders), freshness });
    },
    async exportOrderHistory(filter) {
      return succeed(await exportHistory(filter));
    },
  } satisfies HandlerGroup<'listOrderHistory' | 'listLastOrdered' | 'exportOrderHistory'>;

  async function exportHistory(filter: Parameters<typeof filterOrderHistory>[1] & { timeZone: string }): Promise<OrderHistoryExport> {
      const matching = filterOrderHistory((await history()).orders, filter);
      const facts = await factsOf(csvProductIds(matching));
      const { csv, rows } = orderHistoryCsv(matching, (id) => facts.get(id) ?? null, filter.timeZone);
      const fileName = orderHistoryFileName(filter);
      const offered = await offerCsv(deps.saveFile, fileName, csv);
      if (offered.outcome === 'saved') return { outcome: 'saved', fileName: offered.fileName, rows };
      return offered.outcome === 'cancelled' ? offered : { outcome: 'download', fileName, csv, rows };
  }
}
