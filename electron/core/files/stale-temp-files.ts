import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Temporary files of atomic writes that a killed process left behind.
 *
 * write-file-atomic writes `<file>.<uint32>` and renames it over `<file>`; electron-store (through
 * `atomically`) writes `<file>.tmp-<16 characters>`. A process killed between the two steps
 * (SIGKILL, power loss) leaves the temporary file, and nothing ever removes it: every later write
 * picks a new name. The files the app writes this way end in one of these extensions.
 */
const TEMP_FILE = /^.+\.(?:json|jsonl|cache|snapshot|img|damaged-\w+)\.(?:\d{1,10}|tmp-\d{10}[0-9a-f]{6})$/;

export const isAtomicWriteLeftover = (name: string): boolean => TEMP_FILE.test(name);

export interface StaleTempFileOptions {
  /** Only files last written before this moment are stale; newer ones may be a write in progress. */
  before: Date;
  /** Folders (relative to the root, `/`-separated) whose subfolders are not looked into (a database's own files). */
  shallow?: readonly string[];
  /** How deep to look; the app's folders are at most four levels deep. */
  maxDepth?: number;
}

/**
 * Removes the leftovers of interrupted atomic writes under `root` (the app's data folder) and
 * returns their paths. Run at start, before the app writes: a leftover is never a file the app
 * reads, so removing it loses nothing.
 */
export async function removeStaleTempFiles(root: string, options: StaleTempFileOptions): Promise<string[]> {
  const removed: string[] = [];
  const shallow = new Set(options.shallow ?? []);
  const maxDepth = options.maxDepth ?? 5;
  const visit = async (dir: string, relative: string, depth: number): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      const childRelative = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (depth < maxDepth && !shallow.has(relative)) await visit(full, childRelative, depth + 1);
      } else if (entry.isFile() && isAtomicWriteLeftover(entry.name)) {
        const info = await stat(full).catch(() => null);
        if (!info || info.mtimeMs >= options.before.getTime()) continue;
        await rm(full, { force: true }).then(
          () => removed.push(full),
          () => undefined,
        );
      }
    }
  };
  await visit(root, '', 0);
  return removed;
}
