/**
 * The first browse: the catalog with no text and no filter in name order (what the app paints at
 * start, at any offset). Its page is read from the name index of `products`; its total and facets
 * are the whole catalog's, which the search index counts when it loads (a pass over every product:
 * about 0.4 s of CPU at a million). So the index saves them in `meta` (`FIRST_BROWSE_KEY`) in the
 * transaction of every catalog write, and a start answers the first browse from them before the
 * index is loaded. Triggers on the index's tables (offline-schema.ts) delete the saved answer in
 * the transaction of any write that changes a column or a facet value, whoever makes it, so a saved
 * answer is never older than the catalog it describes.
 */
import { z } from 'zod';
import { CatalogFacets, type CatalogSearchQuery } from '../../../shared/bridge/search';
import type { SqliteStatement } from '../offline/sqlite-driver';

type Sql = (text: string) => SqliteStatement;

/** The key of the saved answer in `meta`. */
export const FIRST_BROWSE_KEY = 'first_browse';

/** What is saved: the whole catalog's live products and its facets as an answer lists them. */
export const SavedFirstBrowse = z.object({ total: z.number().int().nonnegative(), facets: CatalogFacets });
export type SavedFirstBrowse = z.infer<typeof SavedFirstBrowse>;

/** Whether a query is a first browse: no text, no filter (facets, price, stock, favourites), sorted by name. */
export const isFirstBrowse = (query: CatalogSearchQuery): boolean =>
  query.text.trim() === '' &&
  query.varietal === undefined &&
  query.region === undefined &&
  query.country === undefined &&
  query.supplierId === undefined &&
  query.vintage === undefined &&
  query.minPriceCents === undefined &&
  query.maxPriceCents === undefined &&
  query.inStock !== true &&
  query.onlyIds === undefined &&
  (query.sort ?? 'name') === 'name';

/** The saved answer, or null when there is none (never saved, or deleted by a write since) or it does not read as one. */
export function readFirstBrowse(sql: Sql): SavedFirstBrowse | null {
  const text = sql('SELECT value FROM meta WHERE key = ?').pluck().get(FIRST_BROWSE_KEY) as string | undefined;
  if (text === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = SavedFirstBrowse.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export const hasFirstBrowse = (sql: Sql): boolean => sql('SELECT 1 FROM meta WHERE key = ?').pluck().get(FIRST_BROWSE_KEY) !== undefined;

export function saveFirstBrowse(sql: Sql, answer: SavedFirstBrowse) {
  sql('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT DO UPDATE SET value = excluded.value').run(FIRST_BROWSE_KEY, JSON.stringify(answer));
}
