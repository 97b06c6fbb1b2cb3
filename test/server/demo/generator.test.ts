import { describe, expect, it } from 'vitest';
import { isValidUpc, ORDER_STATUSES } from '../../../shared';
import { createHash } from 'node:crypto';
import { generateDemoData, streamDemoData } from '../../../server/demo/generate';
import { createRandom } from '../../../server/demo/prng';

const now = new Date('2026-11-22T09:00:00.000Z');

describe('the demo data generator', () => {
  const data = generateDemoData({ now, catalogSize: 3_000 });

  it('is deterministic for a seed and differs across seeds', () => {
    expect(generateDemoData({ now, catalogSize: 3_000 })).toEqual(data);
    const other = generateDemoData({ now, catalogSize: 3_000, seed: 99 });
    expect(other.products.map((product) => product.id)).not.toEqual(data.products.map((product) => product.id));
  });

  it('gives exactly the data it gave before it was made to stream (a digest of everything, taken before)', () => {
    const digest = (options: { catalogSize: number; seed?: number }) => createHash('sha256').update(JSON.stringify(generateDemoData({ now, ...options }))).digest('hex');
    expect(digest({ catalogSize: 3_000 })).toBe('b119828d164f7190080df62bae5487c76888d390f133dd75cdf6164a0cca0ed5');
    expect(digest({ catalogSize: 250, seed: 7 })).toBe('3c687cf94bb861310a2e2a04cc6da4da709f92c14470e9d58220e88eae021dd2');
    expect(digest({ catalogSize: 20_000 })).toBe('db93dc44e55b278271dbb941410843e234d7ac710849516876b8ad0efcf58750');
  });

  it('gives the same data whatever the chunk size, and needs every chunk taken before the buyers', () => {
    for (const chunkSize of [1, 7, 2_999, 10_000]) {
      const stream = streamDemoData({ now, catalogSize: 3_000 }, chunkSize);
      expect(() => stream.people()).toThrow();
      const chunks = [...stream.productChunks];
      expect(chunks.every((chunk, index) => chunk.length === (index < chunks.length - 1 ? chunkSize : 3_000 - chunkSize * (chunks.length - 1)))).toBe(true);
      expect({ suppliers: stream.suppliers, products: chunks.flat(), ...stream.people() }).toEqual(data);
    }
  });

  it('makes at least 30 wineries with "City, ST" locations and some DBA names', () => {
    expect(data.suppliers.length).toBeGreaterThanOrEqual(30);
    for (const supplier of data.suppliers) expect(supplier.location).toMatch(/^[A-Z][A-Za-z. ]+, [A-Z]{2}$/);
    expect(new Set(data.suppliers.map((supplier) => supplier.name)).size).toBe(data.suppliers.length);
    const withDba = data.suppliers.filter((supplier) => supplier.dbaName !== null).length;
    expect(withDba).toBeGreaterThan(0);
    expect(withDba).toBeLessThan(data.suppliers.length);
  });

  it('makes exactly catalogSize products, spread over every supplier', () => {
    expect(data.products).toHaveLength(3_000);
    const supplierIds = new Set(data.products.map((product) => product.supplierId));
    expect(supplierIds.size).toBe(data.suppliers.length);
  });

  it('gives every product a valid UPC-A and a unique SKU and id', () => {
    for (const product of data.products) expect(isValidUpc(product.upc), product.upc).toBe(true);
    expect(new Set(data.products.map((product) => product.sku)).size).toBe(data.products.length);
    expect(new Set(data.products.map((product) => product.upc)).size).toBe(data.products.length);
    expect(new Set(data.products.map((product) => product.id)).size).toBe(data.products.length);
  });

  it('keeps sizes, packs, prices, stock and minimums believable', () => {
    const unbelievable = data.products.filter((product) => {
      const perBottleInCase = product.casePriceCents / product.packSize;
      return (
        ![375, 750, 1500].includes(product.sizeMl) ||
        ![6, 12].includes(product.packSize) ||
        perBottleInCase <= product.bottlePriceCents * 0.8 ||
        perBottleInCase >= product.bottlePriceCents * 0.97 ||
        product.minimumOrder < 1 ||
        product.minimumOrder > 5 ||
        product.inventoryAvailable < 0 ||
        product.abv < 5 ||
        product.abv > 16 ||
        (product.vintage !== null && (product.vintage < 2010 || product.vintage >= 2026)) ||
        product.description.length < 20 ||
        !product.tastingNotes.startsWith('Aromas of ') ||
        product.createdAt.getTime() > now.getTime()
      );
    });
    expect(unbelievable).toEqual([]);
    const outOfStock = data.products.filter((product) => product.inventoryAvailable === 0).length;
    expect(outOfStock).toBeGreaterThan(0);
    expect(outOfStock).toBeLessThan(data.products.length * 0.2);
    expect(new Set(data.products.map((product) => product.country)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(data.products.map((product) => product.varietal)).size).toBeGreaterThanOrEqual(20);
    expect(data.products.some((product) => product.sizeMl === 375)).toBe(true);
    expect(data.products.some((product) => product.sizeMl === 1500)).toBe(true);
  });

  it('plans past orders of every status for each buyer within the stock', () => {
    expect(data.buyers.length).toBeGreaterThanOrEqual(2);
    const products = new Map(data.products.map((product) => [product.id, product]));
    const used = new Map<string, number>();
    for (const buyer of data.buyers) {
      const statuses = new Set(data.orders.filter((order) => order.buyerId === buyer.id).map((order) => order.status));
      expect([...statuses].sort()).toEqual([...ORDER_STATUSES].sort());
    }
    for (const order of data.orders) {
      for (const item of order.items) {
        const product = products.get(item.productId)!;
        expect(product.supplierId).toBe(order.supplierId);
        expect(item.quantity).toBeGreaterThanOrEqual(product.minimumOrder);
        used.set(item.productId, (used.get(item.productId) ?? 0) + item.quantity);
      }
      if (order.shippedAt) expect(order.shippedAt.getTime()).toBeGreaterThan(order.placedAt.getTime());
      if (order.deliveredAt) expect(order.deliveredAt.getTime()).toBeGreaterThan(order.shippedAt!.getTime());
    }
    for (const [productId, quantity] of used) expect(quantity).toBeLessThanOrEqual(products.get(productId)!.inventoryAvailable);
  });
});

describe('createRandom', () => {
  it('repeats its sequence for a seed', () => {
    const a = createRandom(7);
    const b = createRandom(7);
    const draws = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(draws);
    for (const draw of draws) {
      expect(draw).toBeGreaterThanOrEqual(0);
      expect(draw).toBeLessThan(1);
    }
  });

  it('samples distinct items', () => {
    const sample = createRandom(3).sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(sample).size).toBe(4);
  });
});
