import type { SafeStorageLike, SettingsStore } from './vault';
import type { PdfHost } from './order-sheet/save-pdf';

export type { SafeStorageLike, SettingsStore };

/** A child process running the embedded service, as `utilityProcess.fork` or `child_process.fork` give it. */
export interface ForkedProcess {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number | null) => void): unknown;
  kill(): boolean;
  readonly pid?: number | undefined;
}

/** What became of a file the user was asked where to save. */
/** What a save dialog offers for a CSV file (order history, order guides). */
export const CSV_FILE_TYPE = { filterName: 'CSV (comma-separated values)', extension: 'csv' } as const;

export type SaveFileOutcome = { saved: true; fileName: string } | { saved: false; reason: 'cancelled' | 'unsupported' };

export type ForkService = (options: { env: Record<string, string> }) => ForkedProcess;

/** Everything the core needs from its host, so the same core runs in Electron and in the browser shell. */
export interface CaseworksPlatform {
  /** Where caches, the outbox and the embedded service's database live. */
  dataDir: string;
  keyStore: {
    /** null: keys are kept in memory only (the browser shell). */
    safeStorage: SafeStorageLike | null;
    settings: SettingsStore;
  };
  fetch: typeof fetch;
  forkService: ForkService;
  notify(title: string, body: string): void;
  /**
   * Opens an https URL in the user's browser; false when it could not. Absent where the page is in
   * a browser already and opens links itself (the browser shell).
   */
  openExternal?(url: string): Promise<boolean>;
  /** Saves the window as a PDF through a save dialog (Electron); absent where the page prints itself (the browser shell). */
  pdfHost?: PdfHost;
  /**
   * Asks the user where to save a text file (a save dialog) and writes it there. A host without one
   * (the browser shell) leaves it out: the page downloads the file itself.
   */
  saveFile?(request: { suggestedName: string; contents: string; filterName: string; extension: string }): Promise<SaveFileOutcome>;
  now(): Date;
  /** Test and demo knobs for the embedded service's fulfilment simulator. */
  embeddedService?: { shipDelayMs?: number; deliverDelayMs?: number };
  /** The service to use instead of the demo, when the environment names one (browser shell). */
  presetService?: { baseUrl: string; apiKey: string };
  log?(message: string): void;
}

export interface ProductImage {
  body: Uint8Array;
  contentType: string;
}
