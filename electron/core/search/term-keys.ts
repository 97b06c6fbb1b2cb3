/**
 * A product's term keys, as the search index's postings are kept: its name's words (field
 * `NAME_FIELD`), the words of the rest of its text that are not in the name (`ABOUT_FIELD`,
 * text-terms.ts), and the one- and two-letter beginnings of all of them (vocabulary.ts), which use
 * the name's field.
 *
 * A sync works them out for every product it writes, and the same words come back product after
 * product: a brand, a varietal, a region, a supplier's name. So each word of a name and each
 * describing value (the brand, the region, …) is folded, numbered and cut into its beginnings once,
 * and its keys kept, keyed by the text as the product holds it. The kept keys hold term numbers, so
 * they are forgotten whenever the vocabulary is read again (a write that failed takes back the
 * terms it numbered). They grow with the catalog's words, not its products, and are bounded
 * (`MAX_KEPT`) all the same.
 */
import type { CatalogProduct } from '../../../shared';
import { describingValues, foldTerm, textWords } from './text-terms';
import { prefixTermsOf, type Vocabulary } from './vocabulary';

/** Postings are kept per term and field: a word in the name, a word in the rest of the description; prefix terms use the first. */
export const NAME_FIELD = 0;
export const ABOUT_FIELD = 1;
export const termKey = (termId: number, field: number) => termId * 2 + field;

/** Words of names, or describing values, kept at most (each map): past it, they are forgotten and kept again as they come. */
export const MAX_KEPT = 20_000;

/** A word's fold, its own key in its field (undefined: not numbered), and its beginnings' keys. */
interface WordKeys {
  fold: string;
  key: number | undefined;
  prefixes: number[];
}

export type TermKeys = ReturnType<typeof createTermKeys>;

export function createTermKeys(vocabulary: Vocabulary) {
  /** By a word of a name as written. */
  let nameWords = new Map<string, WordKeys>();
  /** By a describing value as written: its words' keys in the about field. */
  let describing = new Map<string, WordKeys[]>();

  const numbered = (term: string, create: boolean) => (create ? vocabulary.idOf(term) : vocabulary.find(term));

  function wordKeys(word: string, field: number, create: boolean): WordKeys {
    const fold = foldTerm(word);
    const id = numbered(fold, create);
    const prefixes: number[] = [];
    for (const prefix of prefixTermsOf(fold)) {
      const prefixId = numbered(prefix, create);
      if (prefixId !== undefined) prefixes.push(termKey(prefixId, NAME_FIELD));
    }
    return { fold, key: id === undefined ? undefined : termKey(id, field), prefixes };
  }

  /** Kept when every term was numbered (`create`): a lookup that numbers nothing may leave some out. */
  function keep<T>(kept: Map<string, T>, text: string, value: T, create: boolean) {
    if (!create) return;
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(text, value);
  }

  function nameWord(word: string, create: boolean): WordKeys {
    const known = nameWords.get(word);
    if (known) return known;
    const keys = wordKeys(word, NAME_FIELD, create);
    keep(nameWords, word, keys, create);
    return keys;
  }

  function describingValue(value: string, create: boolean): WordKeys[] {
    const known = describing.get(value);
    if (known) return known;
    const keys = textWords(value).map((word) => wordKeys(word, ABOUT_FIELD, create));
    keep(describing, value, keys, create);
    return keys;
  }

  /**
   * The product's term keys. `create`: terms new to the vocabulary are numbered (in the running
   * transaction); without it they are left out (a product as it was, whose terms are all known).
   */
  function of(item: CatalogProduct, create: boolean): Set<number> {
    const keys = new Set<number>();
    const inName = new Set<string>();
    const add = (word: WordKeys) => {
      if (word.key !== undefined) keys.add(word.key);
      for (const prefix of word.prefixes) keys.add(prefix);
    };
    for (const word of textWords(item.name)) {
      const keysOfWord = nameWord(word, create);
      inName.add(keysOfWord.fold);
      add(keysOfWord);
    }
    for (const value of describingValues(item)) {
      // A word of the name is not a word of the about field too; its beginnings are the name's.
      for (const word of describingValue(value, create)) if (!inName.has(word.fold)) add(word);
    }
    return keys;
  }

  return {
    of,
    /** The vocabulary was read again: kept keys may name terms it no longer has. */
    forget() {
      nameWords = new Map();
      describing = new Map();
    },
  };
}
