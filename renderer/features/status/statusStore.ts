import { create } from 'zustand';
import type { DatasetName } from '../../../shared/bridge';

export interface DatasetProgress {
  done: number;
  total: number | null;
  finished: boolean;
}

interface StatusState {
  /** null until the core has said either way. */
  online: boolean | null;
  progress: Partial<Record<DatasetName, DatasetProgress>>;
  setOnline(online: boolean): void;
  setProgress(dataset: DatasetName, progress: DatasetProgress): void;
}

/** Connectivity and sync progress as the core reports them through events. */
export const useStatusStore = create<StatusState>()((set) => ({
  online: null,
  progress: {},
  setOnline(online) {
    set({ online });
  },
  setProgress(dataset, progress) {
    set((state) => ({ progress: { ...state.progress, [dataset]: progress } }));
  },
}));
