import type { CatalogProduct } from '../../../shared';

/**
 * Free text is matched against two fields: the product's name, and everything else that describes
 * it (brand, varietal, region, appellation, supplier, vintage). Fewer fields make each query cheaper and
 * the index smaller; a hit in the name still counts more.
 */
export const TEXT_FIELDS = ['name', 'about'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export const FIELD_BOOST: Partial<Record<TextField, number>> = { name: 2 };

/** Typos are forgiven only in words of five letters or more: shorter words match too much. */
export const MIN_FUZZY_TERM_LENGTH = 5;
export const FUZZINESS = 0.2;

const MARKS = /\p{M}+/gu;
/** A character past U+007F: a text without one is ASCII. */
const NOT_ASCII = /[\u0080-\u{10ffff}]/u;

/**
 * Case- and accent-insensitive: "Rosé" and "rose" are the same word. A text of ASCII only has no
 * marks and is its own decomposition, so it is only lowercased: most of a catalog's words, each of
 * which a sync folds as it writes a product (splitting and folding words was about half of a
 * product's terms' time when every word went through the decomposition, docs/benchmarks.md).
 */
export const foldTerm = (term: string) => (!NOT_ASCII.test(term) ? term.toLowerCase() : term.normalize('NFD').replace(MARKS, '').toLowerCase());

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text as written (letters and digits), not folded. */
export const textWords = (text: string): string[] => text.match(WORD) ?? [];

/** The words of a text as they are indexed and searched: case and accents folded (`folded` remembers each word's fold). */
export function wordsOf(text: string, folded: Map<string, string> = new Map()): string[] {
  return textWords(text).map((word) => {
    let term = folded.get(word);
    if (term === undefined) {
      term = foldTerm(word);
      folded.set(word, term);
    }
    return term;
  });
}

/**
 * The `about` text holds each descriptive word once, leaving out words already in the name: a
 * word matches the product through either field, and repeated words only make the index bigger.
 */
export function textOf(product: CatalogProduct, field: TextField): string {
  if (field === 'name') return product.name;
  return describingWords(product, new Set(wordsOf(product.name))).join(' ');
}

/** The describing words, as written, whose folds are not among `nameWords`, each fold once. */
function describingWords(product: CatalogProduct, nameWords: ReadonlySet<string>): string[] {
  const seen = new Set(nameWords);
  const words: string[] = [];
  for (const word of textWords(describedOf(product))) {
    const fold = foldTerm(word);
    if (seen.has(fold)) continue;
    seen.add(fold);
    words.push(word);
  }
  return words;
}

/** The values that describe a product beside its name, in `textOf`'s order (term-keys.ts reads them one by one). */
export const describingValues = (product: CatalogProduct): string[] => [
  product.brand,
  product.varietal,
  product.region,
  product.appellation ?? '',
  product.supplier.name,
  String(product.vintage ?? ''),
];

/** The words that describe a product beside its name, as `textOf` reads them. */
const describedOf = (product: CatalogProduct) => describingValues(product).join(' ');

/**
 * Whether two products have the same text as `textOf` reads it (so the same terms): a change of
 * price or stock leaves them. What the texts are made of is compared first: folding each word
 * took 37 µs a product, a tenth of a 1 % change's CPU at a million.
 */
export const sameText = (a: CatalogProduct, b: CatalogProduct): boolean =>
  (a.name === b.name && describedOf(a) === describedOf(b)) || TEXT_FIELDS.every((field) => textOf(a, field) === textOf(b, field));
