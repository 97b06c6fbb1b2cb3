import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogProduct, Paginated, Product, Supplier } from '../../shared';
import { call, startCluster, stopAll, type Cluster } from './support/cluster';

/** Clients reach the cluster through this address (nothing is sent to it: it only appears in bodies). */
const PUBLIC_URL = 'http://caseworks.test/api/v1';

let cluster: Cluster;
let key: string;
let products: CatalogProduct[];

beforeAll(async () => {
  cluster = await startCluster(3, ['--public-url', PUBLIC_URL]);
  key = cluster.apiKeys[0] as string;
  products = (await call(cluster.instances[0]!.url, '/products?per_page=10', key)).json<Paginated<CatalogProduct>>().data;
});

afterAll(async () => {
  await stopAll();
});

const product = (index: number) => products[index] as CatalogProduct;

describe('three instances behind one public URL', () => {
  it('(f) the same data gives the same bytes and ETag on every instance, and image URLs use --public-url', async () => {
    const supplierId = product(0).supplier.id;
    const paths = ['/products?per_page=20', `/products/${product(2).id}`, '/suppliers?per_page=5', `/suppliers/${supplierId}/products?per_page=10`];
    for (const path of paths) {
      const answers = await Promise.all(cluster.instances.map((instance) => call(instance.url, path, key)));
      for (const answer of answers) expect(answer.status).toBe(200);
      const [first, ...others] = answers;
      for (const other of others) {
        expect(other.bytes.equals(first!.bytes)).toBe(true);
        expect(other.headers.get('etag')).toBe(first!.headers.get('etag'));
      }
      // An ETag one instance gave is honoured by the others: an unchanged re-sync gets 304 anywhere.
      for (const instance of cluster.instances) {
        const revalidated = await call(instance.url, path, key, { headers: { 'if-none-match': first!.headers.get('etag') as string } });
        expect(revalidated.status).toBe(304);
      }
    }
    const detail = (await call(cluster.instances[1]!.url, `/products/${product(2).id}`, key)).json<Product>();
    expect(detail.image_url).toBe(`${PUBLIC_URL}/images/products/${product(2).id}.svg`);
    const suppliers = (await call(cluster.instances[2]!.url, '/suppliers?per_page=1', key)).json<Paginated<Supplier>>();
    expect(suppliers.data.length).toBe(1);
    const openApi = (await (await fetch(`${cluster.instances[2]!.url}/openapi.json`)).json()) as { servers: Array<{ url: string }> };
    expect(openApi.servers[0]?.url).toBe(PUBLIC_URL);
  });

});
