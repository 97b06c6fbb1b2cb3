import { isDataFolderInUse, lockDataFolder } from '../../../server/data-folder-lock';

/**
 * One starter of the takeover race (data-folder-owner.test.ts): waits for the moment given in
 * argv[3] so every starter looks at the same stale lock at once, tries to take the folder argv[2],
 * prints `taken` or `refused <pid>`, holds what it took for a second, and exits.
 */
const [dataDir, startAt] = process.argv.slice(2);
while (Date.now() < Number(startAt));
try {
  const lock = lockDataFolder(dataDir as string);
  process.stdout.write('taken\n');
  setTimeout(() => lock.release(), 1_000);
} catch (error) {
  if (!isDataFolderInUse(error)) throw error;
  process.stdout.write(`refused ${error.holder.pid}\n`);
}
