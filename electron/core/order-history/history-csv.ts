import Papa from 'papaparse';
import { vintageLabel } from '../../../shared/format';
import type { Order, OrderItem } from '../../../shared/schemas';
import { calendarDayIn } from './calendar-day';
import type { HistoryOrder } from './history-order';

/** What the CSV says of a product besides its name, from the catalog or the product's detail. */
export interface ProductFacts {
  vintage: number | null;
  sizeMl: number;
}

interface CsvLine {
  entry: HistoryOrder;
  item: OrderItem | null;
  facts: ProductFacts | null;
  timeZone: string;
}

/** Money as a spreadsheet reads it: dollars with two decimals, no sign or separators ("1234.50"). */
const dollars = (cents: number) => (cents / 100).toFixed(2);

const detailMoney = (detail: Order | null, pick: (order: Order) => number) => (detail ? dollars(pick(detail)) : '');

/**
 * The order history CSV, defined once: one row per line item of the filtered orders (the order's
 * own columns repeat on each of its rows). An order whose lines the offline copy lacks gets one row
 * with the product columns empty.
 */
export const ORDER_HISTORY_CSV_COLUMNS: readonly { header: string; value: (line: CsvLine) => string | number }[] = [
  { header: 'Order number', value: ({ entry }) => entry.order.order_number },
  { header: 'Date', value: ({ entry, timeZone }) => calendarDayIn(entry.order.created_at, timeZone) },
  { header: 'Status', value: ({ entry }) => entry.order.status },
  { header: 'Supplier', value: ({ entry }) => entry.order.supplier.name },
  { header: 'Product', value: ({ item }) => item?.product_name ?? '' },
  { header: 'Vintage', value: ({ facts }) => (facts ? vintageLabel(facts.vintage) : '') },
  { header: 'Size (ml)', value: ({ facts }) => facts?.sizeMl ?? '' },
  { header: 'Quantity (cases)', value: ({ item }) => (item?.unit === 'bottle' ? '' : (item?.quantity ?? '')) },
  { header: 'Unit price (USD)', value: ({ item }) => (item ? dollars(item.unit_price_cents) : '') },
  { header: 'Line price (USD)', value: ({ item }) => (item ? dollars(item.total_cents) : '') },
  { header: 'Shipping (USD)', value: ({ entry }) => detailMoney(entry.detail, (order) => order.shipping_cents) },
  { header: 'Fee (USD)', value: ({ entry }) => detailMoney(entry.detail, (order) => order.platform_fee_cents) },
  { header: 'Order total (USD)', value: ({ entry }) => dollars(entry.order.total_cents) },
  // Last, so the columns of before keep their places: a line of bottles (a split case, issue 26) counts bottles, not cases.
  { header: 'Bottles (split case)', value: ({ item }) => (item?.unit === 'bottle' ? item.quantity : '') },
  // A line filled with its backup (issue 26): the row's product is the one sent, this the one asked for.
  { header: 'Sent instead of', value: ({ item }) => item?.substitution?.requested_product_name ?? '' },
];

export const ORDER_HISTORY_CSV_HEADERS = ORDER_HISTORY_CSV_COLUMNS.map((column) => column.header);

/** The products whose facts the CSV of these orders needs. */
export function csvProductIds(orders: readonly HistoryOrder[]): string[] {
  return [...new Set(orders.flatMap((entry) => entry.detail?.items.map((item) => item.product_id) ?? []))];
}

/**
 * The CSV text (RFC 4180: CRLF, quoted where needed, by papaparse), with a byte-order mark so
 * spreadsheets read it as UTF-8. Cells starting with `=`, `+`, `-`, `@`, tab or CR are escaped
 * (papaparse's `escapeFormulae`), so a product name is never run as a formula.
 */
export function orderHistoryCsv(
  orders: readonly HistoryOrder[],
  factsOf: (productId: string) => ProductFacts | null,
  timeZone: string,
): { csv: string; rows: number } {
  const lines = orders.flatMap((entry): CsvLine[] =>
    entry.detail && entry.detail.items.length > 0
      ? entry.detail.items.map((item) => ({ entry, item, facts: factsOf(item.product_id), timeZone }))
      : [{ entry, item: null, facts: null, timeZone }],
  );
  const data = lines.map((line) => ORDER_HISTORY_CSV_COLUMNS.map((column) => column.value(line)));
  const csv = Papa.unparse({ fields: [...ORDER_HISTORY_CSV_HEADERS], data }, { newline: '\r\n', escapeFormulae: true });
  return { csv: `${Papa.BYTE_ORDER_MARK}${csv}\r\n`, rows: lines.length };
}

/** "orders-2026-01-01-to-2026-03-31.csv", "orders-until-2026-03-31.csv", "orders.csv". */
export function orderHistoryFileName(filter: { from?: string | undefined; to?: string | undefined }): string {
  if (filter.from && filter.to) return `orders-${filter.from}-to-${filter.to}.csv`;
  if (filter.from) return `orders-from-${filter.from}.csv`;
  if (filter.to) return `orders-until-${filter.to}.csv`;
  return 'orders.csv';
}
