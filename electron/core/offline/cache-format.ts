import { z } from 'zod';

/**
 * One offline dataset per file: a header line (JSON) followed by one JSON record per line. The
 * header carries what is needed to trust the body (format, version, scope, length, checksum), so a
 * truncated, corrupt, foreign or outdated file is recognised before any record is used.
 */
export const CACHE_FORMAT = 'caseworks-cache';
/** Bump when the meaning or shape of stored records changes; older files are then rebuilt. */
export const CACHE_VERSION = 1;

/** Whose data a file holds: public datasets name only the service, private ones also the account. */
export const StoreScope = z.object({ baseUrl: z.string(), accountId: z.string().nullable() });
export type StoreScope = z.infer<typeof StoreScope>;

export const CacheHeader = z.object({
  format: z.literal(CACHE_FORMAT),
  version: z.number().int(),
  dataset: z.string(),
  scope: StoreScope,
  savedAt: z.string(),
  /** Validators of the service's responses this file was built from, keyed by resource (e.g. `page:3`). */
  etags: z.record(z.string(), z.string()),
  /** How many items the dataset holds (shown to the user), not the number of lines. */
  count: z.number().int().nonnegative(),
  records: z.number().int().nonnegative(),
  bodyBytes: z.number().int().nonnegative(),
  sha256: z.string(),
  /** Small dataset-specific facts (e.g. total_pages), never bulk data. */
  meta: z.record(z.string(), z.unknown()).default({}),
});
export type CacheHeader = z.infer<typeof CacheHeader>;

export interface CacheContents<R> {
  header: CacheHeader;
  records: R[];
}

/** What a writer provides; the store fills in format, version, scope, sizes and checksum. */
export interface CacheWrite<R> {
  savedAt: string;
  etags: Record<string, string>;
  count: number;
  records: readonly R[];
  meta?: Record<string, unknown>;
}

/** A write whose records are already serialized: one JSON text per entry, without its newline. */
export type CacheLinesWrite = Omit<CacheWrite<never>, 'records'> & { lines: readonly Uint8Array[] };

export type CacheProblemReason = 'corrupt' | 'truncated' | 'foreign' | 'outdated' | 'unreadable';

/** Reported when a file had to be set aside; the dataset is rebuilt by the next sync. */
export interface CacheProblem {
  dataset: string;
  file: string;
  reason: CacheProblemReason;
  detail: string;
  movedTo: string | null;
}
