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
 * - A file written at an older schema version is upgraded as it opens: notices tell how far the
 *   long upgrade has come (`upgrade`), and that it is over (`finished`), with its problem if any.
 *   A full disk rolls the upgrade back (the file stays at its old version) and is said in the
 *   finished notice and in each answer; the upgrade is tried again only once the disk has more free
 *   space than it had then (each try can write for a minute at a million products).
 * - A service's first database takes in what the release before kept in files (legacy-files.ts).
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statfsSync, statSync } from 'node:fs';
import type { OfflineUpgradeProblem } from '../../../shared/bridge/events';
import path from 'node:path';
import { CatalogSearchInput } from '../../../shared/bridge/search';
import { createCatalogSearch } from '../search/catalog-search';
import { warmUp, warmUpTexts } from '../search/search-warm-up';
import { importLegacyFiles } from './legacy-files';
import type { OfflineChoice } from '../../../shared/bridge/offline-choice';
import type { FolderOp, OfflineFailureCode, OfflineNotice, ServiceOp, ServiceOps } from './offline-protocol';
import { narrowedChoiceInFile, writeChoice } from './offline-choice';
import { createOfflineChoiceOps } from './offline-choice-ops';
import type { UpgradeProgress } from './offline-schema';
import { createServiceDatabase } from './service-database';
import { legacyServiceFolder, openKnownServiceFile, serviceDatabaseFile } from './service-files';
import { inlineCheckpoints, type WalCheckpoints } from './wal-checkpoints';
import { driverUnavailable, isDamaged, isDiskFull, loadBetterSqlite3, type SqliteConstructor, type SqliteDatabase, type SqliteLoader } from './sqlite-driver';

/**
 * One request's answer, as the worker sends it back: its value, or why the offline copy could not
 * answer (`code`, see OfflineFailureCode) in plain words. What no one expected is thrown instead,
 * and the worker sends its message with no code (offline-worker-serve.ts).
 */
export type OfflineAnswer = { ok: true; value: unknown } | { ok: false; message: string; code: OfflineFailureCode };

type Refused = Extract<OfflineAnswer, { ok: false }>;
const refused = (message: string, code: OfflineFailureCode): Refused => ({ ok: false, message, code });

/** Free bytes on the disk holding `dir`, as an unprivileged process may use them. */
export const freeBytesOf = (dir: string): number => {
  const disk = statfsSync(dir);
  return disk.bavail * disk.bsize;
};

/** How much more free space than at a full disk's failed upgrade makes the next request try it again. */
export const UPGRADE_RETRY_ROOM_BYTES = 1024 * 1024;

export const DISK_FULL_MESSAGE = 'The disk is full, so the offline copy could not be saved. It stays as it was; free some space and sync again.';
export const UPGRADE_DISK_FULL_MESSAGE =
  'The disk is full, so the offline copy could not be updated for this version of Caseworks. It stays as it was and is updated when there is room: free some space and sync again. Your orders, guides, favourites and addresses are not affected.';
export const DAMAGED_MESSAGE = 'The offline copy was damaged. It was set aside and is being downloaded again from the service; your orders, guides, favourites and addresses are not affected.';

interface Opened {
  ops: ServiceOps;
  /** After each request: its log's checkpoint asked for when due (wal-checkpoints.ts). */
  afterRequest(): void;
  close(): void;
}

export interface OfflineHostOptions {
  dataDir: string;
  load?: SqliteLoader;
  notify?: (notice: OfflineNotice) => void;
  /** Free bytes on the disk holding a folder (freeBytesOf; a test gives its own). */
  freeBytes?: (dir: string) => number;
  /** Runs the first searches' warm-up (default warmUp, search-warm-up.ts). */
  warmSearches?: typeof warmUp;
  /** Who checkpoints the databases' logs (default: SQLite at each commit; the app's worker: a thread). */
  checkpoints?: WalCheckpoints;
}

