import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { CODE_MATCHES_LIMIT, createCatalogSearch } from '../../../electron/core/search/catalog-search';
import { catalogDatabase } from './catalog-database';
import { makeCatalog } from './catalog-fixture';

const asOf = '2026-11-22T08:00:00.000Z';

/** 600 products with details; product 7's SKU is product 8's UPC, and products 20 to 29 share one SKU. */
function fixture() {
  const catalog = makeCatalog(600).map((product, n) => {
    if (n === 7) return { ...product, facts: { ...product.facts, sku: '100000000008' } };
    if (n >= 20 && n < 30) return { ...product, facts: { ...product.facts, sku: 'SHARED-1' } };
    return product;
  });
  return createCatalogSearch(catalogDatabase(catalog.map((product) => product.item), asOf, catalog));
}

describe('matching many codes at once against the offline catalog', () => {
  const search = fixture();
  const ids = (codes: string[]) => search.matchCodes(codes).map((products) => products.map((product) => product.id));

  it('answers each code in order: its product, none, or every product it names (ambiguous), compared as lookupCode compares', () => {
    expect(ids(['sku-nap-40', 'NOPE-1', '0100000000041', ' SKU-BOR-42 ', '100000000008', ''])).toEqual([
      ['prod_00040'],
      [],
      ['prod_00041'],
      ['prod_00042'],
      ['prod_00007', 'prod_00008'],
      [],
    ]);
  });

  it('lists at most CODE_MATCHES_LIMIT products for a code shared by many', () => {
    expect(ids(['shared-1'])[0]).toEqual(['prod_00020', 'prod_00021', 'prod_00022', 'prod_00023', 'prod_00024'].slice(0, CODE_MATCHES_LIMIT));
  });

  it('matches 500 codes, the most one paste holds, and prints how long it took', () => {
    const codes = Array.from({ length: 500 }, (_, n) => (n % 2 === 0 ? String(100_000_000_000 + n) : `UNKNOWN-${n}`));
    search.matchCodes(codes);
    const started = performance.now();
    const answers = search.matchCodes(codes);
    const took = performance.now() - started;
    expect(answers.filter((products) => products.length > 0)).toHaveLength(250);
    console.info(`matchCodes: 500 codes in ${took.toFixed(1)} ms`);
  });
});
