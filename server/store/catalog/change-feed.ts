import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CatalogChange, DeliveryTerms, Supplier } from '../../../shared';
import type { Database } from '../../db/database';
import { catalogChanges, catalogFeed, products, supplierProductCounts, suppliers } from '../../db/schema';
import type { PublicBaseUrl } from './image-url';
import { dealsOfProducts } from './deals';
import { PRODUCT_DETAIL_FIELDS, productDetail, type ProductDetailFields } from './product-detail';
import { epochMilliseconds, isoFromMilliseconds } from './rows-in-order';
import { FEED_START, catalogKey, comparePositions, type ChangeCursor, type FeedPosition } from './change-cursor';

/**
 * The catalog change feed, read from catalog_changes (server/db/tables/catalog-changes.ts).
 *
 * Positions are (transaction id, sequence number), and the feed hands out only changes of
 * transactions below the reading snapshot's xmin: every transaction below it has ended, so no
 * change can later appear before a position already handed out, however late a transaction
 * commits and on whichever instance. A long transaction only holds the feed back until it ends
 * (the service's own sessions end an idle transaction after IDLE_IN_TRANSACTION_TIMEOUT_MS).
 * Each record has one log row, at its latest change, so the feed is compacted.
 */

/** One change and where it is in the feed. */
export interface FeedEntry {
  position: FeedPosition;
  change: CatalogChange;
}

/** Why a cursor can no longer be served: the client must start over without one. */
export type CursorExpiry = 'other_catalog' | 'pruned' | 'future';

export type CatalogChangesRead =
  | {
      kind: 'page';
      /** This catalog's key, for the cursors of this page. */
      catalog: string;
      /** The start of the client's history: the cursor's, or this snapshot's xmin for a bootstrap (see ChangeCursor). */
      startXid: bigint;
      /** Up to `limit` entries after the cursor, in feed order. */
      entries: FeedEntry[];
      /** More entries were waiting after these. */
      hasMore: boolean;
    }
  | { kind: 'expired'; reason: CursorExpiry };

/** A supplier record as the log's reader joins it, alongside the product's own supplier. */
const changedSupplier = alias(suppliers, 'changed_supplier');

/**
 * One log row with its record, as JSON: kind, id, xid, seq, removed, product fields, supplier
 * fields, and the product count of the supplier (the product's, or the supplier's own).
 */
type LogRow = [
  'product' | 'supplier',
  string,
  string,
  string,
  boolean,
  ProductDetailFields | null,
  [string, string, string | null, string, number, DeliveryTerms | null] | null,
  number,
];

/** The product counts of a product's supplier and of a supplier record, joined beside them. */
const productSupplierCount = alias(supplierProductCounts, 'product_supplier_count');
const changedSupplierCount = alias(supplierProductCounts, 'changed_supplier_count');

/**
 * Up to `limit` entries after `since` (everything when null), in one read-only snapshot
 * (repeatable read): the cursor's checks and the page see the same pruning state and xmin.
 */