export function createOfflineHost({ dataDir, load = loadBetterSqlite3, notify = () => {}, freeBytes = freeBytesOf, warmSearches = warmUp, checkpoints = inlineCheckpoints }: OfflineHostOptions) {
  const offlineDir = path.join(dataDir, 'offline');
  const opened = new Map<string, Opened>();
  /** The free bytes when a full disk stopped a service's upgrade, by service (see UPGRADE_RETRY_ROOM_BYTES). */
  const noRoomToUpgrade = new Map<string, number>();
  let driver: SqliteConstructor | null = null;
  let driverProblem: string | null = null;
  /** What a service's copy set aside as damaged carried, for the copy that takes its place. */
  const carriedChoices = new Map<string, OfflineChoice>();

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
    const carried = moved && driver ? narrowedChoiceInFile(driver, moved) : null;
    if (carried) carriedChoices.set(baseUrl, carried);
    notify({ notice: 'problem', baseUrl, file, movedTo: moved, message: `${DAMAGED_MESSAGE} (${reason})` });
  }

  /**
   * The service's database, opened on first use; refused when a full disk stops the upgrade of its
   * schema, or stopped it and the disk has no more room since.
   */
  function openService(baseUrl: string, Driver: SqliteConstructor): Opened | Refused {
    const existing = opened.get(baseUrl);
    if (existing) return existing;
    mkdirSync(offlineDir, { recursive: true });
    const roomThen = noRoomToUpgrade.get(baseUrl);
    if (roomThen !== undefined) {
      if (freeBytes(offlineDir) < roomThen + UPGRADE_RETRY_ROOM_BYTES) return refused(UPGRADE_DISK_FULL_MESSAGE, 'disk_full');
      noRoomToUpgrade.delete(baseUrl);
    }
    const file = serviceDatabaseFile(dataDir, baseUrl);
    // A write-ahead log left behind means the last process did not close the database (it was
    // killed, or the machine lost power): then every page is looked at once before use. Otherwise a
    // damaged page is met when it is read (SQLITE_CORRUPT), and set aside then (see failure()).
    // Checking every page at each start would cost seconds at a million products.
    const uncleanShutdown = existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0;
    const upgrade: { told: { done: number; total: number } | null; problem: OfflineUpgradeProblem | null } = { told: null, problem: null };
    let db: SqliteDatabase | null;
    try {
      // A file closed and set aside here must not meet a checkpoint (checkpoint-lock.ts).
      db = checkpoints.exclusive(() =>
        openOrSetAside(baseUrl, file, Driver, uncleanShutdown, (done, total) => {
          upgrade.told = { done, total };
          notify({ notice: 'upgrade', baseUrl, done, total, finished: false, problem: null });
        }),
      );
    } catch (error) {
      if (!upgrade.told || !isDiskFull(error)) throw error;
      // The upgrade's transaction was rolled back: the file is as it was, at its old version.
      noRoomToUpgrade.set(baseUrl, freeBytes(offlineDir));
      upgrade.problem = { code: 'disk_full', message: UPGRADE_DISK_FULL_MESSAGE };
      return refused(upgrade.problem.message, upgrade.problem.code);
    } finally {
      if (upgrade.told) notify({ notice: 'upgrade', baseUrl, ...upgrade.told, finished: true, problem: upgrade.problem });
    }
    if (!db) {
      const fresh = openKnownServiceFile(file, baseUrl, Driver);
      if (!fresh.ok) throw new Error(`the offline copy just created at ${file} was not one this version writes`);
      db = fresh.db;
    }
    checkpoints.adopt(file, db);
    const carried = carriedChoices.get(baseUrl);
    if (carried) {
      // Before the catalog's writes read the choice (createServiceDatabase).
      const opened = db;
      writeChoice((text) => opened.prepare(text), carried);
      carriedChoices.delete(baseUrl);
    }
    const database = createServiceDatabase(db);
    const search = createCatalogSearch(database);
    /** Whether the first searches' code was warmed for this copy (`readSearchIndex`). */
    let warmed = false;
    const { db: _db, sql: _sql, transaction: _transaction, index: _index, choice: _choice, removeProduct: _remove, catalogTransaction: _catalog, ...writes } = database;
    const ops: ServiceOps = {
      ...writes,
      ...createOfflineChoiceOps(database, checkpoints.exclusive),
      searchItemsJson: search.searchItemsJson,
      lookupCode: search.lookupCode,
      matchCodes: search.matchCodes,
      products: search.products,
      supplierRegions: search.supplierRegions,
      catalogAsOf: search.asOf,
      readSearchIndex: () => {
        const read = !database.index.loaded;
        if (read) database.index.ready();
        // The first searches' code warmed while the page is idle (search-warm-up.ts): a few of the
        // catalog's varietals typed, once a copy is opened. Also when the index was read before
        // (a sync's first write reads it): the writes run none of the searches' code, so the
        // buyer's first keystrokes during a first sync met it cold (a letter's first search about
        // 50 ms at a million products against 3–17 ms after the warm-up, docs/benchmarks.md).
        const varietals = warmed ? [] : search.search(CatalogSearchInput.parse({ limit: 1 })).facets.varietal.map((facet) => facet.value);
        // An empty copy (a first sync not yet begun) has nothing to type: the next call warms.
        if (varietals.length > 0) {
          warmed = true;
          warmSearches(warmUpTexts(varietals), (text) => search.searchItemsJson(CatalogSearchInput.parse({ text })), {
            later: (step) => setImmediate(step),
            stopped: () => opened.get(baseUrl) !== entry,
          });
        }
        return read;
      },
    };
    const entry: Opened = { ops, afterRequest: () => checkpoints.afterRequest(file, db), close: () => db.close() };
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
  function failure(baseUrl: string | null, error: unknown): OfflineAnswer | null {
    if (isDiskFull(error)) return refused(DISK_FULL_MESSAGE, 'disk_full');
    if (baseUrl !== null && isDamaged(error)) {
      const entry = opened.get(baseUrl);
      opened.delete(baseUrl);
      checkpoints.exclusive(() => {
        entry?.close();
        setAside(baseUrl, serviceDatabaseFile(dataDir, baseUrl), error instanceof Error ? error.message : String(error));
      });
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
      checkpoints.exclusive(() => {
        for (const entry of opened.values()) entry.close();
        opened.clear();
        for (const name of safeList(offlineDir)) rmSync(path.join(offlineDir, name), { recursive: true, force: true });
      });
      return freed;
    },
    memory: () => ({ heapUsed: process.memoryUsage().heapUsed }),
  };

  return {
    service(baseUrl: string, op: ServiceOp, args: unknown[]): OfflineAnswer {
      const Driver = loadDriver();
      if (!Driver) return refused(driverProblem ?? driverUnavailable(null), 'unavailable');
      try {
        const entry = openService(baseUrl, Driver);
        if ('ok' in entry) return entry;
        const value = (entry.ops[op] as (...values: unknown[]) => unknown)(...args);
        entry.afterRequest();
        return { ok: true, value };
      } catch (error) {
        const answer = failure(baseUrl, error);
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
      checkpoints.exclusive(() => {
        for (const entry of opened.values()) entry.close();
        opened.clear();
      });
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
