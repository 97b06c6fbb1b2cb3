import type { Account, CatalogProduct, Order, OrderListItem, Product, Supplier, Webhook } from '../../../shared';

/**
 * What one line of each dataset file holds. Paged datasets keep one record per service page, so a
 * page the service answers with 304 keeps its stored record as it is.
 */
export interface PageRecord<T> {
  page: number;
  items: T[];
}

export type CatalogPageRecord = PageRecord<CatalogProduct>;
export type SupplierPageRecord = PageRecord<Supplier>;
export type OrderPageRecord = PageRecord<OrderListItem>;
/** A resource read on its own, with its validator and when it was read (for "skip fresh ones"). */
export interface DetailRecord<T> {
  detail: T;
  etag: string | null;
  fetchedAt: string;
}

/** One product detail per line; there may be tens of thousands, so their ETags live in the records. */
export type ProductDetailRecord = DetailRecord<Product>;
/** One order detail per line. */
export type OrderDetailRecord = DetailRecord<Order>;
export type AccountRecord = Account;
export type WebhookRecord = Webhook;

/** The catalog as one list, in page order, each product once. */
export function flattenPages<T extends { id: string }>(pages: readonly PageRecord<T>[]): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of [...pages].sort((a, b) => a.page - b.page)) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