export async function readCatalogChanges(
  db: Database,
  publicBaseUrl: PublicBaseUrl,
  since: ChangeCursor | null,
  limit: number,
): Promise<CatalogChangesRead> {
  return db.transaction(
    async (tx) => {
      const [state] = await tx
        .select({
          catalogId: catalogFeed.catalogId,
          prunedXid: sql<string>`${catalogFeed.prunedXid}::text`,
          prunedSeq: sql<string>`${catalogFeed.prunedSeq}::text`,
          xmin: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`,
        })
        .from(catalogFeed)
        .limit(1);
      if (!state) throw new Error('catalog_feed has no row: the catalog change feed was not set up (migration 0005)');
      const catalog = catalogKey(state.catalogId);
      const xmin = BigInt(state.xmin);
      if (since) {
        if (since.catalog !== catalog) return { kind: 'expired', reason: 'other_catalog' } as const;
        // Every cursor handed out is below the xmin it was read at, and xmin never goes back.
        if (since.xid >= xmin || since.startXid > xmin) return { kind: 'expired', reason: 'future' } as const;
        // A removal pruned after the cursor's position may be one the client needs, unless it is
        // older than the client's start (a record it never had).
        const pruned = { xid: BigInt(state.prunedXid), seq: BigInt(state.prunedSeq) };
        const needed = comparePositions(since, { xid: since.startXid, seq: 0n }) > 0 ? since : { xid: since.startXid, seq: 0n };
        if (comparePositions(pruned, needed) > 0) return { kind: 'expired', reason: 'pruned' } as const;
      }
      const from = since ?? FEED_START;
      const page = tx.$with('page').as(
        tx
          .select()
          .from(catalogChanges)
          .where(
            sql`(${catalogChanges.xid}, ${catalogChanges.seq}) > (${from.xid.toString()}::xid8, ${from.seq.toString()}::bigint) and ${catalogChanges.xid} < ${state.xmin}::xid8`,
          )
          .orderBy(catalogChanges.xid, catalogChanges.seq)
          .limit(limit + 1),
      );
      const [result] = await tx
        .with(page)
        .select({
          rows: sql<string | null>`json_agg(json_build_array(
            ${page.kind}, ${page.recordId}, ${page.xid}::text, ${page.seq}::text, ${page.removedAt} is not null,
            case when ${products.id} is not null then json_build_array(${sql.join(PRODUCT_DETAIL_FIELDS, sql`, `)}) end,
            case when ${changedSupplier.id} is not null then json_build_array(${changedSupplier.id}, ${changedSupplier.name}, ${changedSupplier.dbaName}, ${changedSupplier.location}, ${epochMilliseconds(changedSupplier.createdAt)}, ${changedSupplier.deliveryTerms}) end,
            coalesce(${productSupplierCount.total}, ${changedSupplierCount.total}, 0)
          ))::text`,
        })
        .from(page)
        .leftJoin(products, sql`${page.kind} = 'product' and ${page.removedAt} is null and ${products.id} = ${page.recordId}`)
        .leftJoin(suppliers, sql`${suppliers.id} = ${products.supplierId}`)
        .leftJoin(changedSupplier, sql`${page.kind} = 'supplier' and ${page.removedAt} is null and ${changedSupplier.id} = ${page.recordId}`)
        .leftJoin(productSupplierCount, sql`${productSupplierCount.supplierId} = ${products.supplierId}`)
        .leftJoin(changedSupplierCount, sql`${changedSupplierCount.supplierId} = ${changedSupplier.id}`);
      // Put in feed order here: json_agg's own ORDER BY tripled the statement's cost (1,000 rows on
      // PGlite: 165 ms of CPU against 50 ms), sorting the wide rows it aggregates.
      const rows = result?.rows ? (JSON.parse(result.rows) as LogRow[]).map((row) => ({ row, position: { xid: BigInt(row[2]), seq: BigInt(row[3]) } })) : [];
      rows.sort((a, b) => comparePositions(a.position, b.position));
      const baseUrl = publicBaseUrl();
      const dealsOf = await dealsOfProducts(tx, rows.slice(0, limit).flatMap(({ row }) => (row[0] === 'product' && row[5] ? [row[1]] : [])));
      const entries = rows.slice(0, limit).map(({ row: [kind, id, , , , product, supplier, count], position }): FeedEntry => {
        // A record missing from its table is removed (its tombstone, or a row deleted without the triggers).
        if (kind === 'product') {
          return { position, change: product ? { type: 'product.changed', product: productDetail(product, dealsOf.get(id) ?? [], count, baseUrl) } : { type: 'product.removed', id } };
        }
        return { position, change: supplier ? { type: 'supplier.changed', supplier: supplierRecord(supplier, count) } : { type: 'supplier.removed', id } };
      });
      return { kind: 'page', catalog, startXid: since?.startXid ?? xmin, entries, hasMore: rows.length > limit } as const;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function supplierRecord(
  [id, name, dbaName, location, createdAt, deliveryTerms]: [string, string, string | null, string, number, DeliveryTerms | null],
  totalProducts: number,
): Supplier {
  const record: Supplier = { id, name, dba_name: dbaName, location, total_products: totalProducts, created_at: isoFromMilliseconds(createdAt) };
  // Extension (issue 26), as GET /suppliers shows it: only a supplier with delivery terms carries them.
  return deliveryTerms === null ? record : { ...record, delivery_terms: deliveryTerms };
}
