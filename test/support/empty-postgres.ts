import { openPostgres, type Connection } from '../../server/db/connection';
import { createTestDatabase } from './postgres-admin';

/**
 * Runs `work` on an empty, migrated database of its own on the DATABASE_URL server, dropped after:
 * seeding on PostgreSQL copies through node-postgres (COPY FROM STDIN), which PGlite cannot stand
 * in for. `create` is added to its CREATE DATABASE (a collation, say).
 */
export async function withEmptyPostgres(work: (connection: Connection) => Promise<void>, create = ''): Promise<void> {
  const database = await createTestDatabase(process.env.DATABASE_URL as string, 'cw_seeding', create);
  try {
    const connection = await openPostgres({ databaseUrl: database.url });
    try {
      await work(connection);
    } finally {
      await connection.close();
    }
  } finally {
    await database.drop();
  }
}
