import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../../shared';
import { aboutWordsOf, foldTerm, sameText, TEXT_FIELDS, textOf, wordsOf } from '../../../electron/core/search/text-terms';
import { makeCatalog } from './catalog-fixture';

const base = makeCatalog(1)[0]!.item;
/** Words that fold alike or not: case, accents, repeats, punctuation, empties. */
const word = fc.constantFrom('Rosé', 'rose', 'ROSE', 'Pinot', 'pinot', 'Noir', 'Château', 'chateau', 'Valley', '', 'Reserve', 'reserve!', '2019', 'Napa');
const text = fc.array(word, { maxLength: 4 }).map((words) => words.join(' '));
const product: fc.Arbitrary<CatalogProduct> = fc
  .record({ name: text, brand: text, varietal: text, region: text, appellation: fc.option(text), supplier: text, vintage: fc.option(fc.integer({ min: 2015, max: 2017 })), price: fc.integer({ min: 1, max: 3 }) })
  .map((fields) => ({
    ...base,
    name: fields.name,
    brand: fields.brand,
    varietal: fields.varietal,
    region: fields.region,
    appellation: fields.appellation,
    supplier: { ...base.supplier, name: fields.supplier },
    vintage: fields.vintage,
    case_price_cents: fields.price,
  }));

describe('sameText', () => {
  it('says two products have the same text exactly when textOf reads the same for every field', () => {
    fc.assert(
      fc.property(product, product, (a, b) => {
        expect(sameText(a, b)).toBe(TEXT_FIELDS.every((field) => textOf(a, field) === textOf(b, field)));
        expect(sameText(a, { ...a, case_price_cents: a.case_price_cents + 1, inventory_available: 0 })).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('foldTerm', () => {
  const decomposed = (term: string) => term.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();

  it('folds any text as decomposing it, dropping its marks and lowercasing does (ASCII only lowercased)', () => {
    const folds = (term: string) => {
      expect(foldTerm(term)).toBe(decomposed(term));
    };
    fc.assert(fc.property(fc.string({ unit: 'binary' }), folds), { numRuns: 5_000 });
    fc.assert(fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)) }), folds), { numRuns: 2_000 });
    expect(foldTerm('Château Rosé ÉCLAT')).toBe('chateau rose eclat');
  });
});

describe('aboutWordsOf', () => {
  it('gives the words wordsOf reads in textOf’s about text, each once, none of the name’s', () => {
    fc.assert(
      fc.property(product, (item) => {
        expect(aboutWordsOf(item, new Set(wordsOf(item.name)))).toEqual([...new Set(wordsOf(textOf(item, 'about')))]);
      }),
      { numRuns: 2_000 },
    );
  });
});
