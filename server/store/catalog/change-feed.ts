import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CatalogChange, DeliveryTerms, Supplier } from '../../../shared';
import { rowsOf, type Database } from '../../db/database';
import { preparedOnce, prepareStatement } from '../../db/prepared-statements';
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

/** What a page of the feed is read with: the position after which it starts, the snapshot's xmin, and how many rows to read. */
interface FeedPageValues {
  fromXid: bigint;
  fromSeq: bigint;
  xmin: bigint;
  limit: number;
}

/** The page statement's values as SQL: `$1`…`$4` of a prepared statement, or bind parameters. */
interface FeedPageSql {
  fromXid: SQL;
  fromSeq: SQL;
  xmin: SQL;
  limit: SQL;
}

const parameters = (values: FeedPageValues): FeedPageSql => ({
  fromXid: sql`${values.fromXid.toString()}::xid8`,
  fromSeq: sql`${values.fromSeq.toString()}::bigint`,
  xmin: sql`${values.xmin.toString()}::xid8`,
  limit: sql`${values.limit}::int4`,
});

/** An aliased table as a join names it (a template writes an alias as its name alone). */
const aliased = (table: typeof suppliers | typeof supplierProductCounts, name: string): SQL => sql`${table} ${sql.identifier(name)}`;

/**
 * The statement of a page: the log's rows after the position and below the snapshot's xmin, in
 * feed order, each with its record, aggregated as ONE JSON value (LogRow). One template rather
 * than drizzle's query builder: building that query took about 8 ms of CPU a page.
 */
function feedPageStatement(values: FeedPageSql): SQL {
  const page = sql.identifier('page');
  const column = (name: string) => sql`${page}.${sql.identifier(name)}`;
  return sql`with ${page} as (
      select * from ${catalogChanges}
      where (${catalogChanges.xid}, ${catalogChanges.seq}) > (${values.fromXid}, ${values.fromSeq}) and ${catalogChanges.xid} < ${values.xmin}
      order by ${catalogChanges.xid}, ${catalogChanges.seq}
      limit ${values.limit}
    )
    select json_agg(json_build_array(
      ${column('kind')}, ${column('record_id')}, ${column('xid')}::text, ${column('seq')}::text, ${column('removed_at')} is not null,
      case when ${products.id} is not null then json_build_array(${sql.join(PRODUCT_DETAIL_FIELDS, sql`, `)}) end,
      case when ${changedSupplier.id} is not null then json_build_array(${changedSupplier.id}, ${changedSupplier.name}, ${changedSupplier.dbaName}, ${changedSupplier.location}, ${epochMilliseconds(changedSupplier.createdAt)}, ${changedSupplier.deliveryTerms}) end,
      coalesce(${productSupplierCount.total}, ${changedSupplierCount.total}, 0)
    ))::text as rows
    from ${page}
    left join ${products} on ${column('kind')} = 'product' and ${column('removed_at')} is null and ${products.id} = ${column('record_id')}
    left join ${suppliers} on ${suppliers.id} = ${products.supplierId}
    left join ${aliased(suppliers, 'changed_supplier')} on ${column('kind')} = 'supplier' and ${column('removed_at')} is null and ${changedSupplier.id} = ${column('record_id')}
    left join ${aliased(supplierProductCounts, 'product_supplier_count')} on ${productSupplierCount.supplierId} = ${products.supplierId}
    left join ${aliased(supplierProductCounts, 'changed_supplier_count')} on ${changedSupplierCount.supplierId} = ${changedSupplier.id}`;
}

/** The page statement prepared once (SQL `PREPARE`), for a database that is ONE session: PGlite. */
export interface PreparedFeedPage {
  /** The statement that executes it with these values. */
  execute(values: FeedPageValues): SQL;
}

/**
 * Prepares the page statement on `db` (prepareStatement: PGlite, one session). `EXECUTE` takes
 * no bind parameters, so the values are written into its text: whole numbers only (bigints and an
 * integer the service made, never text from a request).
 */
export async function prepareFeedPage(db: Database): Promise<PreparedFeedPage> {
  const statement = feedPageStatement({ fromXid: sql.raw('$1'), fromSeq: sql.raw('$2'), xmin: sql.raw('$3'), limit: sql.raw('$4') });
  const name = await prepareStatement(db, 'feed_page', ['xid8', 'bigint', 'xid8', 'int4'], statement);
  if (name === null) throw new Error('the catalog feed page statement must carry no parameters of its own to be prepared');
  return {
    execute: ({ fromXid, fromSeq, xmin, limit }) => {
      if (!Number.isSafeInteger(limit)) throw new TypeError(`a feed page's limit must be a whole number, got ${String(limit)}`);
      return sql.raw(`execute ${name}('${fromXid.toString()}', ${fromSeq.toString()}, '${xmin.toString()}', ${limit})`);
    },
  };
}

/**
 * The prepared page statement of `db`, prepared on first use; null (the page is read unprepared)
 * while preparing fails, which is tried again on the next page.
 */
export function preparedFeedPage(db: Database): () => Promise<PreparedFeedPage | null> {
  const prepared = preparedOnce(() => prepareFeedPage(db));
  return () => prepared(undefined);
}

/**
 * Up to `limit` entries after `since` (everything when null), in one read-only snapshot
 * (repeatable read): the cursor's checks and the page see the same pruning state and xmin.
 */
export async function readCatalogChanges(
  db: Database,
  publicBaseUrl: PublicBaseUrl,
  since: ChangeCursor | null,
  limit: number,
  prepared: PreparedFeedPage | null = null,
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
      const values = { fromXid: from.xid, fromSeq: from.seq, xmin, limit: limit + 1 };
      const result = prepared ? await tx.execute(prepared.execute(values)) : await tx.execute(feedPageStatement(parameters(values)));
      const [answer] = rowsOf<{ rows: string | null }>(result);
      // Put in feed order here: json_agg's own ORDER BY tripled the statement's cost (1,000 rows on
      // PGlite: 165 ms of CPU against 50 ms), sorting the wide rows it aggregates.
      const rows = answer?.rows ? (JSON.parse(answer.rows) as LogRow[]).map((row) => ({ row, position: { xid: BigInt(row[2]), seq: BigInt(row[3]) } })) : [];
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
