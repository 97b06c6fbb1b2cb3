import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { openPglite } from '../../../server/db/connection';
import { products } from '../../../server/db/schema';
import { openStore } from '../../../server/store';
import { DATA_FOLDER_IN_USE_EXIT_CODE, lockDataFolder } from '../../../server/data-folder-lock';

const folder = mkdtempSync(join(tmpdir(), 'caseworks-price-update-'));

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** `npm run server:price-update -- …` on PGlite (DATABASE_URL removed). */
function run(args: string[]) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/price-update-cli.ts', ...args], { env, encoding: 'utf8', timeout: 120_000 });
}

describe('npm run server:price-update', () => {
  it('prints its usage, and refuses bad arguments or a missing folder with exit code 2', { timeout: 180_000 }, () => {
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--every <n>/);
    for (const args of [['--data', folder, '--every', '0'], ['--data', folder, '--percent', '-100'], ['--data', folder, '--nope'], ['--every', '5'], ['--data', join(folder, 'missing')]]) {
      const refused = run(args);
      expect(refused.status, args.join(' ')).toBe(2);
      expect(refused.stderr, args.join(' ')).toMatch(/^error: /);
    }
  });

  it('reprices every n-th product of a stopped data folder, in id order', { timeout: 180_000 }, async () => {
    const dataDir = join(folder, 'data');
    const seeded = await openStore({ dataDir, catalogSize: 200, publicBaseUrl: () => '' });
    await seeded.store.close();
    const prices = async () => {
      const connection = await openPglite({ dataDir });
      try {
        return await connection.db.select({ id: products.id, cents: products.casePriceCents }).from(products).orderBy(asc(products.id));
      } finally {
        await connection.close();
      }
    };
    const before = await prices();
    const done = run(['--data', dataDir, '--every', '50', '--percent', '10']);
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(/^4 products repriced by 10 % in /);
    const after = await prices();
    expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));
    after.forEach((row, index) => {
      const old = before[index]?.cents as number;
      expect(row.cents, row.id).toBe((index + 1) % 50 === 0 ? Math.round(old * 1.1) : old);
    });
  });

  it('refuses a data folder a live service holds (exit code 75) and changes nothing', { timeout: 180_000 }, async () => {
    const dataDir = join(folder, 'held');
    const seeded = await openStore({ dataDir, catalogSize: 100, publicBaseUrl: () => '' });
    await seeded.store.close();
    const prices = async () => {
      const connection = await openPglite({ dataDir });
      try {
        return await connection.db.select({ id: products.id, cents: products.casePriceCents }).from(products).orderBy(asc(products.id));
      } finally {
        await connection.close();
      }
    };
    const before = await prices();
    // This test's process holds it, as a running service would.
    const lock = lockDataFolder(dataDir);
    try {
      const refused = run(['--data', dataDir, '--every', '10']);
      expect(refused.status).toBe(DATA_FOLDER_IN_USE_EXIT_CODE);
      expect(refused.stderr).toMatch(/^error: /);
    } finally {
      lock.release();
    }
    expect(await prices()).toEqual(before);
  });
});
