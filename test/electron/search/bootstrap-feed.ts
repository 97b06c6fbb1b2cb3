/**
 * A first sync's change feed for tests of the held postings (posting-store.ts): a fixture catalog
 * as pages of whole products, and what a database holds of the catalog, row for row, to compare a
 * copy written with held postings against one written page by page.
 */
import type { CatalogChange } from '../../../shared/schemas/catalog-changes';
import type { SqliteDatabase } from '../../../electron/core/offline/sqlite-driver';
import { detailOf } from './catalog-database';
import type { FixtureProduct } from './catalog-fixture';

export const BOOTSTRAP_PAGE = 250;

/** The catalog as feed pages of `size` products (`product.changed`, details included), in order. */
export function feedPagesOf(catalog: readonly FixtureProduct[], size = BOOTSTRAP_PAGE): CatalogChange[][] {
  const pages: CatalogChange[][] = [];
  for (let start = 0; start < catalog.length; start += size) {
    pages.push(catalog.slice(start, start + size).map((product) => ({ type: 'product.changed' as const, product: detailOf(product.item, product.facts) })));
  }
  return pages;
}

/** Every row of the catalog and its search index, in key order (blobs as hex), to compare two copies. */
export function catalogRows(db: SqliteDatabase) {
  const rows = (text: string) => db.prepare(text).raw().all();
  return {
    products: rows('SELECT pos, id, page, name_key, json FROM products ORDER BY pos'),
    details: rows('SELECT id, country, sku, upc, json FROM product_details ORDER BY id'),
    terms: rows('SELECT id, term FROM terms ORDER BY id'),
    postings: rows('SELECT key, hex(data) FROM postings ORDER BY key'),
    columns: rows('SELECT chunk, hex(data) FROM column_chunks ORDER BY chunk'),
    facets: rows('SELECT facet, id, key, value, label FROM facet_values ORDER BY facet, id'),
  };
}
