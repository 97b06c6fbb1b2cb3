import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../electron/core/offline/offline-schema';
import { openServiceFile } from '../../../electron/core/offline/service-files';
import { createServiceDatabase } from '../../../electron/core/offline/service-database';
import { FIRST_BROWSE_KEY } from '../../../electron/core/search/first-browse';
import { catalogDatabase, detailOf } from '../search/catalog-database';
import { makeCatalog } from '../search/catalog-fixture';
import { storeColumnsAsVersionThree } from './v3-column-chunks';

const baseUrl = 'http://127.0.0.1:9/api/v1';
const asOf = '2026-11-22T08:00:00.000Z';
/** Three chunks of 1,024 positions as schema version 3 stored them, the last one partly filled. */
const catalog = makeCatalog(2_500);
const items = catalog.map((product) => product.item);

/** The most a table row holds in its own page before it spills to overflow pages (SQLite's maxLocal for a table leaf). */
const inlineBytes = (db: Database.Database) => (db.pragma('page_size', { simple: true }) as number) - 35;

describe('the search columns on disk', () => {
  it('a change feed page rewrites rows that each fit in one database page, not chunks spilling over several', () => {
    const database = catalogDatabase(items, asOf);
    // Every 100th product repriced, as a supplier's price list does: positions all over the catalog.
    const changes = catalog
      .filter((_, index) => index % 100 === 0)
      .map((product) => ({ type: 'product.changed' as const, product: { ...detailOf(product.item, product.facts), case_price_cents: product.item.case_price_cents + 1 } }));
    database.applyChanges(changes, 'cursor-after', asOf);
    const largest = database.db.prepare('SELECT max(length(data)) FROM column_chunks').pluck().get() as number;
    expect(largest).toBeLessThanOrEqual(inlineBytes(database.db));
    database.db.close();
  });

  it('a file of schema version 3 (chunks of 1,024 positions) opens with the same columns, its saved first browse kept, and takes writes', () => {
    const database = catalogDatabase(items, asOf);
    const file = database.db.name;
    database.index.ready();
    const before = { ...database.index.columns.columns };
    const copies = Object.fromEntries(Object.entries(before).map(([name, column]) => [name, Array.from(column as ArrayLike<number>)]));
    const saved = database.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(FIRST_BROWSE_KEY) as string;
    storeColumnsAsVersionThree(database.db);
    database.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(FIRST_BROWSE_KEY, saved);
    database.db.pragma('user_version = 3');
    database.db.close();
    const old = new Database(file, { readonly: true });
    expect(old.prepare('SELECT count(*) FROM column_chunks').pluck().get(), 'three chunks of 1,024 positions').toBe(3);
    old.close();

    const reopened = createServiceDatabase(openServiceFile(file, baseUrl));
    expect(reopened.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(reopened.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(FIRST_BROWSE_KEY), 'the saved first browse stays').toBe(saved);
    const after = reopened.index.columns.columns;
    for (const [name, column] of Object.entries(after)) {
      // Capacities may differ (memory grows by a quarter, a read by whole chunks): past either end every value is 0.
      const values = Array.from(column as ArrayLike<number>);
      const expected = copies[name]!;
      const length = Math.max(values.length, expected.length);
      const padded = (list: number[]) => [...list, ...new Array<number>(length - list.length).fill(0)];
      expect(padded(values), name).toEqual(padded(expected));
    }
    expect(reopened.index.live).toBe(2_500);
    const first = catalog[0]!;
    reopened.applyChanges([{ type: 'product.removed', id: first.item.id }], 'cursor-after', asOf);
    expect(reopened.index.live).toBe(2_499);
    reopened.db.close();
    const again = createServiceDatabase(openServiceFile(file, baseUrl));
    expect(again.index.live, 'read back after the write').toBe(2_499);
    again.db.close();
  });
});
