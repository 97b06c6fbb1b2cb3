/**
 * The offline copy of one service in one SQLite database (see docs/offline-database.md).
 *
 * Public data (suppliers, the catalog, product details and their codes) belongs to the service;
 * private data (orders, order details, the account, webhooks, the saved dataset ages) carries the
 * account it belongs to in `account`, so removing an account removes exactly its rows. `datasets`
 * holds each dataset's size, age and validators, `list_pages` the ETag of each list page stored.
 * The catalog is searched with `products_fts` (FTS5) and the indexes of `products`; facet counts of
 * the whole catalog are kept up to date by triggers in `facet_counts` rather than recounted.
 */
import type { SqliteDatabase } from './sqlite-driver';

/** Bump with a new step below when the schema changes; a newer file than the app knows is rebuilt. */
export const SCHEMA_VERSION = 1;

/** Public datasets are keyed with this in place of an account id. */
export const PUBLIC = '';

const SCHEMA_1 = `
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

CREATE TABLE products (
  pos INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  page INTEGER NOT NULL,
  name_key TEXT NOT NULL,
  varietal_key TEXT NOT NULL,
  varietal TEXT NOT NULL,
  region_key TEXT NOT NULL,
  region TEXT NOT NULL,
  country_key TEXT,
  country TEXT,
  own_country INTEGER NOT NULL DEFAULT 0,
  supplier_id TEXT NOT NULL,
  supplier_name TEXT NOT NULL,
  vintage INTEGER,
  price INTEGER NOT NULL,
  in_stock INTEGER NOT NULL,
  created TEXT NOT NULL,
  json TEXT NOT NULL
);
CREATE INDEX products_page ON products (page);
CREATE INDEX products_name ON products (name_key);
CREATE INDEX products_price ON products (price, name_key);
CREATE INDEX products_created ON products (created, name_key);
CREATE INDEX products_vintage ON products (vintage, name_key);
CREATE INDEX products_varietal ON products (varietal_key, name_key);
CREATE INDEX products_region ON products (region_key, name_key);
CREATE INDEX products_supplier ON products (supplier_id, name_key);
CREATE INDEX products_country ON products (country_key);
CREATE VIRTUAL TABLE products_fts USING fts5 (
  name, about,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
-- The words of the catalog (names, brands, varietals, regions…; never codes), for typo tolerance.
CREATE TABLE terms (term TEXT PRIMARY KEY) WITHOUT ROWID;

CREATE TABLE facet_counts (facet TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, label TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (facet, key)) WITHOUT ROWID;
CREATE TRIGGER products_counted AFTER INSERT ON products BEGIN
  INSERT INTO facet_counts VALUES ('varietal', NEW.varietal_key, NEW.varietal, NEW.varietal, 1) ON CONFLICT DO UPDATE SET count = count + 1;
  INSERT INTO facet_counts VALUES ('region', NEW.region_key, NEW.region, NEW.region, 1) ON CONFLICT DO UPDATE SET count = count + 1;
  INSERT INTO facet_counts VALUES ('supplier', NEW.supplier_id, NEW.supplier_id, NEW.supplier_name, 1) ON CONFLICT DO UPDATE SET count = count + 1, label = excluded.label;
  INSERT INTO facet_counts VALUES ('vintage', coalesce(NEW.vintage, 'NV'), coalesce(NEW.vintage, 'NV'), coalesce(NEW.vintage, 'Non-vintage'), 1) ON CONFLICT DO UPDATE SET count = count + 1;
  INSERT INTO facet_counts SELECT 'country', NEW.country_key, NEW.country, NEW.country, 1 WHERE NEW.country_key IS NOT NULL ON CONFLICT DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER products_uncounted AFTER DELETE ON products BEGIN
  UPDATE facet_counts SET count = count - 1 WHERE (facet, key) IN (VALUES ('varietal', OLD.varietal_key), ('region', OLD.region_key), ('supplier', OLD.supplier_id), ('vintage', coalesce(OLD.vintage, 'NV')), ('country', OLD.country_key));
  DELETE FROM facet_counts WHERE count <= 0;
END;
CREATE TRIGGER products_recounted AFTER UPDATE OF varietal_key, region_key, supplier_id, supplier_name, vintage, country_key ON products BEGIN
  UPDATE facet_counts SET count = count - 1 WHERE (facet, key) IN (VALUES ('varietal', OLD.varietal_key), ('region', OLD.region_key), ('supplier', OLD.supplier_id), ('vintage', coalesce(OLD.vintage, 'NV')), ('country', OLD.country_key));
  DELETE FROM facet_counts WHERE count <= 0;
  INSERT INTO facet_counts VALUES ('varietal', NEW.varietal_key, NEW.varietal, NEW.varietal, 1) ON CONFLICT DO UPDATE SET count = count + 1;
  INSERT INTO facet_counts VALUES ('region', NEW.region_key, NEW.region, NEW.region, 1) ON CONFLICT DO UPDATE SET count = count + 1;
  INSERT INTO facet_counts VALUES ('supplier', NEW.supplier_id, NEW.supplier_id, NEW.supplier_name, 1) ON CONFLICT DO UPDATE SET count = count + 1, label = excluded.label;
  INSERT INTO facet_counts VALUES ('vintage', coalesce(NEW.vintage, 'NV'), coalesce(NEW.vintage, 'NV'), coalesce(NEW.vintage, 'Non-vintage'), 1) ON CONFLICT DO UPDATE SET count = count + 1;
  INSERT INTO facet_counts SELECT 'country', NEW.country_key, NEW.country, NEW.country, 1 WHERE NEW.country_key IS NOT NULL ON CONFLICT DO UPDATE SET count = count + 1;
END;

CREATE TABLE product_details (id TEXT PRIMARY KEY, etag TEXT, fetched_at TEXT NOT NULL, country TEXT NOT NULL, json TEXT NOT NULL) WITHOUT ROWID;
-- SKUs and UPCs as normalizeCode gives them; kind 's' (SKU) or 'u' (UPC).
CREATE TABLE product_codes (code TEXT NOT NULL, kind TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (code, kind)) WITHOUT ROWID;
CREATE INDEX product_codes_id ON product_codes (id);
-- The country of each region, learned from product details (the catalog list has no country).
CREATE TABLE region_countries (region_key TEXT PRIMARY KEY, country_key TEXT NOT NULL, country TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE orders (account TEXT NOT NULL, id TEXT NOT NULL, position INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (account, id)) WITHOUT ROWID;
CREATE TABLE order_details (account TEXT NOT NULL, id TEXT NOT NULL, etag TEXT, fetched_at TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (account, id)) WITHOUT ROWID;
CREATE TABLE accounts (account TEXT PRIMARY KEY, json TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE webhooks (account TEXT NOT NULL, id TEXT NOT NULL, position INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (account, id)) WITHOUT ROWID;
`;

/** Creates or upgrades the schema; false when the file was written by a newer app (it is then rebuilt). */
export function ensureSchema(db: SqliteDatabase, identity: { baseUrl: string }): boolean {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) return false;
  if (version === 0) {
    db.transaction(() => {
      db.exec(SCHEMA_1);
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('baseUrl', identity.baseUrl);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
  }
  return true;
}

/** The private tables: each has an `account` column, and sign-out deletes its rows. */
export const PRIVATE_TABLES = ['orders', 'order_details', 'accounts', 'webhooks', 'datasets', 'list_pages', 'dataset_status'] as const;
