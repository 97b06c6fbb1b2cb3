import { describe, expect, it } from 'vitest';
import { catalogItemOf } from '../../../electron/core/offline/service-database';
import { catalogDatabase, detailOf } from '../search/catalog-database';
import { makeCatalog } from '../search/catalog-fixture';

const asOf = '2026-11-27T08:00:00.000Z';

describe('product details keyed by their product’s position (schema version 5)', () => {
  it('keeps a detail only for a listed product, at its position, and removes it with the product', () => {
    const catalog = makeCatalog(6);
    const listed = catalog.slice(0, 5);
    const database = catalogDatabase(listed.map((product) => product.item), asOf, listed);
    expect(database.countDetails()).toBe(5);
    const positions = database.sql('SELECT d.pos = p.pos FROM product_details d JOIN products p ON p.id = d.id').pluck().all();
    expect(positions).toEqual([1, 1, 1, 1, 1]);

    // Viewed online but not carried: not kept.
    const unlisted = catalog[5]!;
    database.putProductDetails([{ detail: detailOf(unlisted.item, unlisted.facts), etag: null, fetchedAt: asOf }]);
    expect(database.productDetail(unlisted.item.id)).toBeNull();
    expect(database.countDetails()).toBe(5);

    // The list's page no longer holds the first product: it goes with its detail.
    database.writeCatalogPage(1, '"p1b"', listed.slice(1).map((product) => catalogItemOf(product.item)));
    expect(database.productDetail(listed[0]!.item.id)).toBeNull();
    expect(database.sql('SELECT count(*) FROM product_details').pluck().get()).toBe(4);
    expect(database.countDetails()).toBe(4);
    expect(database.detailCoverage('2000-01-01T00:00:00.000Z')).toEqual({ stored: 4, due: 0 });
    database.db.close();
  });

  it('counts the details from the narrow index on positions, not by reading every detail', () => {
    const database = catalogDatabase([], asOf);
    const plan = database.sql('EXPLAIN QUERY PLAN SELECT count(*) FROM product_details').all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toContain('product_details_pos');
    database.db.close();
  });
});
