import { createHash } from 'node:crypto';
import path from 'node:path';
import { ensureSchema, type UpgradeProgress } from './offline-schema';
import { loadBetterSqlite3, openSqlite, type SqliteConstructor, type SqliteDatabase, type SqliteLoader } from './sqlite-driver';

/** A short stable name for a service (its base URL), as the offline copy's files have always been named. */
export const serviceName = (baseUrl: string) => createHash('sha256').update(baseUrl).digest('hex').slice(0, 16);

/** One database per service, in `<dataDir>/offline/`. */
export const serviceDatabaseFile = (dataDir: string, baseUrl: string) => path.join(dataDir, 'offline', `service-${serviceName(baseUrl)}.db`);

/** Where the file-based offline copy of the release before kept a service's files (migrated, then removed). */
export const legacyServiceFolder = (dataDir: string, baseUrl: string) => path.join(dataDir, 'offline', `service-${serviceName(baseUrl)}`);

/** A service's database opened, or refused because a newer version of Caseworks wrote it (then it is closed). */
export type OpenedServiceFile = { ok: true; db: SqliteDatabase } | { ok: false; message: string };

/**
 * Opens (creating when missing) a service's database with its schema; one a newer version wrote is
 * refused, as a value. `progress` hears of a long upgrade of the schema (see ensureSchema).
 */
export function openKnownServiceFile(file: string, baseUrl: string, Driver: SqliteConstructor, progress?: UpgradeProgress): OpenedServiceFile {
  const db = openSqlite(Driver, file);
  try {
    if (ensureSchema(db, { baseUrl }, progress)) return { ok: true, db };
  } catch (error) {
    db.close();
    throw error;
  }
  db.close();
  return { ok: false, message: 'the offline copy was written by a newer version of Caseworks' };
}

/** Opens a service's database for a tool or a test, where a newer one is not expected. */
export function openServiceFile(file: string, baseUrl: string, load: SqliteLoader = loadBetterSqlite3): SqliteDatabase {
  const opened = openKnownServiceFile(file, baseUrl, load());
  if (!opened.ok) throw new Error(opened.message);
  return opened.db;
}
