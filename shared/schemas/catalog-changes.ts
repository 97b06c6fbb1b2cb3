import { z } from 'zod';
import { ProductId, SupplierId } from './common';
import { Product } from './product';
import { Supplier } from './supplier';

/**
 * The catalog change feed (an extension): what changed in the catalog since a cursor, in commit
 * order, as full records. A client bootstraps with no cursor (everything), keeps `next_cursor`
 * with the records it wrote from the same page, and asks again with it until `has_more` is false;
 * later it asks with its cursor and gets only what changed since.
 *
 * The feed is compacted: a product or supplier changed several times since the cursor appears
 * once, at the place of its latest change, with its state at that change. A removal appears as a
 * `*.removed` entry (kept for a documented time; a cursor older than that answers 410
 * `cursor_expired`: start over without `since`).
 *
 * A product entry's `supplier.total_products` is the supplier's count when the page was read; a
 * supplier whose count changes appears as a `supplier.changed` entry, so a client that keeps
 * suppliers apart always has the current count.
 */

/** Entries per page when `limit` is not given, and the most a page holds. */
export const CATALOG_CHANGES_LIMIT_DEFAULT = 500;
export const CATALOG_CHANGES_LIMIT_MAX = 1000;
/**
 * A page also stops once its entries take this many bytes of JSON (it always holds at least one
 * entry), so no answer is huge whatever the records hold.
 */
export const CATALOG_CHANGES_PAGE_BYTES = 1024 * 1024;
/**
 * How long a removal stays in the feed. A cursor from before a removal that has since been pruned
 * answers 410 `cursor_expired`, so a client that asks at least this often never has to start over.
 */
export const CATALOG_REMOVAL_RETENTION_DAYS = 30;
/** Cursors are opaque to clients: base64url text, at most this long. */
export const CATALOG_CURSOR_MAX = 200;

export const CatalogCursor = z
  .string()
  .min(1)
  .max(CATALOG_CURSOR_MAX)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor returned by this service as next_cursor');

const limitParam = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/, 'limit must be a positive whole number')
  .transform(Number)
  .pipe(z.number().int().min(1).max(CATALOG_CHANGES_LIMIT_MAX, `limit must be at most ${CATALOG_CHANGES_LIMIT_MAX}`));

export const CatalogChangesQuery = z.strictObject({
  /** Absent: everything (the bootstrap). */
  since: CatalogCursor.optional(),
  limit: limitParam.default(CATALOG_CHANGES_LIMIT_DEFAULT),
});
export type CatalogChangesQuery = z.infer<typeof CatalogChangesQuery>;
export type CatalogChangesQueryInput = z.input<typeof CatalogChangesQuery>;

export const CatalogChange = z.discriminatedUnion('type', [
  z.object({ type: z.literal('product.changed'), product: Product }),
  z.object({ type: z.literal('product.removed'), id: ProductId }),
  z.object({ type: z.literal('supplier.changed'), supplier: Supplier }),
  z.object({ type: z.literal('supplier.removed'), id: SupplierId }),
]);
export type CatalogChange = z.infer<typeof CatalogChange>;
export type CatalogChangeType = CatalogChange['type'];

export const CatalogChangesPage = z.object({
  data: z.array(CatalogChange),
  /** Ask with this next time; it is the same cursor when nothing was new. */
  next_cursor: CatalogCursor,
  /** More is waiting now: ask again at once with `next_cursor`. */
  has_more: z.boolean(),
});
export type CatalogChangesPage = z.infer<typeof CatalogChangesPage>;
