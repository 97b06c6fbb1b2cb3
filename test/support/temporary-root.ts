import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SHARED_TMPDIR = 'CASEWORKS_TEST_SHARED_TMPDIR';

/**
 * The temporary folder that test files share: where seeded templates are kept from one file to
 * the next (`os.tmpdir()` inside a test file is that file's own root, removed when it ends).
 */
export const sharedTmpdir = (): string => process.env[SHARED_TMPDIR] ?? tmpdir();

/** A folder under the system's temporary folder that `os.tmpdir()` names until `leave` removes it with all it holds. */
export interface TemporaryRoot {
  readonly dir: string;
  readonly leave: () => void;
}

/**
 * Points `TMPDIR` (which `os.tmpdir()` reads on every call) at a fresh folder, so that every
 * temporary folder a test file makes lands in it and goes with it, whether or not the test
 * removed its own.
 */
export function enterTemporaryRoot(prefix = 'caseworks-test-'): TemporaryRoot {
  const previous = process.env.TMPDIR;
  process.env[SHARED_TMPDIR] ??= tmpdir();
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  process.env.TMPDIR = dir;
  return {
    dir,
    leave: () => {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
