/**
 * The offline copy of one service in one SQLite database (see docs/offline-database.md).
 *
 * Public data (suppliers, the catalog, product details) belongs to the service; private data
 * (orders, order details, the account, webhooks, the saved dataset ages) carries the account it
 * belongs to in `account`, so removing an account removes exactly its rows. `datasets` holds each
 * dataset's size, age and validators, `list_pages` the ETag of each list page stored.
 * The catalog's search index lives beside `products` (electron/core/search/search-index.ts): the
 * columns search filters and sorts by (`column_chunks`), the facets' values (`facet_values`), the
 * terms (`terms`) and which products hold each (`postings`). The whole catalog's total and facets
 * are saved in `meta` for the first browse (search/first-browse.ts), and triggers delete them with
 * any write to the columns or the facet values.
 */
import { COLUMN_CHUNK_BITS, splitColumnChunk, V3_COLUMN_CHUNK_BITS } from '../search/catalog-columns';
import { FIRST_BROWSE_KEY } from '../search/first-browse';
import type { SqliteDatabase } from './sqlite-driver';

/** Bump with a new step below when the schema changes; a newer file than the app knows is rebuilt. */
export const SCHEMA_VERSION = 5;

/** Public datasets are keyed with this in place of an account id. */
export const PUBLIC = '';

const SHARED_TABLES = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE datasets (
  account TEXT NOT NULL,
  name TEXT NOT NULL,
  saved_at TEXT,
  count INTEGER NOT NULL DEFAULT 0,
  total_pages INTEGER,
  etag TEXT,
  cursor TEXT,
  PRIMARY KEY (account, name)
) WITHOUT ROWID;
CREATE TABLE list_pages (account TEXT NOT NULL, dataset TEXT NOT NULL, page INTEGER NOT NULL, etag TEXT, PRIMARY KEY (account, dataset, page)) WITHOUT ROWID;
CREATE TABLE dataset_status (account TEXT NOT NULL, name TEXT NOT NULL, updated_at TEXT, count INTEGER NOT NULL, PRIMARY KEY (account, name)) WITHOUT ROWID;

