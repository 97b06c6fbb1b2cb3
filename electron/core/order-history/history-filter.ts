import type { ParsedOrderHistoryFilter } from '../../../shared/bridge/order-history';
import { calendarDayIn } from './calendar-day';
import type { HistoryOrder } from './history-order';

/** Lower case, accents dropped: "Château" is found by "chateau". */
function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function searchWords(search: string | undefined): string[] {
  return search ? folded(search).split(/\s+/).filter(Boolean) : [];
}

/** Every word of the search appears in the order number or in the name of one of its products. */
function matchesWords(entry: HistoryOrder, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const haystack = folded([entry.order.order_number, ...(entry.detail?.items.map((item) => item.product_name) ?? [])].join('\n'));
  return words.every((word) => haystack.includes(word));
}

/** The orders the order history filter lets through, in the order given (newest first). */
export function filterOrderHistory(orders: readonly HistoryOrder[], filter: ParsedOrderHistoryFilter): HistoryOrder[] {
  const words = searchWords(filter.search);
  return orders.filter((entry) => {
    const { order } = entry;
    if (filter.status && order.status !== filter.status) return false;
    if (filter.supplierId && order.supplier.id !== filter.supplierId) return false;
    if (filter.from || filter.to) {
      const day = calendarDayIn(order.created_at, filter.timeZone);
      if (filter.from && day < filter.from) return false;
      if (filter.to && day > filter.to) return false;
    }
    return matchesWords(entry, words);
  });
}

/** The suppliers of the buyer's orders, once each, by name: the choices of the supplier filter. */
export function historySuppliers(orders: readonly HistoryOrder[]): { id: string; name: string }[] {
  const byId = new Map<string, string>();
  for (const { order } of orders) if (!byId.has(order.supplier.id)) byId.set(order.supplier.id, order.supplier.name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
