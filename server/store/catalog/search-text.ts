import { sql, type SQL } from 'drizzle-orm';

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 60;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Lower case without accents ("Château" → "chateau"), done here rather than in SQL because
 * PostgreSQL's lower() under the C locale (PGlite's) leaves non-ASCII letters alone.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Turns user text into a prefix tsquery (`'cab':* & 'napa':*`) for the `simple` configuration.
 * Only runs of letters and digits survive, so operators, quotes and backslashes in the input can
 * never reach the tsquery parser. Documents are reduced to the same runs (see searchText), so
 * every indexed word is reachable.
 * Returns null when nothing searchable is left.
 */
export function prefixTsQueryText(text: string): string | null {
  const terms = foldForSearch(text).match(WORD) ?? [];
  const unique = [...new Set(terms.map((term) => term.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
  if (unique.length === 0) return null;
  return unique.map((term) => `'${term}':*`).join(' & ');
}

const YEAR = /^[0-9]{4}$/;

/**
 * A four-digit word of the user's text may name a vintage ("napa 2019"), which is a column of its
 * own rather than a word of the search document: such words are handed back as years, to match
 * the vintage or (a SKU or UPC part) the document; the other words stay text.
 */
export function splitVintageWords(text: string): { years: number[]; words: string } {
  const years: number[] = [];
  const words: string[] = [];
  for (const word of foldForSearch(text).match(WORD) ?? []) {
    if (YEAR.test(word)) {
      if (!years.includes(Number(word))) years.push(Number(word));
    } else words.push(word);
  }
  return { years: years.slice(0, MAX_TERMS), words: words.join(' ') };
}

/** The tsquery for user text, or null when the text has nothing searchable. */
export function prefixTsQuery(text: string): SQL | null {
  const queryText = prefixTsQueryText(text);
  return queryText === null ? null : sql`to_tsquery('simple'::regconfig, ${queryText})`;
}

/**
 * The folded text a `search_document` column is built from: only the letter and digit runs a
 * query can name, separated by spaces. Left to itself the parser would index "AWX-00015" as
 * `awx` and the signed number `-00015`, which no typed prefix reaches.
 */
export function searchText(fields: ReadonlyArray<string | null>): string {
  const text = foldForSearch(fields.filter((field): field is string => field !== null).join(' '));
  return (text.match(WORD) ?? []).join(' ');
}

/** The value written to a `search_document` column: the folded fields as one tsvector. */
export function searchDocument(fields: ReadonlyArray<string | null>): SQL {
  return sql`to_tsvector('simple'::regconfig, ${searchText(fields)})`;
}
