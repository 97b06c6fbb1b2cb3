import { beforeAll, describe, expect, it } from 'vitest';
import { CatalogSearchInput, type CatalogSearchInput as SearchInput } from '../../../shared/bridge';
import { createCatalogSearch } from '../../../electron/core/search/catalog-search';
import type { Columns } from '../../../electron/core/search/catalog-columns';
import { NO_GROUP } from '../../../electron/core/search/facet-groups';
import { ANY, countGroupHits, runGroupPass, SortKey, type GroupPass } from '../../../electron/core/search/hit-pass';
import { catalogDatabase } from './catalog-database';
import { makeCatalog } from './catalog-fixture';

/** A pass by combinations over `size` positions (every fourth one empty), its `groupOf` reads counted. */
function countedPass(size: number, hit: (position: number) => boolean) {
  const groups = 7;
  const column = new Uint16Array(size);
  const live = new Int32Array(groups);
  const match = new Uint32Array(Math.ceil(size / 32));
  for (let position = 0; position < size; position += 1) {
    const group = position % 4 === 3 ? NO_GROUP : (position * 5) % groups;
    column[position] = group;
    if (group !== NO_GROUP) live[group]! += 1;
    if (hit(position)) match[position >>> 5]! |= 1 << (position & 31);
  }
  const reads = { count: 0 };
  const groupOf = new Proxy(column, {
    get(target, key) {
      if (typeof key === 'string' && /^[0-9]+$/.test(key)) reads.count += 1;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const empty = new Int32Array(0);
  const pass: GroupPass = {
    columns: { rank: new Uint32Array(size), price: new Uint32Array(size) } as unknown as Columns,
    capacity: size,
    match,
    varietal: ANY,
    region: ANY,
    country: ANY,
    supplier: ANY,
    vintage: ANY,
    minPrice: 0,
    maxPrice: Number.POSITIVE_INFINITY,
    inStock: false,
    only: null,
    counts: { varietal: empty, region: empty, country: empty, supplier: empty, vintage: empty },
    countFacets: false,
    top: null,
    skip: null,
    sort: SortKey.Relevance,
    years: new Float64Array(0),
    words: [],
    groupOf,
    failures: new Uint8Array(groups),
  };
  return { pass, live, reads };
}

describe('text matching most of the catalog (countGroupHits)', () => {
  it('counts each combination\'s hits from the positions the text does not match, reading only those', () => {
    const { pass, live, reads } = countedPass(1_000, (position) => position % 10 !== 0);
    const expected = runGroupPass(pass);
    const byEveryHit = reads.count;
    reads.count = 0;
    expect([...countGroupHits(pass, live)]).toEqual([...expected]);
    expect(reads.count).toBe(100);
    expect(byEveryHit).toBe(900);
  });

  it('counts a text that matches half or less by a pass over its hits', () => {
    const { pass, live, reads } = countedPass(1_000, (position) => position % 3 === 0);
    const expected = runGroupPass(pass);
    reads.count = 0;
    expect([...countGroupHits(pass, live)]).toEqual([...expected]);
    expect(reads.count).toBe(334);
  });
});

describe('one letter typed, at 600 products', () => {
  const catalog = makeCatalog(600);
  const items = catalog.map((product) => product.item);
  let auto: ReturnType<typeof createCatalogSearch>;
  let everyHit: ReturnType<typeof createCatalogSearch>;
  beforeAll(() => {
    const database = catalogDatabase(items, '2026-11-22T08:00:00.000Z', catalog);
    auto = createCatalogSearch(database);
    everyHit = createCatalogSearch(database, { orderWalks: 'never' });
  });

  it('answers the same total, facets and pages as the pass over every hit, for letters that match most products and letters that do not', () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');
    const totals = letters.map((text) => auto.search(CatalogSearchInput.parse({ text, limit: 1 })).total);
    // The fixture's catalog has letters of both kinds.
    expect(totals.some((total) => total * 2 > items.length)).toBe(true);
    expect(totals.some((total) => total > 0 && total * 2 <= items.length)).toBe(true);
    for (const text of letters) {
      for (const page of [{ limit: 60 }, { offset: 60, limit: 200 }, { offset: 590, limit: 20 }] as SearchInput[]) {
        const input = CatalogSearchInput.parse({ text, ...page });
        const { tookMs: _a, ...ours } = auto.search(input);
        const { tookMs: _b, ...theirs } = everyHit.search(input);
        expect(ours, `"${text}" ${JSON.stringify(page)}`).toEqual(theirs);
      }
    }
  });
});
