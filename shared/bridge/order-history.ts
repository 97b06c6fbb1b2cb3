import { z } from 'zod';
import { CalendarDate, Cents, Count, OrderId, OrderListItem, OrderStatus, PageMeta, ProductId, SupplierId, Timestamp } from '../schemas';
import { followsTextRule } from '../schemas/text';
import { Freshness } from './datasets';

/** The longest search of the order history, in characters (as the service's own query text). */
export const ORDER_HISTORY_SEARCH_MAX = 200;

/** Plain words for what is wrong with a filter; shown next to the field it is about. */
export const ORDER_HISTORY_FILTER_MESSAGES = {
  searchTooLong: `Search for at most ${ORDER_HISTORY_SEARCH_MAX} characters.`,
  searchControl: 'The search cannot contain control characters such as tab or line breaks.',
  badDate: 'Enter a whole date, like 2026-03-31.',
  toBeforeFrom: 'The end date is before the start date.',
  badTimeZone: 'The time zone is not one this computer knows.',
} as const;

/** True when the zone is an IANA time zone (`Europe/Paris`) the platform's Intl knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const characterCount = (value: string) => [...value].length;

const HistorySearch = z
  .string()
  .refine((value) => characterCount(value) <= ORDER_HISTORY_SEARCH_MAX, ORDER_HISTORY_FILTER_MESSAGES.searchTooLong)
  .refine((value) => followsTextRule(value), ORDER_HISTORY_FILTER_MESSAGES.searchControl);

const filterShape = {
  status: OrderStatus.optional(),
  supplierId: SupplierId.optional(),
  /** First and last calendar day placed, both included, in `timeZone`. */
  from: CalendarDate.optional().meta({ description: 'first day, included' }),
  to: CalendarDate.optional().meta({ description: 'last day, included' }),
  /** Words of an order number or of a product's name, in any order. */
  search: HistorySearch.optional(),
  /** The buyer's time zone: what "a day" means for the date range and the CSV's dates. */
  timeZone: z.string().max(64).refine(isTimeZone, ORDER_HISTORY_FILTER_MESSAGES.badTimeZone).default('UTC'),
};

const fromNotAfterTo = (filter: { from?: string | undefined; to?: string | undefined }) =>
  !filter.from || !filter.to || filter.from <= filter.to;
const rangeIssue = { path: ['to'], message: ORDER_HISTORY_FILTER_MESSAGES.toBeforeFrom };

/**
 * The order history filter: which of the buyer's orders (from the offline copy) a list, its totals
 * and the CSV export are about. Dates compare as text: `YYYY-MM-DD` sorts as the calendar does.
 */
export const OrderHistoryFilter = z.strictObject(filterShape).refine(fromNotAfterTo, rangeIssue);
export type OrderHistoryFilter = z.input<typeof OrderHistoryFilter>;
export type ParsedOrderHistoryFilter = z.output<typeof OrderHistoryFilter>;

/** A page of the filtered orders (the same bounds as every paged bridge call). */
export const OrderHistoryPageInput = z
  .strictObject({
    ...filterShape,
    page: z.number().int().positive().max(1_000_000).default(1),
    perPage: z.number().int().positive().max(100).default(50),
  })
  .refine(fromNotAfterTo, rangeIssue);

/**
 * Totals of the filtered orders. Cancelled orders are listed but not counted; an order whose lines
 * are not in the offline copy yet counts in `totalCents` only (`withoutLines` says how many).
 */
export const OrderHistoryTotals = z.object({
  orders: Count,
  cancelled: Count,
  withoutLines: Count,
  cases: Count,
  subtotalCents: Cents,
  shippingCents: Cents,
  feeCents: Cents,
  totalCents: Cents,
});
export type OrderHistoryTotals = z.infer<typeof OrderHistoryTotals>;

export const OrderHistoryPage = z.object({
  items: z.array(OrderListItem),
  meta: PageMeta,
  totals: OrderHistoryTotals,
  /** Suppliers the buyer has ordered from, for the filter's list (name order). */
  suppliers: z.array(z.object({ id: SupplierId, name: z.string() })),
  freshness: Freshness,
});
export type OrderHistoryPage = z.infer<typeof OrderHistoryPage>;

/** "Last ordered": the newest order (not cancelled) with a product, and what was paid for it there. */
export const LastOrdered = z.object({
  productId: ProductId,
  orderId: OrderId,
  orderNumber: z.string(),
  orderedAt: Timestamp,
  quantity: Count,
  unitPriceCents: Cents,
});
export type LastOrdered = z.infer<typeof LastOrdered>;

export const LastOrderedList = z.object({ items: z.array(LastOrdered), freshness: Freshness });
export type LastOrderedList = z.infer<typeof LastOrderedList>;

/**
 * What became of an export: saved where the buyer chose (the desktop's save dialog), the dialog
 * cancelled, or — where main cannot save (the browser shell) — the file for the page to download.
 */
export const OrderHistoryExport = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('saved'), fileName: z.string(), rows: Count }),
  z.object({ outcome: z.literal('cancelled') }),
  z.object({ outcome: z.literal('download'), fileName: z.string(), csv: z.string(), rows: Count }),
]);
export type OrderHistoryExport = z.infer<typeof OrderHistoryExport>;
