import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CHANGES_LIMIT_DEFAULT, CATALOG_CHANGES_PAGE_BYTES, type CatalogChangesPage, type Supplier } from '../../../shared';
import { products } from '../../../server/db/schema';
import { decodeCursor, encodeCursor } from '../../../server/store/catalog/change-cursor';
import { pruneCatalogRemovals } from '../../../server/store/catalog/change-pruning';
import { applyPriceUpdate } from '../../../server/store/catalog/price-update';
import { FeedReplica, recordsOf } from '../../support/feed-replica';
import { insertProductLike, insertSupplier, moveProduct, removableProducts, removeProduct, removeSupplier, renameSupplier, repriceProduct } from '../store/catalog-edits';
import { expectProblem, orderBodyFor, orderableProduct, startHarness, type Harness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness.close();
});

const read = (path: string) => harness.request('GET', path);
const db = () => harness.testStore.db;

/** A replica that has read the whole feed. */
async function syncedReplica(limit?: number): Promise<FeedReplica> {
  const replica = new FeedReplica();
  await replica.sync(read, limit);
  return replica;
}

async function serviceSuppliers(): Promise<Supplier[]> {
  const all: Supplier[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await harness.testStore.store.listSuppliers({ page, per_page: 100 });
    all.push(...answer.data);
    if (page >= answer.meta.total_pages) return all;
  }
}

async function serviceProductIds(): Promise<string[]> {
  const rows = await db().select({ id: products.id }).from(products);
  return rows.map((row) => row.id).sort();
}

/**
 * Asserts the replica holds exactly the service's catalog: the same products, each of `detailed`
 * (all when absent) as the store reads it for GET /products/{id}, and every supplier as the list
 * does. The store, not HTTP: the read cache may answer a body up to its stamp TTL old after the
 * edits these tests make outside the HTTP interface.
 */
async function expectSameCatalog(replica: FeedReplica, detailed?: string[]): Promise<void> {
  const ids = await serviceProductIds();
  expect([...replica.products.keys()].sort()).toEqual(ids);
  const { store } = harness.testStore;
  for (const id of detailed?.filter((each) => replica.products.has(each)) ?? ids) {
    expect(JSON.stringify(replica.product(id)), id).toBe(JSON.stringify(await store.getProduct(id)));
  }
  const suppliers = await serviceSuppliers();
  expect(new Map([...replica.suppliers].sort(([a], [b]) => (a < b ? -1 : 1)))).toEqual(new Map(suppliers.map((supplier) => [supplier.id, supplier] as const).sort(([a], [b]) => (a < b ? -1 : 1))));
}

