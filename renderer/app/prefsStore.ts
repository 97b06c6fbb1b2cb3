import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type CatalogView = 'cards' | 'table';

interface PrefsState {
  catalogView: CatalogView;
  setCatalogView(view: CatalogView): void;
}

export const usePrefsStore = create<PrefsState>()(
  persist(
    (set) => ({
      catalogView: 'cards',
      setCatalogView(catalogView) {
        set({ catalogView });
      },
    }),
    { name: 'caseworks-prefs', version: 1, storage: createJSONStorage(() => localStorage) },
  ),
);
