import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../shared';
import type { ProductDetailRecord } from '../../../electron/core/offline/dataset-records';
import { createOfflineStore, type StoreScope } from '../../../electron/core/offline/offline-store';
import { ensureProductFacts, readProductFacts, writeProductFacts } from '../../../electron/core/offline/product-facts-file';

const scope: StoreScope = { baseUrl: 'http://127.0.0.1:9/api/v1', accountId: 'org_a' };
const record = (n: number, upc = `8${String(n).padStart(11, '0')}`): ProductDetailRecord => ({
  detail: { id: `prod_${n}`, sku: `SKU-${n}`, upc, country: n % 2 ? 'France' : 'USA', name: `Wine ${n}` } as unknown as Product,
  etag: `"e${n}"`,
  fetchedAt: '2026-11-22T09:00:00.000Z',
});

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'caseworks-facts-'));
  dirs.push(dir);
  const store = createOfflineStore({ dataDir: dir });
  const source = { detailsFile: store.pathOf('productDetails', scope), factsFile: store.pathOf('productFacts', scope), scope: store.fileScope('productDetails', scope) };
  const saveDetails = (records: ProductDetailRecord[]) =>
    store.write('productDetails', scope, { savedAt: '2026-11-22T09:00:00.000Z', etags: {}, count: records.length, records });
  return { store, source, saveDetails };
}

describe('the product facts file', () => {
  it('gives the facts of the stored details without reading the details', async () => {
    const { store, source, saveDetails } = await setup();
    const records = [record(1), record(2)];
    await writeProductFacts(store, scope, records, await saveDetails(records));
    expect(await readProductFacts(source)).toEqual({
      from: 'facts',
      facts: [
        { id: 'prod_1', sku: 'SKU-1', upc: '800000000001', country: 'France' },
        { id: 'prod_2', sku: 'SKU-2', upc: '800000000002', country: 'USA' },
      ],
    });
  });

  it('is not used for details saved after it: those are read instead', async () => {
    const { store, source, saveDetails } = await setup();
    await writeProductFacts(store, scope, [record(1)], await saveDetails([record(1)]));
    await saveDetails([record(1, '812345678905'), record(3)]);
    const read = await readProductFacts(source);
    expect(read.from).toBe('details');
    expect(read.facts.map((fact) => fact.upc)).toEqual(['812345678905', '800000000003']);
  });

  it('reads nothing without details, and the details when there is no facts file', async () => {
    const { source, saveDetails } = await setup();
    expect(await readProductFacts(source)).toEqual({ facts: [], from: 'none' });
    await saveDetails([record(4)]);
    expect((await readProductFacts(source)).from).toBe('details');
    expect((await readProductFacts({ ...source, factsFile: null })).facts).toHaveLength(1);
  });

  it('is written for details stored before facts files existed, and not rewritten while it is current', async () => {
    const { store, source, saveDetails } = await setup();
    const records = [record(5), record(6)];
    await saveDetails(records);
    await ensureProductFacts(store, scope, records);
    expect((await readProductFacts(source)).from).toBe('facts');
    const written = (await stat(source.factsFile)).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await ensureProductFacts(store, scope, records);
    expect((await stat(source.factsFile)).mtimeMs).toBe(written);
  });
});
