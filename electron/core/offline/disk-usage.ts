import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Total size in bytes of the files under a folder (0 if it does not exist). */
export async function bytesUnder(path: string): Promise<number> {
  let info;
  try {
    info = await lstat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.size;
  let entries: string[];
  try {
    entries = await readdir(path);
  } catch {
    return 0;
  }
  let total = 0;
  for (const entry of entries) total += await bytesUnder(join(path, entry));
  return total;
}
