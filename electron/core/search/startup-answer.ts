/**
 * The first screen of the last session: the answer to the first catalog search after the index
 * was loaded, saved next to the index snapshot with the checksums of the catalog and details files
 * it was computed from. At the next start the same first search is answered from it while the
 * index is still loading (seconds at 50,000 products), provided those files are unchanged, so the
 * catalog shows at once. Any other search waits for the index.
 */
import { readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import type { CatalogSearchQuery, CatalogSearchResult } from '../../../shared/bridge';
import { readCacheHeader } from '../offline/cache-file';
import type { CatalogSource } from './search-protocol';

const FORMAT = 'caseworks-startup-answer';
/** Bump when what a search answers changes shape or meaning: older answers are then ignored. */
const VERSION = 1;

/** The files a catalog index is made of, by checksum; null when the catalog cannot be read. */
export async function sourceChecksums(source: CatalogSource): Promise<{ catalog: string; details: string | null } | null> {
  const catalog = await readCacheHeader(source.catalogFile, { dataset: 'catalog', scope: source.scope });
  if (catalog.kind !== 'header') return null;
  const details = source.detailsFile ? await readCacheHeader(source.detailsFile, { dataset: 'productDetails', scope: source.scope }) : null;
  return { catalog: catalog.header.sha256, details: details?.kind === 'header' ? details.header.sha256 : null };
}

export const startupAnswerFile = (source: CatalogSource): string | null => (source.snapshotFile ? `${source.snapshotFile}.first.json` : null);

/** One text per query, whatever the order of its fields. */
export const queryText = (query: CatalogSearchQuery): string =>
  JSON.stringify(Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined).sort(([a], [b]) => a.localeCompare(b))));

interface StoredAnswer {
  format: typeof FORMAT;
  version: number;
  catalog: string;
  details: string | null;
  query: string;
  result: CatalogSearchResult;
}

export interface StartupAnswer {
  query: string;
  result: CatalogSearchResult;
}

/** The saved first answer when it was computed from the catalog and details as they are now. */
export async function readStartupAnswer(source: CatalogSource): Promise<StartupAnswer | null> {
  const file = startupAnswerFile(source);
  if (!file) return null;
  try {
    const [stored, checksums] = await Promise.all([readFile(file, 'utf8').then((text) => JSON.parse(text) as Partial<StoredAnswer>), sourceChecksums(source)]);
    if (stored.format !== FORMAT || stored.version !== VERSION || !checksums) return null;
    if (stored.catalog !== checksums.catalog || stored.details !== checksums.details) return null;
    if (typeof stored.query !== 'string' || !stored.result) return null;
    return { query: stored.query, result: stored.result };
  } catch {
    return null;
  }
}

export async function writeStartupAnswer(
  source: CatalogSource,
  checksums: { catalog: string; details: string | null },
  query: CatalogSearchQuery,
  result: CatalogSearchResult,
): Promise<void> {
  const file = startupAnswerFile(source);
  if (!file) return;
  const stored: StoredAnswer = { format: FORMAT, version: VERSION, ...checksums, query: queryText(query), result };
  await writeFileAtomic(file, JSON.stringify(stored));
}
