import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/db/database';
import { products } from '../../../server/db/schema';
import { pageStatement, productRowsInOrder, rowsInOrder } from '../../../server/store/catalog/rows-in-order';
import { createTestStore, type TestStore } from '../../support/store-fixture';

describe('a page statement’s columns put in the order asked for', () => {
  it('gives one row a product, in the order of the ordinals, leaving out those no product has', () => {
    const columns = JSON.stringify([
      [7, 3, 5],
      ['g', 'c', 'e'],
      [70, 30, null],
    ]);
    expect(rowsInOrder(columns, [5, 9, 7, 3])).toEqual([
      ['e', null],
      ['g', 70],
      ['c', 30],
    ]);
    expect(rowsInOrder(columns, Int32Array.from([3]))).toEqual([['c', 30]]);
  });

  it('gives no rows when no product was found', () => {
    // json_agg of no rows is NULL, so the statement's array holds a null a column.
    expect(rowsInOrder(JSON.stringify([null, null, null]), [1, 2])).toEqual([]);
    expect(rowsInOrder(null, [1])).toEqual([]);
  });
});

describe('reading a page of products by their ordinals', () => {
  let testStore: TestStore;
  beforeEach(async () => {
    testStore = await createTestStore({ catalogSize: 300 });
  });
  afterEach(async () => {
    await testStore?.close();
  });

  const shape = { fields: [sql`${products.id}`, sql`${products.ordinal}`] };

  it('reads the products in one scan, not one lookup an ordinal joined to the list of them', async () => {
    const result = await testStore.db.execute(sql`explain (format json) ${pageStatement(sql`${'{5,1,3}'}`, shape)}`);
    const plan = JSON.stringify(rowsOf(result));
    expect(plan).not.toContain('Nested Loop');
    expect(plan).not.toContain('Function Scan');
    expect(plan).toContain('ANY');
  });

  it('gives the products in the order asked for, each once, without the ordinals no product has', async () => {
    const top = rowsOf<{ top: number }>(await testStore.db.execute(sql`select max(${products.ordinal})::int as top from ${products}`))[0]!.top;
    const ordinals = [top, 1, top + 1000, Math.floor(top / 2), 2];
    const page = await productRowsInOrder(testStore.db, ordinals, shape);
    expect(page.rows.map((fields) => fields[1])).toEqual([top, 1, Math.floor(top / 2), 2]);
    expect(page.version).not.toBeNull();
  });
});
