import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ProductListQuery, ProductSort } from '../../../shared';
import type { Database } from '../../../server/db/database';
import { createSqlStore } from '../../../server/store/sql-store';
import { ordinalArrayText } from '../../../server/store/catalog/rows-in-order';
import type { Store } from '../../../server/store/types';
import { openPostgres } from '../../../server/db/connection';
import { createTestStore, TEST_PUBLIC_BASE_URL, testDatabaseKind, type TestStore } from '../../support/store-fixture';

const SORTS: Array<ProductSort | undefined> = [undefined, 'name', 'price_asc', 'price_desc', 'newest'];

let testStore: TestStore;
beforeEach(async () => {
  testStore = await createTestStore({ catalogSize: 300 });
});
afterEach(async () => {
  await testStore?.close();
});

interface PreparedStatement {
  name: string;
  runs: number;
  generic: number;
}

/** The page statements prepared on this session, with how often each ran. */
async function pageStatements(db: Database): Promise<PreparedStatement[]> {
  const result = await db.execute(
    sql`select name, (generic_plans + custom_plans)::int as runs, generic_plans::int as generic from pg_prepared_statements where name like 'caseworks_page_rows_%' order by name`,
  );
  return (result as unknown as { rows: PreparedStatement[] }).rows;
}

interface Page {
  data: unknown[];
  meta: { total_pages: number };
}

/** Every page of a listing, one after another, and then one past the end. */
async function walk(read: (page: number) => Promise<Page | null>): Promise<Array<Page | null>> {
  const pages: Array<Page | null> = [];
  for (let page = 1; ; page += 1) {
    const answer = await read(page);
    pages.push(answer);
    if (answer === null || page > answer.meta.total_pages) return pages;
  }
}

describe('listing pages from a prepared statement (PGlite)', () => {
  it('gives every listing, and every supplier listing, exactly the pages of the unprepared statement', async () => {
    // In one transaction: on PostgreSQL, one session of the pool, where the prepared statement lives.
    await testStore.db.transaction(async (tx) => {
      const before = new Set((await pageStatements(tx)).map((statement) => statement.name));
      const prepared: Store = createSqlStore(tx, { publicBaseUrl: () => TEST_PUBLIC_BASE_URL, pageStatements: 'prepared' });
      const plain: Store = createSqlStore(tx, { publicBaseUrl: () => TEST_PUBLIC_BASE_URL, pageStatements: 'built' });
      const sample = (await plain.getProduct((await plain.listProducts({ page: 5, per_page: 1 })).data[0]!.id))!;
      const filters: Array<Omit<ProductListQuery, 'page' | 'per_page' | 'sort'>> = [
        {},
        { varietal: sample.varietal },
        { supplier_id: sample.supplier.id },
        { country: sample.country, varietal: sample.varietal },
        { q: sample.varietal },
      ];
      let pages = 0;
      for (const filter of filters) {
        for (const sort of SORTS) {
          const query = { ...filter, ...(sort ? { sort } : {}) };
          const expected = await walk((page) => plain.listProducts({ ...query, page, per_page: 37 }));
          expect(await walk((page) => prepared.listProducts({ ...query, page, per_page: 37 })), JSON.stringify(query)).toEqual(expected);
          pages += expected.filter((page) => page !== null && page.data.length > 0).length;
        }
      }
      const supplierPages = await walk((page) => plain.listSupplierProducts(sample.supplier.id, { page, per_page: 3 }));
      expect(await walk((page) => prepared.listSupplierProducts(sample.supplier.id, { page, per_page: 3 }))).toEqual(supplierPages);
      expect(supplierPages.length).toBeGreaterThan(2);
      expect(pages).toBeGreaterThan(50);

      // The prepared store read its pages through its two statements (catalog and supplier pages), prepared once each,
      // and the catalog's ran on a plan made once (PostgreSQL's generic plan, chosen after five planned runs).
      const made = (await pageStatements(tx)).filter((statement) => !before.has(statement.name));
      expect(made).toHaveLength(2);
      expect(made.reduce((sum, statement) => sum + statement.runs, 0)).toBeGreaterThanOrEqual(pages + supplierPages.length - 1);
      expect(Math.max(...made.map((statement) => statement.generic))).toBeGreaterThan(pages / 2);
    });
  });

  it('writes only whole numbers into a statement', () => {
    expect(ordinalArrayText(Int32Array.from([3, 1, 2]))).toBe('{3,1,2}');
    expect(ordinalArrayText([])).toBe('{}');
    expect(() => ordinalArrayText([1, 1.5])).toThrow(TypeError);
    expect(() => ordinalArrayText([Number.NaN])).toThrow(TypeError);
  });
});

