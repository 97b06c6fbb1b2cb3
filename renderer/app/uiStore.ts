import { create } from 'zustand';

interface UiState {
  /** Set to ask the catalog's search box for focus (it may not be mounted yet); it clears it when done. */
  searchFocusPending: boolean;
  barcodeFocusRequest: number;
  /** Counts requests (Arrow Down in the search box) to focus the first catalog result. */
  resultFocusRequest: number;
  helpOpen: boolean;
  /** The account switcher in the header (Ctrl/Cmd+Shift+A). */
  accountSwitcherOpen: boolean;
  requestSearchFocus(): void;
  searchFocused(): void;
  requestBarcodeFocus(): void;
  requestResultFocus(): void;
  setHelpOpen(open: boolean): void;
  setAccountSwitcherOpen(open: boolean): void;
}

export const useUiStore = create<UiState>()((set) => ({
  searchFocusPending: false,
  barcodeFocusRequest: 0,
  resultFocusRequest: 0,
  helpOpen: false,
  accountSwitcherOpen: false,
  requestSearchFocus() {
    set({ searchFocusPending: true });
  },
  searchFocused() {
    set({ searchFocusPending: false });
  },
  requestBarcodeFocus() {
    set((state) => ({ barcodeFocusRequest: state.barcodeFocusRequest + 1 }));
  },
  requestResultFocus() {
    set((state) => ({ resultFocusRequest: state.resultFocusRequest + 1 }));
  },
  setHelpOpen(helpOpen) {
    set({ helpOpen });
  },
  setAccountSwitcherOpen(accountSwitcherOpen) {
    set({ accountSwitcherOpen });
  },
}));
