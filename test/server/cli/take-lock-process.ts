import { createInterface } from 'node:readline';
import { isDataFolderInUse, lockDataFolder, type DataFolderLock } from '../../../server/data-folder-lock';

/**
 * One starter of the takeover race (data-folder-owner.test.ts): says `ready` once loaded, tries to
 * take the folder argv[2] when told `go` (so every starter looks at the same stale lock at once),
 * prints `taken` or `refused <pid>`, and holds what it took until its stdin closes.
 */
const [dataDir] = process.argv.slice(2);
let lock: DataFolderLock | null = null;
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line !== 'go') return;
  try {
    lock = lockDataFolder(dataDir as string);
    process.stdout.write('taken\n');
  } catch (error) {
    if (!isDataFolderInUse(error)) throw error;
    process.stdout.write(`refused ${error.holder.pid}\n`);
  }
});
lines.on('close', () => lock?.release());
process.stdout.write('ready\n');
