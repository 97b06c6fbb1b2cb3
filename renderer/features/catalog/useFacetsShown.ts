import { useState } from 'react';
import type { CatalogFacets } from '../../../shared/bridge';
import { useTypingStore } from '../../app/typingStore';

/**
 * The facet counts the filters panel shows: the latest results' while the buyer is not typing a
 * search; while they type, the counts shown when the typing began, until they pause
 * (`TYPING_PAUSE_MS`). Each keystroke's results are replaced by the next keystroke's a moment
 * later: rendering the five facet lists (about a hundred options and their counts) for each of
 * them was a render and a frame of every keystroke, for counts nobody could read in time.
 */
export function useFacetsShown(latest: CatalogFacets | undefined): CatalogFacets | undefined {
  const typing = useTypingStore((state) => state.typing);
  const [held, setHeld] = useState(latest);
  const hold = typing && held !== undefined;
  // Stored from the render (React's pattern for state that follows a prop), only while not holding.
  if (!hold && held !== latest) setHeld(latest);
  return hold ? held : latest;
}
