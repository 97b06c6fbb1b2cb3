import { openPglite, type PgliteConnection } from '../../../server/db/connection';
import { openStoreOn, type OpenStoreOptions, type OpenedStore } from '../../../server/store';
import { createSqlStore } from '../../../server/store/sql-store';
import type { ServiceOptions } from '../../../server/main';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { createTestDatabase } from '../../support/postgres-admin';

/**
 * One database that several in-process service instances share, as several processes share one
 * PostgreSQL server in production:
 * - PostgreSQL (`DATABASE_URL` set): a database of its own; each instance opens its own pool on it.
 * - PGlite: one in-memory database; each instance gets its own store on that one connection.
 * `service()` gives what to pass to `startService` for one more instance.
 */
export interface SharedDatabase {
  kind: 'pglite' | 'postgres';
  service(): Pick<ServiceOptions, 'databaseUrl' | 'openStore'>;
  close(): Promise<void>;
}

/** A database with nothing in it: no schema, no data. */
export async function emptySharedDatabase(): Promise<SharedDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const database = await createTestDatabase(serverUrl, 'cw_empty');
    return { kind: 'postgres', service: () => ({ databaseUrl: database.url }), close: database.drop };
  }
  let connection: Promise<PgliteConnection> | null = null;
  return {
    kind: 'pglite',
    service: () => ({
      openStore: async (options: OpenStoreOptions): Promise<OpenedStore> => {
        connection ??= openPglite({});
        return openStoreOn(await connection, options, async () => undefined);
      },
    }),
    close: async () => {
      if (connection) await (await connection).close();
    },
  };
}

/** The seeded test database (a copy of the template), shared; `testStore` looks at its rows. */
export async function seededSharedDatabase(): Promise<SharedDatabase & { testStore: TestStore }> {
  const testStore = await createTestStore();
  if (testStore.databaseUrl) {
    const databaseUrl = testStore.databaseUrl;
    return { kind: 'postgres', testStore, service: () => ({ databaseUrl }), close: () => testStore.close() };
  }
  return {
    kind: 'pglite',
    testStore,
    service: () => ({
      openStore: async ({ publicBaseUrl }: OpenStoreOptions): Promise<OpenedStore> => ({
        store: createSqlStore(testStore.db, { publicBaseUrl, close: async () => undefined }),
        seeded: false,
        demoCredentials: testStore.demoCredentials,
      }),
    }),
    close: () => testStore.close(),
  };
}
