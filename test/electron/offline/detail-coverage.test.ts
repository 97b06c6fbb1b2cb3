import { describe, expect, it } from 'vitest';
import { createOfflineChoiceOps } from '../../../electron/core/offline/offline-choice-ops';
import { catalogItemOf, createServiceDatabase, type ServiceDatabase } from '../../../electron/core/offline/service-database';
import type { SqliteDatabase } from '../../../electron/core/offline/sqlite-driver';
import { catalogDatabase, detailOf } from '../search/catalog-database';
import { makeCatalog, type FixtureProduct } from '../search/catalog-fixture';

/** The statements version 5 answered with: each read every product (18 s and 8.7 s at a million). */
const V5_DUE = 'SELECT count(*) FROM products p LEFT JOIN product_details d ON d.pos = p.pos WHERE d.pos IS NULL OR d.fetched_at < ?';
const V5_ORPHANS = 'SELECT count(*) FROM product_details d WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.pos = d.pos)';
const V5_TO_FETCH = `SELECT p.pos, p.id, d.etag FROM products p LEFT JOIN product_details d ON d.pos = p.pos
  WHERE p.pos > ? AND (d.pos IS NULL OR d.fetched_at < ?) ORDER BY p.pos LIMIT ?`;

const OLD = '2026-11-01T00:00:00.000Z';
const FRESH = '2026-11-27T00:00:00.000Z';
const AS_OF = '2026-11-28T00:00:00.000Z';
/** Before every detail, between the stale and the fresh ones, after every detail. */
const STALE_BEFORE = ['2000-01-01T00:00:00.000Z', '2026-11-20T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

const COUNT = 10_000;

/**
 * Product n's detail: positions 4,000 to 8,499 (whole blocks of `positionsWithoutDetail`) fresh;
 * elsewhere n % 3 says fresh (0), stale (1) or missing (2).
 */
function detailAge(n: number): string | null {
  if (n >= 4_000 && n < 8_500) return FRESH;
  return [FRESH, OLD, null][n % 3]!;
}

function recordsOf(products: FixtureProduct[], fetchedAt: string) {
  return products.map((product) => ({ detail: detailOf(product.item, product.facts), etag: `"${product.item.id}"`, fetchedAt }));
}

/**
 * A catalog of 10,000 listed products with fresh, stale and missing details, then products removed
 * by each way the copy removes one: a list page that no longer lists them, pages past the list's
 * end, the change feed's removals, and a feed bootstrap that did not bring them.
 */
function mixedCatalog(): { database: ServiceDatabase; catalog: FixtureProduct[] } {
  const catalog = makeCatalog(COUNT);
  const database = catalogDatabase(catalog.map((product) => product.item), AS_OF);
  database.putProductDetails(recordsOf(catalog.filter((_, n) => detailAge(n) === FRESH), FRESH));
  database.putProductDetails(recordsOf(catalog.filter((_, n) => detailAge(n) === OLD), OLD));

  // Page 7 (products 600 to 699) no longer lists its first ten.
  database.writeCatalogPage(7, '"p7b"', catalog.slice(610, 700).map((product) => catalogItemOf(product.item)));
  // The list ends at page 99: page 100's products (9,900 to 9,999) go.
  database.finishCatalog(99, AS_OF);
  // The feed removes three, one of them fresh in the middle of a fresh block.
  database.applyChanges(
    ['prod_00003', 'prod_00004', 'prod_05000'].map((id) => ({ type: 'product.removed' as const, id })),
    'cursor-1',
    AS_OF,
  );
  return { database, catalog };
}

/** What the version 5 statements answer on the same file. */
function v5Coverage(database: ServiceDatabase, staleBefore: string) {
  return {
    stored: database.sql('SELECT count(*) FROM product_details').pluck().get() as number,
    due: database.sql(V5_DUE).pluck().get(staleBefore) as number,
  };
}

describe('the details’ coverage and the details to read, counted without reading every product (the index of the details by time)', () => {
  it('answers as the statements that read every product did, on missing, stale, fresh and removed products’ details', () => {
    const { database } = mixedCatalog();
    expect(database.sql(V5_ORPHANS).pluck().get(), 'every way a product goes takes its detail with it').toBe(0);
    for (const staleBefore of STALE_BEFORE) {
      const coverage = database.detailCoverage(staleBefore);
      expect(coverage, staleBefore).toEqual(v5Coverage(database, staleBefore));
      expect(coverage.due, staleBefore).toBeGreaterThan(0);
    }
    // 8,167 details written (4,500 + 1,834 fresh, 1,833 stale), 77 of them gone with their products;
    // 1,797 products without one and 1,796 stale among the 9,887 left.
    expect(database.detailCoverage(STALE_BEFORE[1]!)).toEqual({ stored: 8_090, due: 3_593 });
    database.db.close();
  });

  it('finds no detail without its product, whichever way the product went', () => {
    const catalog = makeCatalog(600);
    const database = catalogDatabase(catalog.map((product) => product.item), AS_OF, catalog);
    const expectNoneWithoutProduct = (way: string) => {
      expect(database.sql(V5_ORPHANS).pluck().get(), way).toBe(0);
      for (const staleBefore of STALE_BEFORE) expect(database.detailCoverage(staleBefore), way).toEqual(v5Coverage(database, staleBefore));
    };
    database.writeCatalogPage(1, '"p1b"', catalog.slice(10, 100).map((product) => catalogItemOf(product.item)));
    expectNoneWithoutProduct('a list page no longer lists it');
    database.finishCatalog(5, AS_OF);
    expectNoneWithoutProduct('past the list’s end');
    database.applyChanges([{ type: 'product.removed', id: 'prod_00200' }], 'cursor-1', AS_OF);
    expectNoneWithoutProduct('the feed removes it');
    const ops = createOfflineChoiceOps(database);
    ops.setOfflineChoice({ keep: 'suppliers', supplierIds: ['sup_napa', 'sup_sonoma', 'sup_bordeaux'] });
    while (!ops.removeLeftOut(0, 40).done);
    expectNoneWithoutProduct('its supplier is left out');
    const moved = catalog[301]!;
    const mendoza = { id: 'sup_mendoza', name: 'Bodega Andes', location: 'Mendoza, AR' };
    database.applyChanges([{ type: 'product.changed', product: detailOf({ ...moved.item, supplier: mendoza }, moved.facts) }], 'cursor-2', AS_OF);
    expect(database.productDetail(moved.item.id)).toBeNull();
    expectNoneWithoutProduct('the feed moves it to a supplier left out');
    database.startFeedBootstrap();
    const brought = catalog.slice(400, 500).filter((product) => product.item.supplier.id !== 'sup_mendoza');
    database.applyChanges(brought.map((product) => ({ type: 'product.changed' as const, product: detailOf(product.item, product.facts) })), 'cursor-3', AS_OF);
    database.finishFeedBootstrap();
    expect(database.countDetails()).toBe(brought.length);
    expectNoneWithoutProduct('a feed’s bootstrap did not bring it');
    database.clearCatalog();
    expectNoneWithoutProduct('the catalog is cleared');
    expect(database.detailCoverage(STALE_BEFORE[1]!)).toEqual({ stored: 0, due: 0 });
    database.db.close();
  });

  it('hands out the details to read in the batches the statement that walked the catalog did', () => {
    const { database } = mixedCatalog();
    for (const staleBefore of STALE_BEFORE) {
      for (const limit of [200, 7]) {
        let afterPos = 0;
        let batches = 0;
        for (;;) {
          const batch = database.detailsToFetch({ staleBefore, afterPos, limit, skip: [] });
          expect(batch.unknownRegions).toBe(false);
          expect(batch.items, `${staleBefore} after ${afterPos}`).toEqual(database.sql(V5_TO_FETCH).all(afterPos, staleBefore, limit));
          if (batch.items.length === 0) break;
          afterPos = batch.items.at(-1)!.pos;
          batches += 1;
        }
        expect(batches).toBe(Math.ceil(database.detailCoverage(staleBefore).due / limit));
      }
    }
    database.db.close();
  });

  it('finds the products without a detail at the end of a catalog whose other details are all fresh', () => {
    const catalog = makeCatalog(9_000);
    const database = catalogDatabase(catalog.map((product) => product.item), AS_OF, catalog.slice(0, 8_990));
    const staleBefore = STALE_BEFORE[1]!;
    expect(database.detailCoverage(staleBefore)).toEqual({ stored: 8_990, due: 10 });
    const batch = database.detailsToFetch({ staleBefore, afterPos: 0, limit: 200, skip: [] });
    expect(batch.items.map((item) => item.id)).toEqual(catalog.slice(8_990).map((product) => product.item.id));
    expect(batch.items).toEqual(database.sql(V5_TO_FETCH).all(0, staleBefore, 200));
    database.putProductDetails(recordsOf(catalog.slice(8_990), AS_OF));
    expect(database.detailCoverage(staleBefore)).toEqual({ stored: 9_000, due: 0 });
    expect(database.detailsToFetch({ staleBefore, afterPos: 0, limit: 200, skip: [] }).items).toEqual([]);
    database.db.close();
  });
});

/** The database with every statement it runs told to `ran` (its SQL text), each time it runs. */
function recording(db: SqliteDatabase, ran: string[]): SqliteDatabase {
  return new Proxy(db, {
    get(target, key) {
      if (key === 'prepare') {
        return (text: string) => {
          const statement = target.prepare(text);
          return new Proxy(statement, {
            get(inner, name) {
              const value = Reflect.get(inner, name, inner) as unknown;
              if (typeof value !== 'function') return value;
              if (name === 'get' || name === 'all' || name === 'run' || name === 'iterate') {
                return (...args: unknown[]) => {
                  ran.push(text);
                  return (value as (...a: unknown[]) => unknown).apply(inner, args);
                };
              }
              // pluck() and raw() return the statement itself: its calls are still recorded.
              return (...args: unknown[]) => {
                const result = (value as (...a: unknown[]) => unknown).apply(inner, args);
                return result === inner ? new Proxy(inner, this) : result;
              };
            },
          });
        };
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('the index of the details by time', () => {
  const fetchedIndexes = (database: ServiceDatabase) =>
    database.sql("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'product_details_fetched'").pluck().get() as number;

  it('is not kept by the catalog’s writes (a list’s, the feed’s), only made by the first count or search of stale details', () => {
    const { database } = mixedCatalog();
    expect(fetchedIndexes(database), 'written by a list, details and the feed: no index by time').toBe(0);
    expect(database.detailCoverage(STALE_BEFORE[1]!)).toEqual({ stored: 8_090, due: 3_593 });
    expect(fetchedIndexes(database)).toBe(1);
    database.db.close();
  });

  it('is made by the details to read as well, with the same batches', () => {
    const { database } = mixedCatalog();
    const staleBefore = STALE_BEFORE[1]!;
    const expected = database.sql(V5_TO_FETCH).all(6_000, staleBefore, 50) as { pos: number }[];
    const batch = database.detailsToFetch({ staleBefore, afterPos: 6_000, limit: 50, skip: [] });
    expect(fetchedIndexes(database)).toBe(1);
    expect(batch.items.map((item) => item.pos)).toEqual(expected.map((row) => row.pos));
    database.db.close();
  });
});

describe('the plans of the details’ coverage and of the details to read', () => {
  it('read neither every product nor every detail once the two sizes are counted, nor walk the catalog to its end: they search the index by time', () => {
    const { database: written } = mixedCatalog();
    const ran: string[] = [];
    const database = createServiceDatabase(recording(written.db, ran));
    const staleBefore = STALE_BEFORE[1]!;
    // The first call counts the products and the details once each (kept by every write after).
    database.detailCoverage(staleBefore);
    database.detailsToFetch({ staleBefore, afterPos: 0, limit: 200, skip: [] });
    ran.length = 0;
    database.detailCoverage(staleBefore);
    database.detailsToFetch({ staleBefore, afterPos: 5_000, limit: 200, skip: [] });
    const statements = [...new Set(ran)];
    expect(statements.length).toBeGreaterThan(0);
    const plans = statements.map((text) => ({
      text,
      steps: (written.db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...placeholders(text)) as { detail: string }[]).map((step) => step.detail),
    }));
    for (const { text, steps } of plans) {
      for (const step of steps) {
        expect(step, text).not.toMatch(/^SCAN (p|d|products|product_details)\b/);
        // A walk of the products from a position on must end at one (the walk to the catalog's end took seconds).
        expect(step, text).not.toMatch(/^SEARCH (p|products) USING INTEGER PRIMARY KEY \(rowid>\?\)$/);
      }
    }
    const all = plans.flatMap((plan) => plan.steps).join('\n');
    expect(all).toMatch(/SEARCH product_details USING COVERING INDEX product_details_fetched \(fetched_at<\?\)/);
    written.db.close();
  });
});

/** As many nulls as the statement has parameters (a plan does not depend on their values). */
const placeholders = (text: string) => Array.from({ length: (text.match(/\?/g) ?? []).length }, () => null);