CREATE TABLE suppliers (id TEXT PRIMARY KEY, position INTEGER NOT NULL, json TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE orders (account TEXT NOT NULL, id TEXT NOT NULL, position INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (account, id)) WITHOUT ROWID;
CREATE TABLE order_details (account TEXT NOT NULL, id TEXT NOT NULL, etag TEXT, fetched_at TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (account, id)) WITHOUT ROWID;
CREATE TABLE accounts (account TEXT PRIMARY KEY, json TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE webhooks (account TEXT NOT NULL, id TEXT NOT NULL, position INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (account, id)) WITHOUT ROWID;
`;

/**
 * The details by when they were read, so that those older than a date are counted and found among
 * them alone (service-database.ts `detailCoverage`, `detailsToFetch`) instead of by reading every
 * product (6–14 s at a million). Made at the first of those calls, not with the table: only a
 * service without the change feed has its details read one by one and asks which are due; a feed's
 * writes would move a changed detail's entry for nothing (a 1 % change's feed page wrote 1,004
 * database pages to the WAL with it against 750 without, at a million products).
 */
export const DETAILS_FETCHED_INDEX = 'CREATE INDEX IF NOT EXISTS product_details_fetched ON product_details (fetched_at)';

/**
 * A product's detail with its codes, keyed by its product's position (`pos`, the row id of
 * `products`): a detail is kept only for a product the copy lists, and goes with it in the same
 * transaction, so no detail is ever without its product (service-database.ts counts on it). No index on
 * the id: a new product's detail is appended, where a unique id index took an entry at a random
 * place (about 320 of the 1,800 database pages a bootstrap page wrote at a million products).
 */
const PRODUCT_DETAILS_TABLE = `
-- SKU and UPC as normalizeCode gives them (no case, spaces or dashes; a 13-digit EAN with a leading zero is the UPC).
CREATE TABLE product_details (pos INTEGER PRIMARY KEY, id TEXT NOT NULL, etag TEXT, fetched_at TEXT NOT NULL, country TEXT NOT NULL, sku TEXT, upc TEXT, json TEXT NOT NULL);
CREATE INDEX product_details_sku ON product_details (sku) WHERE sku IS NOT NULL;
CREATE INDEX product_details_upc ON product_details (upc) WHERE upc IS NOT NULL;
-- Only so that count(*) reads a few megabytes instead of every detail (2.1 s at a million): its
-- entries are the positions, so a new product's is appended and a changed detail leaves it alone.
CREATE INDEX product_details_pos ON product_details (pos);
`;

/**
 * The catalog: each product's row (its position `pos` is its place in the search index's columns,
 * `page` the list page it came from, 0 through the change feed), its detail with its codes, and
 * the search index.
 */
const CATALOG_TABLES = `
CREATE TABLE products (pos INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, page INTEGER NOT NULL, name_key TEXT NOT NULL, json TEXT NOT NULL);
CREATE INDEX products_name ON products (name_key);
CREATE INDEX products_page ON products (page) WHERE page != 0;
${PRODUCT_DETAILS_TABLE}-- The country of each region, learned from product details (the catalog list has no country).
CREATE TABLE region_countries (region_key TEXT PRIMARY KEY, country_key TEXT NOT NULL, country TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE column_chunks (chunk INTEGER PRIMARY KEY, data BLOB NOT NULL);
CREATE TABLE facet_values (facet TEXT NOT NULL, id INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, label TEXT NOT NULL, PRIMARY KEY (facet, id), UNIQUE (facet, key)) WITHOUT ROWID;
CREATE TABLE terms (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE);
CREATE TABLE postings (key INTEGER PRIMARY KEY, data BLOB NOT NULL);
`;

/**
 * The saved first browse (search/first-browse.ts) goes in the transaction of any write that changes
 * the columns (a product added, changed or removed, a country learned) or a facet value (a label).
 */
const FIRST_BROWSE_TRIGGERS = ['INSERT', 'UPDATE', 'DELETE']
  .flatMap((event) =>
    ['column_chunks', 'facet_values'].map(
      (table) => `CREATE TRIGGER ${table}_${event.toLowerCase()}_first_browse AFTER ${event} ON ${table} BEGIN DELETE FROM meta WHERE key = '${FIRST_BROWSE_KEY}'; END;`,
    ),
  )
  .join('\n');

/** Version 1 searched with FTS5 and counted facets by triggers: its catalog is dropped and downloaded again. */
const CATALOG_V1_TO_V2 = `
DROP TABLE products;
DROP TABLE products_fts;
DROP TABLE terms;
DROP TABLE facet_counts;
DROP TABLE product_details;
DROP TABLE product_codes;
DROP TABLE region_countries;
DELETE FROM datasets WHERE account = '' AND name IN ('catalog', 'productDetails');
DELETE FROM list_pages WHERE account = '' AND dataset = 'catalog';
DELETE FROM meta WHERE key = 'feed_bootstrap';
${CATALOG_TABLES}`;

/**
 * Version 4 stores the search columns in chunks of 128 positions, not 1,024 (catalog-columns.ts):
 * each stored chunk is split, its products' values unchanged, so the saved first browse (which the
 * triggers delete) is put back as it was.
 */
function splitColumnChunks(db: SqliteDatabase) {
  const saved = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(FIRST_BROWSE_KEY) as string | undefined;
  const chunks = db.prepare('SELECT chunk, data FROM column_chunks').raw().all() as [number, Buffer][];
  db.exec('DELETE FROM column_chunks');
  const insert = db.prepare('INSERT INTO column_chunks (chunk, data) VALUES (?, ?)');
  const parts = 2 ** (V3_COLUMN_CHUNK_BITS - COLUMN_CHUNK_BITS);
  for (const [chunk, data] of chunks) {
    splitColumnChunk(data, V3_COLUMN_CHUNK_BITS).forEach((part, index) => {
      if (part) insert.run(chunk * parts + index, part);
    });
  }
  if (saved !== undefined) db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(FIRST_BROWSE_KEY, saved);
}

/** How many positions of products each step of the version 5 upgrade copies the details of (40 steps at a million). */
export const UPGRADE_STEP_POSITIONS = 25_000;

/**
 * How far the upgrade of an opened file has come: `done` of `total` steps. It is told once at the
 * start (done 0) and after each step: one a `UPGRADE_STEP_POSITIONS` positions of products whose
 * details are copied, then one the old table dropped, one an index made, one the details' size
 * set, and the last the commit (at a million products it writes for as long as an index takes).
 */
export type UpgradeProgress = (done: number, total: number) => void;

/**
 * Version 5 keys each product's detail by its product's position instead of a unique id
 * (`PRODUCT_DETAILS_TABLE`): the details are copied in position order into the new table, those of
 * products the copy no longer lists left out (the sync drops them anyway), a step of positions at a
 * time, then the old table is dropped and the new table's indexes made once over the copied rows.
 * All of it inside the open's transaction; each step told to `progress`, the commit's left to the
 * caller. Returns how many steps there are, the commit with them.
 */
function detailsByPosition(db: SqliteDatabase, progress: UpgradeProgress): number {
  const last = (db.prepare('SELECT max(pos) FROM products').pluck().get() as number | null) ?? 0;
  const finishing = [
    'DROP TABLE product_details_v4',
    ...PRODUCT_DETAILS_TABLE.match(/CREATE INDEX[^;]*;/g)!,
    "UPDATE datasets SET count = (SELECT count(*) FROM product_details) WHERE account = '' AND name = 'productDetails'",
  ];
  const total = Math.ceil(last / UPGRADE_STEP_POSITIONS) + finishing.length + 1;
  let done = 0;
  progress(done, total);
  db.exec(`
ALTER TABLE product_details RENAME TO product_details_v4;
DROP INDEX product_details_sku;
DROP INDEX product_details_upc;
${PRODUCT_DETAILS_TABLE.replace(/CREATE INDEX[^;]*;/g, '')}`);
  const copy = db.prepare(
    'INSERT INTO product_details (pos, id, etag, fetched_at, country, sku, upc, json) SELECT p.pos, d.id, d.etag, d.fetched_at, d.country, d.sku, d.upc, d.json FROM products p JOIN product_details_v4 d ON d.id = p.id WHERE p.pos > ? AND p.pos <= ? ORDER BY p.pos',
  );
  for (let after = 0; after < last; after += UPGRADE_STEP_POSITIONS) {
    copy.run(after, after + UPGRADE_STEP_POSITIONS);
    progress((done += 1), total);
  }
  for (const statement of finishing) {
    db.exec(statement);
    progress((done += 1), total);
  }
  return total;
}

/**
 * Creates or upgrades the schema; false when the file was written by a newer app (it is then
 * rebuilt). `progress` hears of an upgrade that rewrites the product details (from version 2, 3
 * or 4), the one long enough to tell the buyer of (about 40 s at a million products).
 */
export function ensureSchema(db: SqliteDatabase, identity: { baseUrl: string }, progress: UpgradeProgress = () => {}): boolean {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) return false;
  if (version === SCHEMA_VERSION) return true;
  let steps: number | null = null;
  db.transaction(() => {
    if (version === 0) {
      db.exec(SHARED_TABLES + CATALOG_TABLES + FIRST_BROWSE_TRIGGERS);
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('baseUrl', identity.baseUrl);
    } else {
      if (version === 1) db.exec(CATALOG_V1_TO_V2);
      // Version 2 had no saved first browse: the first start loads the index, then saves one.
      if (version <= 2) db.exec(FIRST_BROWSE_TRIGGERS);
      if (version <= 3) splitColumnChunks(db);
      // Version 1's catalog tables were made new above, with the details by position.
      if (version >= 2) steps = detailsByPosition(db, progress);
    }
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
  if (steps !== null) progress(steps, steps);
  return true;
}

/** The private tables: each has an `account` column, and sign-out deletes its rows. */
export const PRIVATE_TABLES = ['orders', 'order_details', 'accounts', 'webhooks', 'datasets', 'list_pages', 'dataset_status'] as const;
