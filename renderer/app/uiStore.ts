import { create } from 'zustand';

interface UiState {
  /** Set to ask the catalog's search box for focus (it may not be mounted yet); it clears it when done. */
  searchFocusPending: boolean;
  barcodeFocusRequest: number;
  helpOpen: boolean;
  requestSearchFocus(): void;
  searchFocused(): void;
  requestBarcodeFocus(): void;
  setHelpOpen(open: boolean): void;
}

export const useUiStore = create<UiState>()((set) => ({
  searchFocusPending: false,
  barcodeFocusRequest: 0,
  helpOpen: false,
  requestSearchFocus() {
    set({ searchFocusPending: true });
  },
  searchFocused() {
    set({ searchFocusPending: false });
  },
  requestBarcodeFocus() {
    set((state) => ({ barcodeFocusRequest: state.barcodeFocusRequest + 1 }));
  },
  setHelpOpen(helpOpen) {
    set({ helpOpen });
  },
}));
