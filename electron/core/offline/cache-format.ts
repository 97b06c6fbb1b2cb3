import { z } from 'zod';

/**
 * The file format of the offline copy before the database (read only to migrate it, see
 * legacy-files.ts): one dataset per file, a header line (JSON) followed by one JSON record per line.
 */
export const CACHE_FORMAT = 'caseworks-cache';
export const CACHE_VERSION = 1;

export const CacheHeader = z.object({
  format: z.literal(CACHE_FORMAT),
  version: z.number().int(),
  dataset: z.string(),
  scope: z.object({ baseUrl: z.string(), accountId: z.string().nullable() }),
  savedAt: z.string(),
  /** Validators of the service's responses this file was built from, keyed by resource (e.g. `page:3`). */
  etags: z.record(z.string(), z.string()),
  count: z.number().int().nonnegative(),
  records: z.number().int().nonnegative(),
  bodyBytes: z.number().int().nonnegative(),
  sha256: z.string(),
  meta: z.record(z.string(), z.unknown()).default({}),
});
export type CacheHeader = z.infer<typeof CacheHeader>;
