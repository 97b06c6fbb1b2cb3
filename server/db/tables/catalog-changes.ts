import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgSequence, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { suppliers } from './catalog';

/**
 * A 64-bit transaction id (`xid8`, PostgreSQL 13+), read and written as its decimal text: it
 * does not fit a JavaScript number's exact range in general.
 */
export const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => 'xid8',
});

/** Orders the changes one transaction makes; positions are (transaction id, this number). */
export const catalogChangeSequence = pgSequence('catalog_change_seq', { startWith: 1, increment: 1, cache: 1000 });

/**
 * The catalog change feed's log (see server/store/catalog/change-feed.ts): one row per product or
 * supplier that ever existed, at the position of its latest change. Database triggers on
 * `products` and `suppliers` (migration 0005) write it in the transaction of the change, so no
 * writer can forget it: `xid` is the writing transaction's id and `seq` a number from
 * catalog_change_seq, both column defaults. A removed record keeps its row as a tombstone
 * (`removed_at` set) until the pruning job deletes it after CATALOG_REMOVAL_RETENTION_MS.
 */
export const catalogChanges = pgTable(
  'catalog_changes',
  {
    /** 'product' or 'supplier'. */
    kind: text('kind').notNull(),
    recordId: text('record_id').notNull(),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    seq: bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('catalog_change_seq')`),
    /** Set when the record was removed: the row is then a tombstone. */
    removedAt: instant('removed_at'),
  },
  (table) => [primaryKey({ columns: [table.kind, table.recordId] }), index('catalog_changes_position_idx').on(table.xid, table.seq)],
);

/**
 * The feed's one row of state: this catalog's identity (a random id made when the database is
 * created, carried in every cursor so a cursor of another catalog is recognised) and the latest
 * position of a pruned tombstone (a cursor before it may have missed a removal).
 */
export const catalogFeed = pgTable('catalog_feed', {
  catalogId: text('catalog_id').primaryKey(),
  prunedXid: xid8('pruned_xid').notNull().default(sql`'0'::xid8`),
  prunedSeq: bigint('pruned_seq', { mode: 'number' }).notNull().default(0),
});

/**
 * Each supplier's number of products (`total_products`), kept by the same triggers in the
 * transaction of every insert, removal or move of a product, so a reader gets exact counts for a
 * few suppliers without counting a million products. A supplier without products may have no row
 * (its count is 0).
 */
export const supplierProductCounts = pgTable('supplier_product_counts', {
  supplierId: text('supplier_id')
    .primaryKey()
    .references(() => suppliers.id, { onDelete: 'cascade' }),
  total: integer('total').notNull(),
});
