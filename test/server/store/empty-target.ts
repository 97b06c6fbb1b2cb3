import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenStoreOptions } from '../../../server/store';
import { createTestDatabase } from '../../support/postgres-admin';

/**
 * Where a test opens a store of its own, empty at first: a new database on the PostgreSQL server
 * of `DATABASE_URL` when set (named from `name`), else a PGlite data folder not made yet; and how
 * to remove it.
 */
export async function emptyStoreTarget(name: string): Promise<{ target: Pick<OpenStoreOptions, 'dataDir' | 'databaseUrl'>; cleanup: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const database = await createTestDatabase(serverUrl, `cw_${name.replaceAll('-', '_')}`);
    return { target: { databaseUrl: database.url }, cleanup: database.drop };
  }
  const parent = await mkdtemp(join(tmpdir(), `caseworks-${name}-`));
  return { target: { dataDir: join(parent, 'not', 'yet', 'there') }, cleanup: () => rm(parent, { recursive: true, force: true }) };
}
