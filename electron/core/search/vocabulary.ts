/**
 * The catalog's terms, each with a number (table `terms`): its words (each once, however many
 * products use it) and the one- and two-letter beginnings of words (`c*`, `ca*`), so a search for a
 * word being typed that is still that short reads one term instead of every word it could start.
 * In memory: the words in MiniSearch's radix tree, which finds the words that start with a
 * prefix or lie within a typo of a word; it grows with the catalog's vocabulary, not its products.
 */
import SearchableMap from 'minisearch/SearchableMap';
import type { SqliteStatement } from '../offline/sqlite-driver';

type Sql = (text: string) => SqliteStatement;

/** Beginnings of words kept as terms of their own: one and two letters. */
export const PREFIX_TERM_LENGTHS = [1, 2] as const;
const MAX_PREFIX_TERM = PREFIX_TERM_LENGTHS.at(-1)!;

/** The term standing for every word that starts with `prefix` (not a word: words hold no `*`). */
export const prefixTerm = (prefix: string) => `${prefix}*`;

/** The first `length` characters of a word, never splitting a character written with two code units. */
export function wordStart(word: string, length: number): string {
  const end = length < word.length && word.charCodeAt(length - 1) >= 0xd800 && word.charCodeAt(length - 1) <= 0xdbff ? length + 1 : length;
  return word.slice(0, end);
}

/** The prefix terms of a word: its first one and two letters (a one-letter word has only the first). */
export function prefixTermsOf(word: string): string[] {
  const terms: string[] = [];
  for (const length of PREFIX_TERM_LENGTHS) {
    const start = wordStart(word, length);
    if (start.length < length) break;
    terms.push(prefixTerm(start));
    if (start.length === word.length) break;
  }
  return terms;
}

/** Whether a word being typed is short enough to be read through its prefix term. */
export const readsAsPrefixTerm = (word: string) => [...word].length <= MAX_PREFIX_TERM;

export type Vocabulary = ReturnType<typeof createVocabulary>;

export function createVocabulary(sql: Sql) {
  /** The words, for the words that start with a prefix or lie within a typo of a word. */
  let words = new SearchableMap<number>();
  /**
   * Every term's number, words and prefix terms: a term's own number is asked for each of a
   * product's words as a sync writes it, and a hash map finds it faster than the radix tree.
   */
  const ids = new Map<string, number>();

  function remember(term: string, id: number) {
    ids.set(term, id);
    if (!term.endsWith('*')) words.set(term, id);
  }

  return {
    load() {
      words = new SearchableMap<number>();
      ids.clear();
      for (const [id, term] of sql('SELECT id, term FROM terms').raw().iterate() as IterableIterator<[number, string]>) remember(term, id);
    },
    /** A term's number, added (in the running transaction) when new. */
    idOf(term: string): number {
      const known = ids.get(term);
      if (known !== undefined) return known;
      const id = Number(sql('INSERT INTO terms (term) VALUES (?)').run(term).lastInsertRowid);
      remember(term, id);
      return id;
    },
    find(term: string): number | undefined {
      return ids.get(term);
    },
    /** The words that start with `prefix`, longer than it. */
    longerWords(prefix: string): [string, number][] {
      const found: [string, number][] = [];
      for (const [word, id] of words.atPrefix(prefix)) if (word !== prefix) found.push([word, id]);
      return found;
    },
    /** Words within `distance` edits of `word`, not `word` itself. */
    nearWords(word: string, distance: number): [string, number][] {
      const found: [string, number][] = [];
      for (const [term, [id, edits]] of words.fuzzyGet(word, distance)) if (edits > 0) found.push([term, id]);
      return found;
    },
    get size() {
      return ids.size;
    },
  };
}
