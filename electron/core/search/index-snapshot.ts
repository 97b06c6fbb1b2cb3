import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip, gzip, constants } from 'node:zlib';
import writeFileAtomic from 'write-file-atomic';

/** Bump when the indexed fields or term processing change: older snapshots are then rebuilt. */
const SNAPSHOT_VERSION = 3;
const SNAPSHOT_FORMAT = 'caseworks-search-index';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

interface SnapshotHeader {
  format: typeof SNAPSHOT_FORMAT;
  version: number;
  /** The checksum of the catalog file the index was built from. */
  catalogSha256: string;
}

/**
 * The text index saved as gzip (about a quarter of the JSON's size) with the catalog checksum it
 * belongs to; a snapshot of another catalog, another version or unreadable bytes is ignored.
 */
export async function readIndexSnapshot(file: string, catalogSha256: string): Promise<string | null> {
  try {
    const text = (await gunzipAsync(await readFile(file))).toString('utf8');
    const headerEnd = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, headerEnd)) as Partial<SnapshotHeader>;
    if (header.format !== SNAPSHOT_FORMAT || header.version !== SNAPSHOT_VERSION || header.catalogSha256 !== catalogSha256) return null;
    return text.slice(headerEnd + 1);
  } catch {
    return null;
  }
}

export async function writeIndexSnapshot(file: string, catalogSha256: string, index: string): Promise<number> {
  const header: SnapshotHeader = { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, catalogSha256 };
  const packed = await gzipAsync(`${JSON.stringify(header)}\n${index}`, { level: constants.Z_BEST_SPEED });
  await writeFileAtomic(file, packed);
  return packed.length;
}
