import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../../shared';
import { compareNameKeys } from '../../../electron/core/search/name-order';
import { crowdingNameKey, nameOrderTable } from '../../support/name-order-table';
import { catalogDatabase } from './catalog-database';
import { makeCatalog } from './catalog-fixture';

const asOf = '2026-11-28T08:00:00.000Z';
const template = makeCatalog(1)[0]!.item;
const named = (id: string, name: string): CatalogProduct => ({ ...template, id, name });

/** The positions in the order of their name ranks, and in the order of the name index (SQLite's BINARY collation). */
function orders(database: ReturnType<typeof catalogDatabase>) {
  const { rank } = database.index.columns.columns;
  const byIndex = database.sql('SELECT pos FROM products ORDER BY name_key').pluck().all() as number[];
  const byRank = [...byIndex].sort((a, b) => rank[a]! - rank[b]!);
  return { byIndex, byRank };
}

/** Characters whose UTF-16 order and code point order disagree: surrogate pairs against U+E000–U+FFFF. */
const awkward = ['a', 'z', 'é', '\uff21', '\uff41', '\ue000', '\uffef', '\u{1f377}', '\u{10000}', '\u{1d11e}'];

describe('name order (ranks kept beside the name index)', () => {
  it('ranks names written in one page in the index order, characters past U+FFFF included', () => {
    const database = catalogDatabase([named('prod_s', '\uff30 stored')], asOf);
    // In UTF-16 the wine glass (a surrogate pair) sorts before the fullwidth A; by code point, as SQLite orders, after it.
    database.writeCatalogPage(2, null, [named('prod_glass', '\u{1f377} glass'), named('prod_fullwidth', '\uff21 fullwidth')]);
    const { byIndex, byRank } = orders(database);
    expect(byRank).toEqual(byIndex);
  });

  it('ranks names that crowd one gap, one write each, in the index order: the neighbours around them and then the whole catalog numbered again', () => {
    // Each name sorts right before the one written before it: the gap left halves with each write.
    const crowding = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => named(`prod_${prefix}${index}`, `${prefix} ${String(count - index).padStart(3, '0')}`));
    // A hundred names spread out, then forty crowding between two of them: windows of neighbours are numbered again.
    const spread = catalogDatabase(Array.from({ length: 100 }, (_, index) => named(`prod_m${index}`, `m${String(index).padStart(3, '0')}`)), asOf);
    crowding('m050', 40).forEach((product, index) => {
      spread.writeCatalogPage(10 + index, null, [product]);
      const { byIndex, byRank } = orders(spread);
      expect(byRank).toEqual(byIndex);
    });
    // Forty names in a catalog that starts empty: a window wide enough is the whole catalog.
    const alone = catalogDatabase([], asOf);
    crowding('a', 40).forEach((product, index) => {
      alone.writeCatalogPage(1 + index, null, [product]);
      const { byIndex, byRank } = orders(alone);
      expect(byRank).toEqual(byIndex);
    });
  });

  it('numbers again windows about the size of a crowd growing in one place, not ever wider ones', () => {
    // 100,000 names in pages of 250, each page's even names sorting right before the last page's
    // in one place (a crowd that keeps growing there), its odd names elsewhere.
    const table = nameOrderTable(100_000);
    let again = 0;
    let most = 0;
    for (let first = 1; first <= 100_000; first += 250) {
      const page = Array.from({ length: 250 }, (_, index) => ({ position: first + index, nameKey: crowdingNameKey(first + index) }));
      const { renumbered } = table.write(page, first - 1);
      again += renumbered;
      most = Math.max(most, renumbered);
    }
    expect(table.inIndexOrder()).toBe(true);
    // One threshold for every window's size numbered 336,586 products again in all, 32,768 in one write.
    expect(again).toBeLessThan(150_000);
    expect(most).toBeLessThanOrEqual(16_384);
  });

  it('compareNameKeys orders strings as their UTF-8 bytes compare', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...awkward) }), fc.string({ unit: 'grapheme' }), (a, b) => {
        const bytes = Buffer.compare(Buffer.from(a), Buffer.from(b));
        expect(Math.sign(compareNameKeys(a, b))).toBe(bytes);
        expect(Math.sign(compareNameKeys(a, a + b))).toBe(b === '' ? 0 : -1);
      }),
    );
  });

  it('ranks any names, written over several pages, in the index order', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: fc.constantFrom(...awkward), maxLength: 4 }), { maxLength: 6 }), { minLength: 1, maxLength: 4 }), (pages) => {
        const database = catalogDatabase([], asOf);
        pages.forEach((names, page) => database.writeCatalogPage(page + 1, null, names.map((name, index) => named(`prod_${page}_${index}`, name))));
        const { byIndex, byRank } = orders(database);
        expect(byRank).toEqual(byIndex);
      }),
      { numRuns: 60 },
    );
  });
});
