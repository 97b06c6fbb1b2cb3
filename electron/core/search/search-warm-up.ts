/**
 * A freshly started offline worker's first searches cost three to four times what the same searches
 * cost later, whatever words they are for: code not yet optimized, structures made at their first
 * use (`bench/first-searches.ts`: at a million products `cabernet` typed a letter at a time took
 * 177–229 ms of CPU the first time, 48–53 ms after five other words). So once the search index is
 * read (`prepareSearch`: the catalog painted, the page idle), the worker types a few words of its
 * own catalog itself, one search a turn of its event loop: a search the buyer sends meanwhile is
 * answered between two of them, and the buyer's first keystrokes meet warm code.
 */

/** The catalog's varietals typed (its most common first): enough to warm every kind of text search. */
export const WARM_UP_WORDS = 3;

/** The most letters of a word typed: longer words add nothing a shorter one did not warm. */
const WARM_UP_LETTERS = 10;

/** The texts typed: each of the first `words` names, lower-cased, a letter at a time (a space typed adds no search). */
export function warmUpTexts(names: readonly string[], words = WARM_UP_WORDS): string[] {
  return names.slice(0, words).flatMap((name) => {
    const word = name.toLowerCase().slice(0, WARM_UP_LETTERS);
    return [...word].map((_, index) => word.slice(0, index + 1)).filter((text) => !text.endsWith(' '));
  });
}

export interface WarmUpTurns {
  /** Runs a step at a later turn of the event loop (`setImmediate`), after what is waiting. */
  later: (step: () => void) => void;
  /** True once the warm-up is no longer wanted (the copy closed). */
  stopped: () => boolean;
}

/**
 * Searches each text, one a turn; stops when `stopped`, and at the first search that throws (a
 * warm-up is never worth a failure: the buyer's own search meets whatever it was).
 */
export function warmUp(texts: readonly string[], search: (text: string) => void, { later, stopped }: WarmUpTurns): void {
  let next = 0;
  const step = () => {
    if (next >= texts.length || stopped()) return;
    try {
      search(texts[next]!);
    } catch {
      return;
    }
    next += 1;
    if (next < texts.length) later(step);
  };
  if (texts.length > 0) later(step);
}
