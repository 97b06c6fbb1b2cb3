import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openServiceFile, serviceDatabaseFile } from '../../../electron/core/offline/service-files';
import { CHECKPOINT_KILL_BASE_URL as baseUrl, KILL_PAGE_SIZE, KILL_PAGES } from './checkpoint-kill-child';
import { runKilledChild } from '../../support/killed-child';

const CHILD = path.join(import.meta.dirname, 'checkpoint-kill-child.ts');
const KILLS = 5;

/**
 * Runs the child; `afterMs` after the thread's `checkpoints`-th answer, SIGKILL. Resolves to the
 * pages it said were committed and whether it was killed before it finished.
 */
async function runChild(dataDir: string, kill: { checkpoints: number; afterMs: number }): Promise<{ killed: boolean; pages: number; checkpoints: number }> {
  const checkpointsIn = (printed: string) => printed.match(/^checkpoint$/gm)?.length ?? 0;
  const { output, signal } = await runKilledChild(CHILD, [dataDir], (printed) => checkpointsIn(printed) >= kill.checkpoints, kill.afterMs);
  return { killed: signal === 'SIGKILL' && !/^finished$/m.test(output), pages: output.match(/^page /gm)?.length ?? 0, checkpoints: checkpointsIn(output) };
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('a sync killed while the checkpoint thread copies the log', () => {
  it(`opens intact after each of ${KILLS} SIGKILLs, with every page it committed`, async () => {
    let killedDuringWrites = 0;
    for (let kill = 0; kill < KILLS; kill += 1) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-checkpoint-kill-'));
      folders.push(dataDir);
      const run = await runChild(dataDir, { checkpoints: 1 + (kill % 3), afterMs: kill * 7 });
      expect(run.checkpoints, 'the thread checkpointed before the kill').toBeGreaterThan(0);
      if (run.killed) killedDuringWrites += 1;
      const db = openServiceFile(serviceDatabaseFile(dataDir, baseUrl), baseUrl);
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const products = db.prepare('SELECT count(*) FROM products').pluck().get() as number;
        // Every page said committed is there, whole; at most the page being written when killed beside them.
        expect(products).toBeGreaterThanOrEqual(run.pages * KILL_PAGE_SIZE);
        expect(products % KILL_PAGE_SIZE).toBe(0);
        expect(products).toBeLessThanOrEqual(Math.min(run.pages + 1, KILL_PAGES) * KILL_PAGE_SIZE);
      } finally {
        db.close();
      }
    }
    expect(killedDuringWrites, 'most kills landed while pages were still being written').toBeGreaterThanOrEqual(KILLS - 1);
  }, 120_000);
});
