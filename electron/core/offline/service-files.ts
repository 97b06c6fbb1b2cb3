import { createHash } from 'node:crypto';
import path from 'node:path';
import { ensureSchema } from './offline-schema';
import { loadBetterSqlite3, openSqlite, type SqliteDatabase, type SqliteLoader } from './sqlite-driver';

/** A short stable name for a service (its base URL), as the offline copy's files have always been named. */
export const serviceName = (baseUrl: string) => createHash('sha256').update(baseUrl).digest('hex').slice(0, 16);

/** One database per service, in `<dataDir>/offline/`. */
export const serviceDatabaseFile = (dataDir: string, baseUrl: string) => path.join(dataDir, 'offline', `service-${serviceName(baseUrl)}.db`);

/** Where the file-based offline copy of the release before kept a service's files (migrated, then removed). */
export const legacyServiceFolder = (dataDir: string, baseUrl: string) => path.join(dataDir, 'offline', `service-${serviceName(baseUrl)}`);

export class NewerSchemaError extends Error {}

/** Opens (creating when missing) a service's database with its schema. */
export function openServiceFile(file: string, baseUrl: string, load: SqliteLoader = loadBetterSqlite3): SqliteDatabase {
  const db = openSqlite(load(), file);
  try {
    if (!ensureSchema(db, { baseUrl })) throw new NewerSchemaError('the offline copy was written by a newer version of Caseworks');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
