/**
 * What runs in the offline worker: one connection per service database, opened on first use, and
 * every request answered in turn. Kept free of `worker_threads` so it can be tested in-process.
 *
 * - The database module is loaded once; when it cannot be (a build for another ABI), every
 *   request fails with `unavailable` and one line saying why, and nothing else breaks.
 * - A file that is not a database or whose pages do not hold together is set aside
 *   (`<file>.damaged-<time>`), a notice tells the buyer, and an empty database takes its place,
 *   filled again by the next sync. The buyer's own files live elsewhere and are never touched.
 * - A full disk fails the write (its transaction is rolled back, the copy stays as it was) with
 *   `disk_full` and plain words; when it fails the schema's upgrade as the file opens, the words
 *   say so, and the file stays at its old version, upgraded at the next request.
 * - A file written at an older schema version is upgraded as it opens: notices tell how far the
 *   long upgrade has come (`upgrade`), and that it is over, done or not (`finished`).
 * - A service's first database takes in what the release before kept in files (legacy-files.ts).
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { createCatalogSearch } from '../search/catalog-search';
import { importLegacyFiles } from './legacy-files';
import type { FolderOp, OfflineFailureCode, OfflineNotice, ServiceOp, ServiceOps } from './offline-protocol';
import { createOfflineChoiceOps } from './offline-choice-ops';
import type { UpgradeProgress } from './offline-schema';
import { createServiceDatabase } from './service-database';
import { legacyServiceFolder, openKnownServiceFile, serviceDatabaseFile } from './service-files';
import { driverUnavailable, isDamaged, isDiskFull, loadBetterSqlite3, type SqliteConstructor, type SqliteDatabase, type SqliteLoader } from './sqlite-driver';

/**
 * One request's answer, as the worker sends it back: its value, or why the offline copy could not
 * answer (`code`, see OfflineFailureCode) in plain words. What no one expected is thrown instead,
 * and the worker sends its message with no code (offline-worker-serve.ts).
 */
export type OfflineAnswer = { ok: true; value: unknown } | { ok: false; message: string; code: OfflineFailureCode };

const refused = (message: string, code: OfflineFailureCode): OfflineAnswer => ({ ok: false, message, code });

export const DISK_FULL_MESSAGE = 'The disk is full, so the offline copy could not be saved. It stays as it was; free some space and sync again.';
export const UPGRADE_DISK_FULL_MESSAGE =
  'The disk is full, so the offline copy could not be updated for this version of Caseworks. It stays as it was and is updated when there is room: free some space and sync again. Your orders, guides, favourites and addresses are not affected.';
export const DAMAGED_MESSAGE = 'The offline copy was damaged. It was set aside and is being downloaded again from the service; your orders, guides, favourites and addresses are not affected.';

interface Opened {
  ops: ServiceOps;
  close(): void;
}

