import { create } from 'zustand';

/** How long after the last keystroke in the search field the buyer counts as having paused. */
export const TYPING_PAUSE_MS = 300;

interface TypingState {
  /** True from a keystroke in the search field until the buyer pauses for `TYPING_PAUSE_MS`. */
  typing: boolean;
}

/**
 * Whether the buyer is typing a search right now. Work that would compete with the next
 * keystroke's results (list photos: their requests, downloads and decoding share the page's
 * main thread and the computer's few cores) waits for a pause.
 */
export const useTypingStore = create<TypingState>()(() => ({ typing: false }));

let pauseTimer: ReturnType<typeof setTimeout> | null = null;

export function noteSearchKeystroke(): void {
  if (pauseTimer !== null) clearTimeout(pauseTimer);
  pauseTimer = setTimeout(() => {
    pauseTimer = null;
    useTypingStore.setState({ typing: false });
  }, TYPING_PAUSE_MS);
  if (!useTypingStore.getState().typing) useTypingStore.setState({ typing: true });
}
