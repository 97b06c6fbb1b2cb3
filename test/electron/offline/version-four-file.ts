import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** The file schema version 4 wrote (test/fixtures/write-offline-v4-database.ts): 150 products, each detail keyed by a unique id. */
export const VERSION_FOUR_FIXTURE = path.join(import.meta.dirname, '../../fixtures/offline-v4/service.db');

/**
 * A copy of the version 4 fixture at `file`; with `copies` above 1, its products and their details
 * repeated under new ids (`<id>-<n>`, codes likewise) at the positions after the fixture's, so an
 * upgrade takes long enough to be killed or watched in steps. Written as version 4's tables hold
 * them, without today's code.
 */
export function versionFourCopy(file: string, copies = 1): void {
  mkdirSync(path.dirname(file), { recursive: true });
  copyFileSync(VERSION_FOUR_FIXTURE, file);
  if (copies <= 1) return;
  const db = new Database(file);
  db.transaction(() => {
    db.exec(`CREATE TEMP TABLE copies (n INTEGER PRIMARY KEY); WITH RECURSIVE c(n) AS (SELECT 2 UNION ALL SELECT n + 1 FROM c WHERE n < ${copies}) INSERT INTO copies SELECT n FROM c;`);
    db.exec(`INSERT INTO products (id, page, name_key, json) SELECT p.id || '-' || c.n, p.page, p.name_key, p.json FROM copies c CROSS JOIN (SELECT * FROM products ORDER BY pos) p ORDER BY c.n, p.pos;`);
    db.exec(`INSERT INTO product_details (id, etag, fetched_at, country, sku, upc, json)
      SELECT d.id || '-' || c.n, d.etag, d.fetched_at, d.country, d.sku || '-' || c.n, d.upc || '-' || c.n, d.json FROM copies c CROSS JOIN product_details d JOIN products p ON p.id = d.id ORDER BY c.n, d.rowid;`);
    db.exec(`UPDATE datasets SET count = (SELECT count(*) FROM products) WHERE account = '' AND name = 'catalog';
      UPDATE datasets SET count = (SELECT count(*) FROM product_details) WHERE account = '' AND name = 'productDetails';`);
  })();
  db.close();
}

/** A digest of a query's rows, in order (tens of thousands of products' JSON would be a lot to hold twice). */
export function digest(db: Database.Database, sql: string): { rows: number; sha: string } {
  const hash = createHash('sha256');
  let rows = 0;
  for (const row of db.prepare(sql).raw().iterate()) {
    hash.update(JSON.stringify(row));
    rows += 1;
  }
  return { rows, sha: hash.digest('hex') };
}

/** Each table's digest but those named in `except`, every row in key order. */
export function tableDigests(db: Database.Database, except: readonly string[] = []): Record<string, { rows: number; sha: string }> {
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]).filter((name) => !except.includes(name));
  return Object.fromEntries(tables.map((table) => [table, digest(db, `SELECT * FROM "${table}" ORDER BY 1, 2`)]));
}