/** A GET with exactly these headers (fetch would add Accept-Encoding and decompress). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(harness.baseUrl + path, { headers: { authorization: `Bearer ${harness.buyerA.api_key}`, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('GET /catalog/changes (the catalog change feed)', () => {
  // 2,000 product details over HTTP: well under a minute on two idle cores, longer on a loaded machine.
  it('bootstraps everything: every product exactly as GET /products/{id} gives it and every supplier as GET /suppliers does, each once', { timeout: 180_000 }, async () => {
    const replica = await syncedReplica();
    expect(replica.pages).toBeGreaterThan(1);
    const records = recordsOf(replica.received);
    expect(new Set(records).size).toBe(records.length);
    await expectSameCatalog(replica, []);
    // The same bytes as GET /products/{id} (nothing changed since, so its cache is current).
    const ids = [...replica.products.keys()];
    for (let start = 0; start < ids.length; start += 50) {
      await Promise.all(
        ids.slice(start, start + 50).map(async (id) => expect(JSON.stringify(replica.products.get(id)), id).toBe((await read(`/products/${id}`)).text)),
      );
    }
  });

  it('after a cursor, hands out each change once: a new price, stock taken by an order and returned by a cancel, a new product, a removed one, a product moved to another supplier', async () => {
    const replica = await syncedReplica();
    const ordered = await orderableProduct(harness, 0);
    const cancelled = await orderableProduct(harness, 1);
    const [repriced, moved, removed] = (await removableProducts(db(), 10)).filter((id) => id !== ordered.id && id !== cancelled.id);
    await repriceProduct(db(), repriced!, 12_345);
    expect((await harness.request('POST', '/orders', { body: orderBodyFor(ordered) })).status).toBe(201);
    const toCancel = await harness.request('POST', '/orders', { body: orderBodyFor(cancelled) });
    expect((await harness.request('POST', `/orders/${(toCancel.json as { id: string }).id}/cancel`)).status).toBe(200);
    const added = await insertProductLike(db(), repriced!);
    await removeProduct(db(), removed!);
    const supplierOf = (id: string) => replica.products.get(id)!.supplier.id;
    const removedFrom = supplierOf(removed!);
    const addedTo = supplierOf(repriced!);
    const from = supplierOf(moved!);
    const to = [...replica.suppliers.keys()].find((id) => id !== from)!;
    await moveProduct(db(), moved!, to);

    const changes = await replica.sync(read);
    const expected = new Set([
      ...[repriced, ordered.id, cancelled.id, added, removed, moved].map((id) => `product:${id}`),
      // The suppliers whose product count changed.
      ...[addedTo, removedFrom, from, to].map((id) => `supplier:${id}`),
    ]);
    expect(recordsOf(changes).sort()).toEqual([...expected].sort());
    expect(changes.find((change) => change.type === 'product.removed')).toEqual({ type: 'product.removed', id: removed });
    expect(replica.products.get(repriced!)?.case_price_cents).toBe(12_345);
    await expectSameCatalog(replica, [repriced!, ordered.id, cancelled.id, added, moved!]);
  });

  it('hands out a supplier rename as the supplier and every product of it (their details carry its name); a new and a removed supplier too', async () => {
    const replica = await syncedReplica();
    const [supplierId] = [...replica.suppliers.keys()];
    await renameSupplier(db(), supplierId!, 'Renamed Cellars');
    const added = await insertSupplier(db(), 'Brand New Winery');
    const changes = await replica.sync(read);
    const products = [...replica.products.values()].filter((product) => product.supplier.id === supplierId).map((product) => `product:${product.id}`);
    expect(products.length).toBeGreaterThan(0);
    expect(recordsOf(changes).sort()).toEqual([`supplier:${supplierId}`, `supplier:${added}`, ...products].sort());
    expect(replica.suppliers.get(supplierId!)?.name).toBe('Renamed Cellars');
    expect(replica.suppliers.get(added)).toMatchObject({ name: 'Brand New Winery', total_products: 0 });

    await removeSupplier(db(), added);
    expect(await replica.sync(read)).toEqual([{ type: 'supplier.removed', id: added }]);
    await expectSameCatalog(replica, products.map((record) => record.slice('product:'.length)));
  });

  it('is compacted: a product changed five times since the cursor appears once, with its latest state', async () => {
    const replica = await syncedReplica();
    const [productId] = await removableProducts(db(), 1);
    for (const price of [1_001, 1_002, 1_003, 1_004, 1_005]) await repriceProduct(db(), productId!, price);
    const changes = await replica.sync(read);
    expect(recordsOf(changes)).toEqual([`product:${productId}`]);
    expect(replica.products.get(productId!)?.case_price_cents).toBe(1_005);
  });

  it('hands out a price list update of every 100th product (npm run server:price-update) as exactly those products, at their new prices', async () => {
    const replica = await syncedReplica();
    // In the database's order of ids, which may not be JavaScript's.
    const ids = (await db().select({ id: products.id }).from(products).orderBy(products.id)).map((row) => row.id);
    const before = new Map([...replica.products].map(([id, product]) => [id, product.case_price_cents]));
    expect(await applyPriceUpdate(db(), { every: 100, percent: 5, at: new Date() })).toBe(Math.floor(ids.length / 100));
    const changes = await replica.sync(read);
    const expected = ids.filter((_, index) => (index + 1) % 100 === 0);
    expect(recordsOf(changes).sort()).toEqual(expected.map((id) => `product:${id}`).sort());
    for (const id of expected) expect(replica.products.get(id)?.case_price_cents).toBe(Math.round((before.get(id) as number) * 1.05));
    await expectSameCatalog(replica, expected);
  });

  it('with nothing new, answers one empty page with the same cursor', async () => {
    const replica = await syncedReplica();
    const cursor = replica.cursor!;
    const answer = await read(`/catalog/changes?since=${cursor}`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ data: [], next_cursor: cursor, has_more: false });
  });

  it('pages by rows: at most `limit` entries a page, default 500, and the same catalog in the end', async () => {
    const first = (await read('/catalog/changes')).json as CatalogChangesPage;
    expect(first.data).toHaveLength(CATALOG_CHANGES_LIMIT_DEFAULT);
    expect(first.has_more).toBe(true);
    const replica = new FeedReplica();
    const sizes: number[] = [];
    for (;;) {
      const page = replica.apply(await read(`/catalog/changes?limit=97${replica.cursor ? `&since=${replica.cursor}` : ''}`));
      sizes.push(page.data.length);
      if (!page.has_more) break;
    }
    expect(sizes.slice(0, -1).every((size) => size === 97)).toBe(true);
    expect(sizes.at(-1)).toBeLessThanOrEqual(97);
    expect(replica.products.size).toBe((await serviceProductIds()).length);
  });

  it('names the next page in a Link header while more waits: following the links reads the same pages as next_cursor, and the last page has none', async () => {
    const byCursor: CatalogChangesPage[] = [];
    for (let since = ''; ; ) {
      const page = (await read(`/catalog/changes?limit=150${since}`)).json as CatalogChangesPage;
      byCursor.push(page);
      if (!page.has_more) break;
      since = `&since=${page.next_cursor}`;
    }
    expect(byCursor.length).toBeGreaterThan(2);
    const byLink: CatalogChangesPage[] = [];
    let url: string | null = `${harness.baseUrl}/catalog/changes?limit=150`;
    while (url !== null) {
      const answer = await read(url.slice(harness.baseUrl.length));
      const page = answer.json as CatalogChangesPage;
      byLink.push(page);
      const link = answer.headers.get('link');
      if (!page.has_more) expect(link).toBeNull();
      const next = link === null ? null : /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
      expect(next === undefined, `not a rel="next" link: ${link}`).toBe(false);
      url = next === null || next === undefined ? null : new URL(next, url).href;
    }
    expect(byLink).toEqual(byCursor);
  });

  it('pages by bytes: a page stops before its entries pass 1 MiB, and a record larger than that comes alone', async () => {
    const replica = await syncedReplica();
    const big = await removableProducts(db(), 6);
    // Five products of ~300 KB each: five fit no page, and the sixth's 1.2 MB comes alone.
    await db().execute(sql`update products set description = repeat('Ripe plum and cedar. ', 15000) where id in (${sql.join(big.slice(0, 5).map((id) => sql`${id}`), sql`, `)})`);
    await db().execute(sql`update products set description = repeat('Ripe plum and cedar. ', 60000) where id = ${big[5]}`);
    const pages: Array<{ entries: number; bytes: number; hasMore: boolean }> = [];
    for (;;) {
      const answer = await read(`/catalog/changes?limit=1000&since=${replica.cursor}`);
      const page = replica.apply(answer);
      pages.push({ entries: page.data.length, bytes: Buffer.byteLength(JSON.stringify(page.data)), hasMore: page.has_more });
      if (!page.has_more) break;
    }
    const entryBytes = pages.map((page) => page.bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages) if (page.entries > 1) expect(page.bytes).toBeLessThanOrEqual(CATALOG_CHANGES_PAGE_BYTES + 2);
    expect(pages.some((page) => page.entries === 1 && page.bytes > CATALOG_CHANGES_PAGE_BYTES), JSON.stringify(entryBytes)).toBe(true);
    expect(new Set(recordsOf(replica.received.slice(-pages.reduce((sum, page) => sum + page.entries, 0))))).toEqual(new Set(big.map((id) => `product:${id}`)));
    expect(replica.products.get(big[5]!)?.description?.length).toBe(21 * 60_000);
  });

  it('answers If-None-Match with its ETag 304, and 200 with another ETag once something changed', async () => {
    const replica = await syncedReplica();
    const first = await read(`/catalog/changes?since=${replica.cursor}`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const again = await harness.request('GET', `/catalog/changes?since=${replica.cursor}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const [productId] = await removableProducts(db(), 1);
    await repriceProduct(db(), productId!, 7_777);
    const changed = await harness.request('GET', `/catalog/changes?since=${replica.cursor}`, { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(recordsOf((changed.json as CatalogChangesPage).data)).toEqual([`product:${productId}`]);
  });

  it('compresses with br or gzip when Accept-Encoding asks, the same JSON and ETag as without; not otherwise', async () => {
    const plain = await rawGet('/catalog/changes?limit=200', {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const gzip = await rawGet('/catalog/changes?limit=200', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 3);
    const br = await rawGet('/catalog/changes?limit=200', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(new Set([plain.headers.etag, gzip.headers.etag, br.headers.etag]).size).toBe(1);
    const refused = await rawGet('/catalog/changes?limit=200', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
    const notModified = await rawGet('/catalog/changes?limit=200', { 'accept-encoding': 'gzip', 'if-none-match': String(plain.headers.etag) });
    expect(notModified.status).toBe(304);
  });

  it('is listed in the OpenAPI document as an extension, with its 410', async () => {
    const document = (await harness.request('GET', '/openapi.json', { key: null })).json as {
      paths: Record<string, { get?: { 'x-caseworks-extension'?: boolean; responses: Record<string, { description: string }>; parameters: Array<{ name: string }> } }>;
    };
    const operation = document.paths['/catalog/changes']?.get;
    expect(operation?.['x-caseworks-extension']).toBe(true);
    expect(operation?.responses['410']?.description).toMatch(/cursor_expired/);
    expect(operation?.parameters.map((parameter) => parameter.name).sort()).toEqual(['limit', 'since']);
  });

  it('needs an API key', async () => {
    expectProblem(await harness.request('GET', '/catalog/changes', { key: null }), 401, 'unauthorized');
  });
});

describe('GET /catalog/changes: bad input', () => {
  it('refuses text that is no cursor of this service with 400 naming since: not base64url, altered, truncated, too long', async () => {
    const { next_cursor: cursor } = (await read('/catalog/changes?limit=1')).json as CatalogChangesPage;
    const altered = cursor.slice(0, 10) + (cursor[10] === 'A' ? 'B' : 'A') + cursor.slice(11);
    for (const since of ['a b', '%00', 'abc=', altered, cursor.slice(0, -2), `${cursor}AA`, 'A'.repeat(201), 'x']) {
      const problem = expectProblem(await read(`/catalog/changes?since=${since}`), 400, 'validation_failed');
      expect(problem.errors?.map((error) => error.pointer), since).toEqual(['/query/since']);
    }
  });

  it('refuses with 400 naming since a well-formed cursor whose sequence number no bigint holds (it was never written by this service); never a 5xx', async () => {
    const { next_cursor: cursor } = (await read('/catalog/changes?limit=1')).json as CatalogChangesPage;
    const mine = decodeCursor(cursor)!;
    for (const seq of [2n ** 63n, 2n ** 64n - 1n]) {
      const problem = expectProblem(await read(`/catalog/changes?since=${encodeCursor({ ...mine, seq })}`), 400, 'validation_failed');
      expect(problem.errors?.map((error) => error.pointer), String(seq)).toEqual(['/query/since']);
    }
  });

  it('answers 410 cursor_expired to a cursor of another catalog and to one from the future', async () => {
    const { next_cursor: cursor } = (await read('/catalog/changes?limit=1')).json as CatalogChangesPage;
    const mine = decodeCursor(cursor)!;
    expect(mine).not.toBeNull();
    const otherCatalog = encodeCursor({ ...mine, catalog: '0123456789abcdef' });
    expect(expectProblem(await read(`/catalog/changes?since=${otherCatalog}`), 410, 'cursor_expired').detail).toMatch(/another catalog/);
    const future = encodeCursor({ ...mine, xid: mine.xid + 1_000_000n });
    expect(expectProblem(await read(`/catalog/changes?since=${future}`), 410, 'cursor_expired').detail).toMatch(/ahead/);
    const futureStart = encodeCursor({ ...mine, startXid: mine.startXid + 1_000_000n });
    expectProblem(await read(`/catalog/changes?since=${futureStart}`), 410, 'cursor_expired');
  });

  it('answers 410 to a cursor from before a pruned removal; a later cursor and a bootstrap started after the pruning go on', async () => {
    const before = await syncedReplica();
    const [removed] = await removableProducts(db(), 1);
    await removeProduct(db(), removed!);
    expect(await pruneCatalogRemovals(db(), new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    const problem = expectProblem(await read(`/catalog/changes?since=${before.cursor}`), 410, 'cursor_expired');
    expect(problem.detail).toMatch(/Start over without since/);
    // A bootstrap reads old positions (records last changed long ago) before the pruned one; the
    // removal pruned before it started is nothing it can need.
    const fresh = await syncedReplica(300);
    expect(fresh.pages).toBeGreaterThan(2);
    expect(fresh.products.has(removed!)).toBe(false);
    expect((await read(`/catalog/changes?since=${fresh.cursor}`)).status).toBe(200);
  });

  it('refuses a limit of 0, negative, over 1,000, not a number or repeated with 400 naming limit; never a 5xx', async () => {
    for (const limit of ['0', '-1', '1001', '99999999999', 'abc', '1.5', '', ' 5', '1e3', '٣']) {
      const problem = expectProblem(await read(`/catalog/changes?limit=${encodeURIComponent(limit)}`), 400, 'validation_failed');
      expect(problem.errors?.map((error) => error.pointer), limit).toEqual(['/query/limit']);
    }
    expectProblem(await read('/catalog/changes?limit=5&limit=6'), 400, 'validation_failed');
    expectProblem(await read('/catalog/changes?cursor=abc'), 400, 'validation_failed');
    expect((await read('/catalog/changes?limit=1000')).status).toBe(200);
  });
});

describe('GET /catalog/changes: the rate limit', () => {
  it('counts the feed apart from the key\'s other requests, so following has_more does not use up the key\'s allowance, nor the other way round', async () => {
    const limited = await startHarness({ rateLimitPerMinute: 4 });
    try {
      for (let index = 0; index < 4; index += 1) expect((await limited.request('GET', '/products?per_page=1')).status).toBe(200);
      expectProblem(await limited.request('GET', '/products?per_page=1'), 429, 'rate_limited');
      let cursor = '';
      for (let index = 0; index < 4; index += 1) {
        const page = await limited.request('GET', `/catalog/changes?limit=10${cursor}`);
        expect(page.status).toBe(200);
        cursor = `&since=${(page.json as CatalogChangesPage).next_cursor}`;
      }
      expectProblem(await limited.request('GET', `/catalog/changes?limit=10${cursor}`), 429, 'rate_limited');
      expectProblem(await limited.request('GET', '/account'), 429, 'rate_limited');
    } finally {
      await limited.close();
    }
  });
});
