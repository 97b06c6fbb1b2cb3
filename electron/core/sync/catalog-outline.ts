import type { CatalogProduct } from '../../../shared';
import { forEachCooperatively } from '../offline/cooperative';
import type { CatalogPageRecord } from '../offline/dataset-records';
import type { OfflineStore, StoreScope } from '../offline/offline-store';

/** What background work (images, product details) needs of each product, and all the main process keeps. */
export type CatalogOutlineEntry = Pick<CatalogProduct, 'id' | 'region' | 'image_url'>;
export type CatalogOutline = CatalogOutlineEntry[];

export const outlineEntry = ({ id, region, image_url }: CatalogProduct): CatalogOutlineEntry => ({ id, region, image_url });

/**
 * The stored catalog's outline, in page order, each product once. Each page is parsed and dropped
 * in turn, so the 50,000 products are never all in memory and the thread is never held for long.
 */
export async function readCatalogOutline(store: Pick<OfflineStore, 'readLines'>, scope: StoreScope): Promise<CatalogOutline> {
  const lines = (await store.readLines('catalog', scope))?.records ?? [];
  const pages: { page: number; entries: CatalogOutline }[] = [];
  await forEachCooperatively(lines.length, (index) => {
    const record = JSON.parse(lines[index]!.toString('utf8')) as CatalogPageRecord;
    pages.push({ page: record.page, entries: record.items.map(outlineEntry) });
  });
  const seen = new Set<string>();
  const outline: CatalogOutline = [];
  for (const { entries } of pages.sort((a, b) => a.page - b.page)) {
    for (const entry of entries) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      outline.push(entry);
    }
  }
  return outline;
}
