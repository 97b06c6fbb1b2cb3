import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../electron/core/offline/offline-schema';
import { openServiceFile } from '../../../electron/core/offline/service-files';
import { catalogItemOf, createServiceDatabase } from '../../../electron/core/offline/service-database';
import { createCatalogSearch } from '../../../electron/core/search/catalog-search';
import { detailOf } from '../search/catalog-database';
import { makeCatalog } from '../search/catalog-fixture';

const baseUrl = 'http://127.0.0.1:9/api/v1';

/** A file as schema version 1 left it: the catalog searched through FTS5, an order and the catalog's age stored. */
function versionOneFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'caseworks-schema-')), 'service.db');
  openServiceFile(file, baseUrl).close();
  const db = new Database(file);
  db.exec(`
    DROP TABLE products; DROP TABLE product_details; DROP TABLE region_countries; DROP TABLE column_chunks; DROP TABLE facet_values; DROP TABLE terms; DROP TABLE postings;
    CREATE TABLE products (pos INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, page INTEGER NOT NULL, name_key TEXT NOT NULL, varietal_key TEXT NOT NULL, json TEXT NOT NULL);
    CREATE VIRTUAL TABLE products_fts USING fts5 (name, about, content = '', contentless_delete = 1);
    CREATE TABLE terms (term TEXT PRIMARY KEY) WITHOUT ROWID;
    CREATE TABLE facet_counts (facet TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, label TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (facet, key)) WITHOUT ROWID;
    CREATE TABLE product_details (id TEXT PRIMARY KEY, etag TEXT, fetched_at TEXT NOT NULL, country TEXT NOT NULL, json TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE product_codes (code TEXT NOT NULL, kind TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (code, kind)) WITHOUT ROWID;
    CREATE TABLE region_countries (region_key TEXT PRIMARY KEY, country_key TEXT NOT NULL, country TEXT NOT NULL) WITHOUT ROWID;
    INSERT INTO products (id, page, name_key, varietal_key, json) VALUES ('prod_old', 1, 'old', 'merlot', '{}');
    INSERT INTO datasets (account, name, saved_at, count) VALUES ('', 'catalog', '2026-11-20T00:00:00.000Z', 1), ('org_buyer', 'orders', '2026-11-20T00:00:00.000Z', 1);
    INSERT INTO orders (account, id, position, json) VALUES ('org_buyer', 'ord_1', 0, '{"id":"ord_1"}');
    PRAGMA user_version = 1;
  `);
  db.close();
  return file;
}

describe('the offline database written by schema version 1 (FTS5 search)', () => {
  it('is upgraded on open: its catalog goes (downloaded again), the buyer’s orders stay, and the new search index works', () => {
    const file = versionOneFile();
    const db = openServiceFile(file, baseUrl);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    expect(tables).not.toContain('products_fts');
    expect(tables).not.toContain('product_codes');
    expect(db.prepare("SELECT count(*) FROM datasets WHERE account = '' AND name = 'catalog'").pluck().get(), 'the catalog is read again from nothing').toBe(0);
    expect(db.prepare("SELECT json FROM orders WHERE account = 'org_buyer'").pluck().all()).toEqual(['{"id":"ord_1"}']);
    const database = createServiceDatabase(db);
    const items = makeCatalog(5).map((product) => catalogItemOf(product.item));
    database.writeCatalogPage(1, null, items);
    expect(database.index.live).toBe(5);
    db.close();
  });
});

/** A copy of the file schema version 4 wrote (test/fixtures/write-offline-v4-database.ts), which opening upgrades. */
function versionFourFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'caseworks-schema-')), 'service.db');
  copyFileSync(path.join(import.meta.dirname, '../../fixtures/offline-v4/service.db'), file);
  return file;
}

describe('the offline database written by schema version 4 (details keyed by a unique id)', () => {
  it('is upgraded on open: each listed product’s detail kept at its position, the unlisted one dropped, codes found, orders kept, writes taken', () => {
    const file = versionFourFile();
    const old = new Database(file, { readonly: true });
    expect(old.pragma('user_version', { simple: true })).toBe(4);
    const before = old.prepare('SELECT p.pos, d.id, d.etag, d.fetched_at, d.country, d.sku, d.upc, d.json FROM products p JOIN product_details d ON d.id = p.id ORDER BY p.pos').all();
    const unlisted = old.prepare('SELECT id FROM product_details d WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.id = d.id)').pluck().all() as string[];
    const moved = old.prepare('SELECT count(*) FROM products p JOIN product_details d ON d.id = p.id WHERE d.rowid != p.pos').pluck().get() as number;
    const orders = old.prepare('SELECT * FROM orders').all();
    old.close();
    expect(before).toHaveLength(150);
    expect(unlisted, 'the fixture holds a detail of a product it does not list').toHaveLength(1);
    expect(moved, 'no detail’s row id is its product’s position in the fixture').toBe(150);

    const db = openServiceFile(file, baseUrl);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT pos, id, etag, fetched_at, country, sku, upc, json FROM product_details ORDER BY pos').all()).toEqual(before);
    expect(db.prepare('SELECT * FROM orders').all()).toEqual(orders);
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'product_details' AND sql IS NOT NULL ORDER BY name").pluck().all();
    expect(indexes).toEqual(['product_details_pos', 'product_details_sku', 'product_details_upc']);
    expect(db.prepare("SELECT count FROM datasets WHERE account = '' AND name = 'productDetails'").pluck().get(), 'the details’ size as kept').toBe(150);

    const database = createServiceDatabase(db);
    const search = createCatalogSearch(database);
    for (const row of before as { id: string; sku: string; upc: string }[]) {
      expect(search.lookupCode(row.upc)?.id).toBe(row.id);
      expect(search.lookupCode(row.sku)?.id).toBe(row.id);
      expect(database.productDetail(row.id)?.detail.id).toBe(row.id);
    }
    expect(database.productDetail(unlisted[0]!)).toBeNull();
    expect(database.detailCoverage('2000-01-01T00:00:00.000Z')).toEqual({ stored: 150, due: 0 });

    // A write after the upgrade: one product removed (its detail with it), one new with its detail.
    const [first] = before as { id: string }[];
    const added = makeCatalog(200)[199]!;
    database.applyChanges([{ type: 'product.removed', id: first!.id }, { type: 'product.changed', product: detailOf(added.item, added.facts) }], 'cursor-after', '2026-11-28T00:00:00.000Z');
    expect(database.productDetail(first!.id)).toBeNull();
    expect(search.lookupCode(added.facts.sku ?? `SKU-${added.item.id}`)?.id).toBe(added.item.id);
    expect(database.countDetails()).toBe(150);
    db.close();
  });
});
