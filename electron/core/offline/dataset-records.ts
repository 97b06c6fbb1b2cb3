import type { Order, Product } from '../../../shared';

/** One page of a paged list as the service gave it. */
export interface PageRecord<T> {
  page: number;
  items: T[];
}

/** A resource read on its own, with its validator and when it was read (for "skip fresh ones"). */
export interface DetailRecord<T> {
  detail: T;
  etag: string | null;
  fetchedAt: string;
}

export type ProductDetailRecord = DetailRecord<Product>;
export type OrderDetailRecord = DetailRecord<Order>;

/** A list as one array, in page order, each item once. */
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
