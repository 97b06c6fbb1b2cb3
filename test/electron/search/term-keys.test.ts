import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../../shared';
import { ABOUT_FIELD, createTermKeys, MAX_KEPT, NAME_FIELD, termKey } from '../../../electron/core/search/term-keys';
import { textOf, wordsOf } from '../../../electron/core/search/text-terms';
import { createVocabulary, prefixTermsOf, type Vocabulary } from '../../../electron/core/search/vocabulary';
import { product } from './text-products';

function newVocabulary(): Vocabulary {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE terms (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE)');
  const vocabulary = createVocabulary((text) => db.prepare(text));
  vocabulary.load();
  return vocabulary;
}

/**
 * The keys as the index defines them, worked out from the texts: the name's words in the name's
 * field, the about text's words in the about field, and the beginnings of all of them in the
 * name's; each term numbered as `vocabulary` has it (undefined when it has not).
 */
function expectedKeys(vocabulary: Vocabulary, item: CatalogProduct): Set<number | undefined> {
  const nameWords = wordsOf(textOf(item, 'name'));
  const aboutWords = wordsOf(textOf(item, 'about'));
  const keyOf = (term: string, field: number) => {
    const id = vocabulary.find(term);
    return id === undefined ? undefined : termKey(id, field);
  };
  return new Set([
    ...nameWords.map((word) => keyOf(word, NAME_FIELD)),
    ...aboutWords.map((word) => keyOf(word, ABOUT_FIELD)),
    ...[...nameWords, ...aboutWords].flatMap((word) => prefixTermsOf(word).map((prefix) => keyOf(prefix, NAME_FIELD))),
  ]);
}

describe('createTermKeys', () => {
  it('gives each product the keys of its words by field and of their beginnings, from kept words as from new ones', () => {
    const vocabulary = newVocabulary();
    const termKeys = createTermKeys(vocabulary);
    fc.assert(
      fc.property(fc.array(product, { minLength: 1, maxLength: 5 }), (items) => {
        for (const item of items) {
          const keys = termKeys.of(item, true);
          // Every term was numbered: none of the expected keys is missing.
          expect(keys).toEqual(expectedKeys(vocabulary, item));
          expect(termKeys.of(item, true)).toEqual(keys);
          expect(termKeys.of(item, false)).toEqual(keys);
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('numbers nothing without create, leaving out the terms the vocabulary does not hold', () => {
    fc.assert(
      fc.property(product, product, (known, other) => {
        const vocabulary = newVocabulary();
        const termKeys = createTermKeys(vocabulary);
        termKeys.of(known, true);
        const size = vocabulary.size;
        const keys = termKeys.of(other, false);
        expect(vocabulary.size).toBe(size);
        const expected = expectedKeys(vocabulary, other);
        expected.delete(undefined);
        expect(keys).toEqual(expected);
        // What it read without numbering was not kept: numbered later, the terms are there.
        expect(termKeys.of(other, true)).toEqual(expectedKeys(vocabulary, other));
      }),
      { numRuns: 500 },
    );
  });

  it('reads the vocabulary again after forget (a write that failed took its terms back)', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE terms (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE)');
    const vocabulary = createVocabulary((text) => db.prepare(text));
    vocabulary.load();
    const termKeys = createTermKeys(vocabulary);
    const item = fc.sample(product.filter((sample) => wordsOf(sample.name).length > 0), { numRuns: 1, seed: 7 })[0]!;
    db.exec('BEGIN');
    termKeys.of(item, true);
    db.exec('ROLLBACK');
    vocabulary.load();
    termKeys.forget();
    expect(termKeys.of(item, false)).toEqual(new Set());
    // The terms numbered again take the numbers the rolled-back write had given; the keys follow the vocabulary.
    expect(termKeys.of(item, true)).toEqual(expectedKeys(vocabulary, item));
  });

  it('keeps at most MAX_KEPT words of names', () => {
    const vocabulary = newVocabulary();
    const termKeys = createTermKeys(vocabulary);
    const base = fc.sample(product, { numRuns: 1, seed: 3 })[0]!;
    for (let index = 0; index <= MAX_KEPT + 10; index += 1) {
      const item = { ...base, name: `w${index}` };
      expect(termKeys.of(item, true)).toEqual(expectedKeys(vocabulary, item));
    }
    const first = { ...base, name: 'w0' };
    expect(termKeys.of(first, false)).toEqual(expectedKeys(vocabulary, first));
  });
});
