import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CatalogProduct, Product } from '../../../shared';
import { openServiceFile } from '../../../electron/core/offline/service-files';
import { createServiceDatabase, type ServiceDatabase } from '../../../electron/core/offline/service-database';
import type { ProductFacts } from '../../../electron/core/search/product-codes';
import type { SearchIndexOptions } from '../../../electron/core/search/search-index';
import type { FixtureProduct } from './catalog-fixture';

/** The detail a fixture product's facts stand for. */
export const detailOf = (item: CatalogProduct, facts: ProductFacts): Product => ({
  ...item,
  country: facts.country ?? 'USA',
  sku: facts.sku ?? `SKU-${item.id}`,
  upc: facts.upc,
  description: null,
  tasting_notes: null,
  supplier: { ...item.supplier, total_products: 1 },
  updated_at: item.created_at,
});

/** A service database in a temporary folder holding `catalog` in pages of 100, saved at `asOf`, with the details of `withDetails`. */
export function catalogDatabase(items: readonly CatalogProduct[], asOf: string, withDetails: readonly FixtureProduct[] = [], options: SearchIndexOptions = {}): ServiceDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), 'caseworks-catalog-db-'));
  const database = createServiceDatabase(openServiceFile(path.join(dir, 'service.db'), 'http://127.0.0.1:9/api/v1'), options);
  const pages = Math.ceil(items.length / 100);
  for (let page = 1; page <= pages; page += 1) database.writeCatalogPage(page, `"p${page}"`, items.slice((page - 1) * 100, page * 100));
  database.finishCatalog(pages, asOf);
  database.putProductDetails(withDetails.map((product) => ({ detail: detailOf(product.item, product.facts), etag: null, fetchedAt: asOf })));
  return database;
}
