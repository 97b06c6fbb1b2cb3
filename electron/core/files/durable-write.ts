import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/**
 * Writes a whole file atomically (temporary file, fsync, rename) and then syncs its folder, so the
 * rename itself survives a power cut. Resolves once both are on disk.
 */
export async function writeFileDurably(dir: string, fileName: string, contents: string | Buffer): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFileAtomic(path.join(dir, fileName), contents, { fsync: true });
  await syncDirectory(dir);
}

/** Makes a rename in `dir` durable; platforms that cannot open a folder (Windows) skip this. */
async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Best effort: the file's own data is already synced.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
