import { create } from 'zustand';

interface PlacedState {
  /** The outbox entries of the orders placed last from this cart (this session only). */
  ids: readonly string[];
  /** Focus is to go to their receipt (or, until one is confirmed, to the orders on their way). */
  focusPending: boolean;
  placed(ids: readonly string[]): void;
  focusDone(): void;
}

/**
 * The orders just placed: their receipt opens expanded and takes the focus, so the buyer who
 * placed with Ctrl+Enter lands on what became of the order rather than on the page's body.
 */
export const usePlacedStore = create<PlacedState>()((set) => ({
  ids: [],
  focusPending: false,
  placed(ids) {
    set({ ids, focusPending: ids.length > 0 });
  },
  focusDone() {
    set({ focusPending: false });
  },
}));
