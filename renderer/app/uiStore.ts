import { create } from 'zustand';

interface UiState {
  /** Bumped to ask the catalog's search box for focus (it may not be mounted yet). */
  searchFocusRequest: number;
  barcodeFocusRequest: number;
  helpOpen: boolean;
  requestSearchFocus(): void;
  requestBarcodeFocus(): void;
  setHelpOpen(open: boolean): void;
}

export const useUiStore = create<UiState>()((set) => ({
  searchFocusRequest: 0,
  barcodeFocusRequest: 0,
  helpOpen: false,
  requestSearchFocus() {
    set((state) => ({ searchFocusRequest: state.searchFocusRequest + 1 }));
  },
  requestBarcodeFocus() {
    set((state) => ({ barcodeFocusRequest: state.barcodeFocusRequest + 1 }));
  },
  setHelpOpen(helpOpen) {
    set({ helpOpen });
  },
}));
