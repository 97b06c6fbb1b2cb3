import { create } from 'zustand';
import type { DatasetName } from '../../../shared/bridge';
import type { OfflineUpgradeProblem } from '../../../shared/bridge/events';

export interface DatasetProgress {
  done: number;
  total: number | null;
  finished: boolean;
}

/** The offline copy's one-time update for this version, as far as the core has told (`done` of `total` steps). */
export interface OfflineUpgrade {
  done: number;
  total: number;
}

interface StatusState {
  /** null until the core has said either way. */
  online: boolean | null;
  progress: Partial<Record<DatasetName, DatasetProgress>>;
  /** null when no update of the offline copy is under way. */
  offlineUpgrade: OfflineUpgrade | null;
  /** What stopped the last update of the offline copy (a full disk), until one is under way again. */
  offlineUpgradeProblem: OfflineUpgradeProblem | null;
  setOnline(online: boolean): void;
  setProgress(dataset: DatasetName, progress: DatasetProgress): void;
  setOfflineUpgrade(upgrade: OfflineUpgrade | null, problem: OfflineUpgradeProblem | null): void;
}

/** Connectivity, sync progress and the offline copy's update as the core reports them through events. */
export const useStatusStore = create<StatusState>()((set) => ({
  online: null,
  progress: {},
  offlineUpgrade: null,
  offlineUpgradeProblem: null,
  setOnline(online) {
    set({ online });
  },
  setProgress(dataset, progress) {
    set((state) => ({ progress: { ...state.progress, [dataset]: progress } }));
  },
  setOfflineUpgrade(offlineUpgrade, offlineUpgradeProblem) {
    set({ offlineUpgrade, offlineUpgradeProblem });
  },
}));
