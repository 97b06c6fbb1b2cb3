import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startHarness, type Harness } from './harness';
import { bumpCatalogVersion } from '../../../server/store/catalog/version';
import { DEFAULT_STAMP_TTL_MS } from '../../../server/http/read-cache';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness.close();
});

describe('conditional catalog reads', () => {
  it('answer 304 from the validator while the catalog is unchanged, without querying the page', async () => {
    const first = await harness.request('GET', '/products?per_page=5&sort=price_asc');
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toBeTruthy();

    const store = harness.testStore.store;
    const listProducts = store.listProducts;
    let queries = 0;
    store.listProducts = async (query) => {
      queries += 1;
      return listProducts(query);
    };
    try {
      const again = await harness.request('GET', '/products?per_page=5&sort=price_asc', { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(queries).toBe(0);
    } finally {
      store.listProducts = listProducts;
    }
  });

  it('see a stock change committed by another process (which bumps the catalog version, as every writer does) within the stamp TTL', async () => {
    const first = await harness.request('GET', '/products?per_page=3&sort=name');
    const etag = first.headers.get('etag')!;
    const [product] = (first.json as { data: Array<{ id: string; inventory_available: number }> }).data;
    // An earlier updated_at than any before: the version, not the clock, tells readers.
    await harness.testStore.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE products SET inventory_available = inventory_available + 7, updated_at = '2001-01-01' WHERE id = ${product!.id}`);
      await bumpCatalogVersion(tx, 'stock');
    });
    await new Promise((resolve) => setTimeout(resolve, DEFAULT_STAMP_TTL_MS + 50));
    const after = await harness.request('GET', '/products?per_page=3&sort=name', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const changed = (after.json as { data: Array<{ id: string; inventory_available: number }> }).data[0];
    expect(changed).toMatchObject({ id: product!.id, inventory_available: product!.inventory_available + 7 });
  });
});
