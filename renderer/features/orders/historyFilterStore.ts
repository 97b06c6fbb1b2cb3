import { create } from 'zustand';

/** The order history filter as the buyer set it (client state; checked before it reaches main). */
export interface HistoryFilterFields {
  supplierId: string;
  /** `YYYY-MM-DD` from the date fields, '' for no bound. */
  from: string;
  to: string;
  search: string;
  /** The date field holds something that is not a whole date yet (the browser reports it; its value is then ''). */
  fromIncomplete: boolean;
  toIncomplete: boolean;
}

export const EMPTY_HISTORY_FILTER: HistoryFilterFields = { supplierId: '', from: '', to: '', search: '', fromIncomplete: false, toIncomplete: false };

interface HistoryFilterState {
  fields: HistoryFilterFields;
  setFields(change: Partial<HistoryFilterFields>): void;
  clear(): void;
}

/** Kept while the app runs, so the filter is still set on coming back from an order. */
export const useHistoryFilterStore = create<HistoryFilterState>((set) => ({
  fields: EMPTY_HISTORY_FILTER,
  setFields: (change) => set((state) => ({ fields: { ...state.fields, ...change } })),
  clear: () => set({ fields: EMPTY_HISTORY_FILTER }),
}));
