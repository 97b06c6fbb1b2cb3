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
 *   `disk_full` and plain words.
 * - A service's first database takes in what the release before kept in files (legacy-files.ts).
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { createCatalogSearch } from '../search/catalog-search';
import { importLegacyFiles } from './legacy-files';
import type { FolderOp, OfflineFailureCode, OfflineNotice, ServiceOp, ServiceOps } from './offline-protocol';
import { createOfflineChoiceOps } from './offline-choice-ops';
import { createServiceDatabase } from './service-database';
import { NewerSchemaError, legacyServiceFolder, openServiceFile, serviceDatabaseFile } from './service-files';
import { driverUnavailable, isDamaged, isDiskFull, loadBetterSqlite3, type SqliteConstructor, type SqliteLoader } from './sqlite-driver';

export class OfflineFailure extends Error {
  constructor(
    message: string,
    readonly code: OfflineFailureCode | null,
  ) {
    super(message);
  }
}

export const DISK_FULL_MESSAGE = 'The disk is full, so the offline copy could not be saved. It stays as it was; free some space and sync again.';
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

  function loadDriver(): SqliteConstructor {
    if (driver) return driver;
    if (driverProblem) throw new OfflineFailure(driverProblem, 'unavailable');
    try {
      driver = load();
      return driver;
    } catch (error) {
      driverProblem = driverUnavailable(error);
      throw new OfflineFailure(driverProblem, 'unavailable');
    }
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

  function openService(baseUrl: string): Opened {
    const existing = opened.get(baseUrl);
    if (existing) return existing;
    const Driver = loadDriver();
    mkdirSync(offlineDir, { recursive: true });
    const file = serviceDatabaseFile(dataDir, baseUrl);
    // A write-ahead log left behind means the last process did not close the database (it was
    // killed, or the machine lost power): then every page is looked at once before use. Otherwise a
    // damaged page is met when it is read (SQLITE_CORRUPT), and set aside then (see failure()).
    // Checking every page at each start would cost seconds at a million products.
    const uncleanShutdown = existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0;
    let db;
    try {
      db = openServiceFile(file, baseUrl, () => Driver);
      if (uncleanShutdown && (db.pragma('quick_check(1)', { simple: true }) as string) !== 'ok') throw Object.assign(new Error('the quick check failed'), { code: 'SQLITE_CORRUPT' });
    } catch (error) {
      db?.close();
      if (!isDamaged(error) && !(error instanceof NewerSchemaError)) throw error;
      setAside(baseUrl, file, error instanceof Error ? error.message : String(error));
      db = openServiceFile(file, baseUrl, () => Driver);
    }
    const database = createServiceDatabase(db);
    const search = createCatalogSearch(database);
    const { db: _db, sql: _sql, transaction: _transaction, index: _index, choice: _choice, removeProduct: _remove, catalogTransaction: _catalog, ...writes } = database;
    const ops: ServiceOps = {
      ...writes,
      ...createOfflineChoiceOps(database),
      search: search.search,
      lookupCode: search.lookupCode,
      matchCodes: search.matchCodes,
      products: search.products,
      supplierRegions: search.supplierRegions,
      catalogAsOf: search.asOf,
    };
    const entry = { ops, close: () => db.close() };
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

  function failure(baseUrl: string | null, error: unknown): never {
    if (error instanceof OfflineFailure) throw error;
    if (isDiskFull(error)) throw new OfflineFailure(DISK_FULL_MESSAGE, 'disk_full');
    if (baseUrl !== null && isDamaged(error)) {
      const entry = opened.get(baseUrl);
      opened.delete(baseUrl);
      entry?.close();
      setAside(baseUrl, serviceDatabaseFile(dataDir, baseUrl), error instanceof Error ? error.message : String(error));
      throw new OfflineFailure(DAMAGED_MESSAGE, 'damaged');
    }
    throw error;
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
    service(baseUrl: string, op: ServiceOp, args: unknown[]): unknown {
      try {
        const { ops } = openService(baseUrl);
        return (ops[op] as (...values: unknown[]) => unknown)(...args);
      } catch (error) {
        return failure(baseUrl, error);
      }
    },
    folder(op: FolderOp, args: unknown[]): unknown {
      try {
        return (folder[op] as (...values: unknown[]) => unknown)(...args);
      } catch (error) {
        return failure(null, error);
      }
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
