import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../electron/core/offline/offline-schema';
import { openServiceFile, serviceDatabaseFile } from '../../../electron/core/offline/service-files';
import { UPGRADE_KILL_BASE_URL as baseUrl } from './upgrade-child';
import { digest, tableDigests, versionFourCopy } from './version-four-file';
import { runKilledChild } from '../../support/killed-child';

const CHILD = path.join(import.meta.dirname, 'upgrade-child.ts');
const KILLS = 5;
/** 30,000 products: two steps of positions, then five to finish and the commit (UPGRADE_STEP_POSITIONS). */
const COPIES = 200;
const STEPS = 2 + 6;

/**
 * Runs the upgrade child; once it has told `killAtStep` steps done (0: as the upgrade starts),
 * `killAfterMs` later, SIGKILL. `killed`: it died before answering.
 */
async function runChild(dataDir: string, kill: { atStep: number; afterMs: number } | null): Promise<{ killed: boolean; steps: number; done: unknown }> {
  const told = kill === null ? null : kill.atStep === 0 ? /^upgrading$/m : new RegExp(`^step ${kill.atStep}/`, 'm');
  const { output, signal } = await runKilledChild(CHILD, [dataDir], told && ((printed) => told.test(printed)), kill?.afterMs ?? 0);
  const line = output.split('\n').find((text) => text.startsWith('done '));
  return { killed: signal === 'SIGKILL' && !line, steps: output.match(/^step /gm)?.length ?? 0, done: line ? JSON.parse(line.slice(5)) : null };
}

/** Every table the upgrade must leave alone (all but the details), and the dataset sizes but the details'. */
function untouched(db: Database.Database): Record<string, { rows: number; sha: string }> {
  const each = tableDigests(db, ['product_details', 'product_details_v4', 'datasets']);
  return { ...each, datasets: digest(db, "SELECT * FROM datasets WHERE NOT (account = '' AND name = 'productDetails') ORDER BY account, name") };
}

/** Each listed product's detail, by position, as version 4 held it (keyed by id) or version 5 does. */
const DETAILS_V4 = 'SELECT p.pos, d.id, d.etag, d.fetched_at, d.country, d.sku, d.upc, d.json FROM products p JOIN product_details d ON d.id = p.id ORDER BY p.pos';
const DETAILS_V5 = 'SELECT pos, id, etag, fetched_at, country, sku, upc, json FROM product_details ORDER BY pos';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the schema 5 upgrade killed at random moments', () => {
  it(`opens intact after each of ${KILLS} SIGKILLs, at version 4 or 5, and ends upgraded with every product, detail and buyer's row as it was`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-upgrade-kill-'));
    folders.push(dataDir);
    const file = serviceDatabaseFile(dataDir, baseUrl);
    versionFourCopy(file, COPIES);
    // The buyer's own rows this file can hold, beyond the fixture's order and account.
    const seed = new Database(file);
    seed.exec(`
      INSERT INTO order_details (account, id, etag, fetched_at, json) VALUES ('org_buyer', 'ord_1', '"o1"', '2026-11-27T08:00:00.000Z', '{"id":"ord_1","items":[]}');
      INSERT INTO webhooks (account, id, position, json) VALUES ('org_buyer', 'wh_1', 0, '{"id":"wh_1"}');
      INSERT INTO dataset_status (account, name, updated_at, count) VALUES ('org_buyer', 'orders', '2026-11-27T08:00:00.000Z', 1);
    `);
    const details = digest(seed, DETAILS_V4);
    const versionFourDetails = digest(seed, 'SELECT * FROM product_details ORDER BY rowid');
    const kept = untouched(seed);
    seed.close();
    expect(details.rows).toBe(150 * COPIES);
    expect(kept.orders!.rows).toBe(1);

    // A fixed sequence of random moments: after one of the upgrade's steps (0: its start; the
    // last told before the commit: during it), up to 50 ms later.
    let state = 11;
    const next = (below: number) => {
      state = (state * 48_271) % 2_147_483_647;
      return state % below;
    };
    const nextMoment = () => ({ atStep: next(STEPS), afterMs: next(50) });
    let killedMidway = 0;
    const versions: number[] = [];
    for (let run = 0; run < KILLS; run += 1) {
      const { killed, done } = await runChild(dataDir, nextMoment());
      if (killed) killedMidway += 1;
      else expect(done).toEqual({ ok: true, value: 150 * COPIES });
      const db = new Database(file);
      try {
        expect(db.pragma('integrity_check', { simple: true }), `after run ${run + 1}`).toBe('ok');
        const version = db.pragma('user_version', { simple: true }) as number;
        versions.push(version);
        expect(untouched(db), `after run ${run + 1}`).toEqual(kept);
        if (version === 4) {
          expect(killed, 'only a kill leaves version 4').toBe(true);
          expect(digest(db, 'SELECT * FROM product_details ORDER BY rowid')).toEqual(versionFourDetails);
        } else {
          expect(version).toBe(SCHEMA_VERSION);
          expect(digest(db, DETAILS_V5)).toEqual(details);
        }
      } finally {
        db.close();
      }
      if (versions.at(-1) === SCHEMA_VERSION) break;
    }
    expect(killedMidway, `kills that landed inside the upgrade (versions after each: ${versions.join(', ')})`).toBeGreaterThanOrEqual(Math.min(versions.length, KILLS - 1));

    // The next start upgrades what is left, and the copy holds what it held.
    const db = openServiceFile(file, baseUrl);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(digest(db, DETAILS_V5)).toEqual(details);
      expect(untouched(db)).toEqual(kept);
      expect(db.prepare("SELECT count FROM datasets WHERE account = '' AND name = 'productDetails'").pluck().get()).toBe(150 * COPIES);
    } finally {
      db.close();
    }
  }, 120_000);
});