export function createOfflineHost({ dataDir, load = loadBetterSqlite3, notify = () => {} }: { dataDir: string; load?: SqliteLoader; notify?: (notice: OfflineNotice) => void }) {
  const offlineDir = path.join(dataDir, 'offline');
  const opened = new Map<string, Opened>();
  let driver: SqliteConstructor | null = null;
  let driverProblem: string | null = null;

  /** The driver, or null when it cannot be loaded (then `driverProblem` says why, once and for all). */
  function loadDriver(): SqliteConstructor | null {
    if (driver || driverProblem) return driver;
    try {
      driver = load();
    } catch (error) {
      driverProblem = driverUnavailable(error);
    }
    return driver;
  }

  function setAside(baseUrl: string, file: string, reason: string) {
    const movedTo = `${file}.damaged-${Date.now()}`;
    let moved: string | null = movedTo;
    try {
      renameSync(file, movedTo);
    } catch {
      moved = null;
      rmSync(file, { force: true });
    }
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    notify({ notice: 'problem', baseUrl, file, movedTo: moved, message: `${DAMAGED_MESSAGE} (${reason})` });
  }

  /**
   * The service's database, opened on first use. `upgrade.ran` is set when opening it upgraded the
   * schema (its notices were sent, the last `finished`), even when the upgrade then failed.
   */
  function openService(baseUrl: string, Driver: SqliteConstructor, upgrade: { ran: boolean }): Opened {
    const existing = opened.get(baseUrl);
    if (existing) return existing;
    mkdirSync(offlineDir, { recursive: true });
    const file = serviceDatabaseFile(dataDir, baseUrl);
    // A write-ahead log left behind means the last process did not close the database (it was
    // killed, or the machine lost power): then every page is looked at once before use. Otherwise a
    // damaged page is met when it is read (SQLITE_CORRUPT), and set aside then (see failure()).
    // Checking every page at each start would cost seconds at a million products.
    const uncleanShutdown = existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0;
    const progress = (done: number, total: number) => {
      upgrade.ran = true;
      notify({ notice: 'upgrade', baseUrl, done, total, finished: false });
    };
    let db: SqliteDatabase | null;
    let told = { done: 0, total: 0 };
    try {
      db = openOrSetAside(baseUrl, file, Driver, uncleanShutdown, (done, total) => ((told = { done, total }), progress(done, total)));
    } finally {
      if (upgrade.ran) notify({ notice: 'upgrade', baseUrl, ...told, finished: true });
    }
    if (!db) {
      const fresh = openKnownServiceFile(file, baseUrl, Driver);
      if (!fresh.ok) throw new Error(`the offline copy just created at ${file} was not one this version writes`);
      db = fresh.db;
    }
    const database = createServiceDatabase(db);
    const search = createCatalogSearch(database);
    const { db: _db, sql: _sql, transaction: _transaction, index: _index, choice: _choice, removeProduct: _remove, catalogTransaction: _catalog, ...writes } = database;
    const ops: ServiceOps = {
      ...writes,
      ...createOfflineChoiceOps(database),
      searchItemsJson: search.searchItemsJson,
      lookupCode: search.lookupCode,
      matchCodes: search.matchCodes,
      products: search.products,
      supplierRegions: search.supplierRegions,
      catalogAsOf: search.asOf,
      readSearchIndex: () => {
        if (database.index.loaded) return false;
        database.index.ready();
        return true;
      },
    };
    const entry: Opened = { ops, close: () => db.close() };
    opened.set(baseUrl, entry);
    const legacy = legacyServiceFolder(dataDir, baseUrl);
    if (existsSync(legacy)) {
      importLegacyFiles(database, legacy, baseUrl);
      rmSync(legacy, { recursive: true, force: true });
      // The file-based copy's search snapshot (and its saved first answer) of this service.
      for (const name of safeList(path.join(dataDir, 'search'))) {
        if (name.startsWith(path.basename(legacy).slice('service-'.length))) rmSync(path.join(dataDir, 'search', name), { force: true });
      }
    }
    return entry;
  }

  /**
   * The database at `file`, or null when it was set aside (not a database, damaged pages met by the
   * quick check after an unclean shutdown, or written by a newer version): then an empty one takes
   * its place. SQLite says damage only by throwing, so its throw is read here, where it happens.
   */
  function openOrSetAside(baseUrl: string, file: string, Driver: SqliteConstructor, uncleanShutdown: boolean, progress: UpgradeProgress): SqliteDatabase | null {
    let db: SqliteDatabase | undefined;
    let reason: string;
    try {
      const opening = openKnownServiceFile(file, baseUrl, Driver, progress);
      if (opening.ok) {
        db = opening.db;
        if (!uncleanShutdown || (db.pragma('quick_check(1)', { simple: true }) as string) === 'ok') return db;
        db.close();
        reason = 'the quick check failed';
      } else {
        reason = opening.message;
      }
    } catch (error) {
      db?.close();
      if (!isDamaged(error)) throw error;
      reason = error instanceof Error ? error.message : String(error);
    }
    setAside(baseUrl, file, reason);
    return null;
  }

  /**
   * What SQLite's throw means for the buyer: a full disk, or (for a service's database) damaged
   * pages, set aside; null for anything else, which is not expected and is thrown on.
   */
  function failure(baseUrl: string | null, error: unknown, upgrading = false): OfflineAnswer | null {
    if (isDiskFull(error)) return refused(upgrading ? UPGRADE_DISK_FULL_MESSAGE : DISK_FULL_MESSAGE, 'disk_full');
    if (baseUrl !== null && isDamaged(error)) {
      const entry = opened.get(baseUrl);
      opened.delete(baseUrl);
      entry?.close();
      setAside(baseUrl, serviceDatabaseFile(dataDir, baseUrl), error instanceof Error ? error.message : String(error));
      return refused(DAMAGED_MESSAGE, 'damaged');
    }
    return null;
  }

  const folder = {
    sizeOnDisk(): number {
      let total = 0;
      for (const name of safeList(offlineDir)) total += sizeOf(path.join(offlineDir, name));
      return total;
    },
    clearAll(): number {
      const freed = folder.sizeOnDisk();
      for (const entry of opened.values()) entry.close();
      opened.clear();
      for (const name of safeList(offlineDir)) rmSync(path.join(offlineDir, name), { recursive: true, force: true });
      return freed;
    },
    memory: () => ({ heapUsed: process.memoryUsage().heapUsed }),
  };

  return {
    service(baseUrl: string, op: ServiceOp, args: unknown[]): OfflineAnswer {
      const Driver = loadDriver();
      if (!Driver) return refused(driverProblem ?? driverUnavailable(null), 'unavailable');
      const upgrade = { ran: false };
      let entry: Opened | undefined;
      try {
        entry = openService(baseUrl, Driver, upgrade);
        const value = (entry.ops[op] as (...values: unknown[]) => unknown)(...args);
        return { ok: true, value };
      } catch (error) {
        // A failure before the database opened, while its schema was being upgraded.
        const answer = failure(baseUrl, error, upgrade.ran && !entry);
        if (answer) return answer;
        throw error;
      }
    },
    folder(op: FolderOp, args: unknown[]): OfflineAnswer {
      try {
        return { ok: true, value: (folder[op] as (...values: unknown[]) => unknown)(...args) };
      } catch (error) {
        const answer = failure(null, error);
        if (answer) return answer;
        throw error;
      }
    },
    /** Loads the SQLite driver now rather than at the first request (the worker does as it starts); a failure waits for that request to tell it. */
    warm(): void {
      loadDriver();
    },
    close() {
      for (const entry of opened.values()) entry.close();
      opened.clear();
    },
  };
}

export type OfflineHost = ReturnType<typeof createOfflineHost>;

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function sizeOf(file: string): number {
  try {
    const info = statSync(file);
    if (!info.isDirectory()) return info.size;
    return safeList(file).reduce((sum, name) => sum + sizeOf(path.join(file, name)), 0);
  } catch {
    return 0;
  }
}
