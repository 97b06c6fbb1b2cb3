import SearchableMap from 'minisearch/SearchableMap';
import { FUZZINESS, MIN_FUZZY_TERM_LENGTH } from './text-terms';

/**
 * The catalog's vocabulary in memory (its words, each once: it grows with the words the catalog
 * uses, not with its products), in MiniSearch's radix tree, which finds the words within a typo's
 * distance of a query word. Reloaded when the stored vocabulary grows.
 */
export function createTermDictionary(readTerms: () => string[], countTerms: () => number) {
  let vocabulary: SearchableMap<true> | null = null;
  let size = -1;

  function current(): SearchableMap<true> {
    const stored = countTerms();
    if (!vocabulary || stored !== size) {
      // Codes and numbers are not words a buyer misspells.
      vocabulary = SearchableMap.from(readTerms().filter((term) => !/^[0-9]+$/.test(term)).map((term) => [term, true] as [string, true]));
      size = stored;
    }
    return vocabulary;
  }

  return {
    /** The stored words within a typo of `word` (not `word` itself); none for words shorter than five letters. */
    near(word: string): string[] {
      if (word.length < MIN_FUZZY_TERM_LENGTH) return [];
      const maxDistance = Math.round(word.length * FUZZINESS);
      const found: string[] = [];
      for (const [term] of current().fuzzyGet(word, maxDistance)) if (term !== word) found.push(term);
      return found;
    },
    get size() {
      return size;
    },
  };
}
