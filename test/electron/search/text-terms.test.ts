import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldTerm, sameText, TEXT_FIELDS, textOf } from '../../../electron/core/search/text-terms';
import { product } from './text-products';

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
