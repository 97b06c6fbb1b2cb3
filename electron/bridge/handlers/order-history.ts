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
  /** A refusal of the offline copy is its Failure. */
  search: { products(ids: string[]): Promise<Outcome<(CatalogProduct | null)[]>> };
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

  /**
   * Vintage and size from the catalog in the search worker, else from the product's stored detail.
   * A refusal of the offline copy is the export's Failure, in its words: not a file whose vintages
   * and sizes are silently blank.
   */
  async function factsOf(ids: string[]): Promise<Outcome<Map<string, ProductFacts>>> {
    const listed = await deps.search.products(ids);
    if (!listed.ok) return listed;
    const facts = new Map<string, ProductFacts>();
    const details = await Promise.all(ids.map((id, index) => (listed.data[index] ? null : deps.offline.productDetail(id))));
    for (const [index, id] of ids.entries()) {
      const detail = details[index];
      if (detail && !detail.ok) return detail;
      const product = listed.data[index] ?? detail?.data?.data ?? null;
      if (product) facts.set(id, { vintage: product.vintage, sizeMl: product.size_ml });
    }
    return succeed(facts);
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
      return read.ok ? exportHistory(read.data.orders, filter) : read;
    },
  } satisfies HandlerGroup<'listOrderHistory' | 'listLastOrdered' | 'exportOrderHistory'>;

  async function exportHistory(orders: HistoryOrder[], filter: Parameters<typeof filterOrderHistory>[1] & { timeZone: string }): Promise<Outcome<OrderHistoryExport>> {
    const matching = filterOrderHistory(orders, filter);
    const facts = await factsOf(csvProductIds(matching));
    if (!facts.ok) return facts;
    const { csv, rows } = orderHistoryCsv(matching, (id) => facts.data.get(id) ?? null, filter.timeZone);
    const fileName = orderHistoryFileName(filter);
    const offered = await offerCsv(deps.saveFile, fileName, csv);
    if (offered.outcome === 'saved') return succeed({ outcome: 'saved', fileName: offered.fileName, rows });
    return succeed(offered.outcome === 'cancelled' ? offered : { outcome: 'download', fileName, csv, rows });
  }
}