/** PostgreSQL's pool, when the tests run on it (DATABASE_URL). */
const ON_POSTGRES = testDatabaseKind() === 'postgres' ? (['postgres'] as const) : [];

// Registered only on PostgreSQL: describe.each over no database registers nothing.
describe.each(ON_POSTGRES)('listing pages from statements named on each connection (%s)', () => {
  it('gives exactly the pages of the unnamed statement, each statement parsed once on the connection', async () => {
    // A pool of one connection, so the statements named on it are the ones pg_prepared_statements shows.
    const connection = await openPostgres({ databaseUrl: testStore.databaseUrl as string, maxConnections: 1 });
    try {
      const named: Store = createSqlStore(connection.db, { publicBaseUrl: () => TEST_PUBLIC_BASE_URL, pageStatements: 'named' });
      const plain: Store = createSqlStore(connection.db, { publicBaseUrl: () => TEST_PUBLIC_BASE_URL });
      const sample = (await plain.getProduct((await plain.listProducts({ page: 5, per_page: 1 })).data[0]!.id))!;
      let pages = 0;
      for (const filter of [{}, { varietal: sample.varietal }, { supplier_id: sample.supplier.id }]) {
        for (const sort of SORTS) {
          const query = { ...filter, ...(sort ? { sort } : {}) };
          const expected = await walk((page) => plain.listProducts({ ...query, page, per_page: 37 }));
          expect(await walk((page) => named.listProducts({ ...query, page, per_page: 37 })), JSON.stringify(query)).toEqual(expected);
          pages += expected.filter((page) => page !== null && page.data.length > 0).length;
        }
      }
      const supplierPages = await walk((page) => plain.listSupplierProducts(sample.supplier.id, { page, per_page: 3 }));
      expect(await walk((page) => named.listSupplierProducts(sample.supplier.id, { page, per_page: 3 }))).toEqual(supplierPages);
      expect(pages).toBeGreaterThan(20);

      // Two statements (catalog and supplier pages), each parsed once and run for every page the named store read.
      const made = await pageStatements(connection.db);
      expect(made).toHaveLength(2);
      expect(made.reduce((sum, statement) => sum + statement.runs, 0)).toBeGreaterThanOrEqual(pages + supplierPages.length - 1);
    } finally {
      await connection.close();
    }
  });
});

describe.each(testDatabaseKind() === 'pglite' ? (['pglite'] as const) : [])('a prepared page on PGlite (%s)', () => {
  it('runs its EXECUTE on PGlite’s client, not through drizzle', async () => {
    let executes = 0;
    const counted = new Proxy(testStore.db, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== 'execute' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          executes += 1;
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const prepared = createSqlStore(counted, { publicBaseUrl: () => TEST_PUBLIC_BASE_URL, pageStatements: 'prepared' });
    const first = await prepared.listProducts({ page: 1, per_page: 20 });
    const plain = createSqlStore(testStore.db, { publicBaseUrl: () => TEST_PUBLIC_BASE_URL, pageStatements: 'built' });
    executes = 0;
    for (let page = 2; page <= 5; page += 1) {
      expect(await prepared.listProducts({ page, per_page: 20 })).toEqual(await plain.listProducts({ page, per_page: 20 }));
    }
    expect(first.data).toHaveLength(20);
    expect(executes).toBe(0);
  });
});
