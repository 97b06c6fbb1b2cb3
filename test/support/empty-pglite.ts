import { openPglite, type PgliteConnection } from '../../server/db/connection';

/** Runs `work` on a new, migrated PGlite database in memory, closed after. */
export async function withEmptyDatabase(work: (connection: PgliteConnection) => Promise<void>): Promise<void> {
  const connection = await openPglite({});
  try {
    await work(connection);
  } finally {
    await connection.close();
  }
}
