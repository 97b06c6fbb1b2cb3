import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { OpenStoreOptions } from '../../../server/store';
import { createTestDatabase } from '../../support/postgres-admin';

type StoreTarget = Pick<OpenStoreOptions, 'dataDir' | 'databaseUrl'>;

/**
 * Where a test file opens a store of its own, empty at first: a new database on the PostgreSQL
 * server of `DATABASE_URL` when set (named from `name`), else a PGlite data folder not made yet.
 * Made before the file's tests and removed after them; `target` is read inside a test.
 */
export function emptyStoreTarget(name: string): { readonly target: StoreTarget } {
  let target: StoreTarget | null = null;
  let cleanup: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
      const database = await createTestDatabase(serverUrl, `cw_${name.replaceAll('-', '_')}`);
      target = { databaseUrl: database.url };
      cleanup = database.drop;
    } else {
      const parent = await mkdtemp(join(tmpdir(), `caseworks-${name}-`));
      target = { dataDir: join(parent, 'not', 'yet', 'there') };
      cleanup = () => rm(parent, { recursive: true, force: true });
    }
  });
  afterAll(() => cleanup?.());
  return {
    get target(): StoreTarget {
      if (target === null) throw new Error('the store target is made before the tests (beforeAll)');
      return target;
    },
  };
}
