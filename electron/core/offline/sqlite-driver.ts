/**
 * Loading the SQLite driver (better-sqlite3, a native module) and opening one database file.
 * The loader is passed in, so a test can make it throw as a module built for another ABI does: the
 * offline copy is then unavailable, said in one line, and the app goes on without it.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type SqliteDatabase = BetterSqlite3.Database;
export type SqliteStatement = BetterSqlite3.Statement;
export type SqliteConstructor = typeof BetterSqlite3;
export type SqliteLoader = () => SqliteConstructor;

/** The driver as installed; in Electron the packaging step rebuilds it for Electron's ABI. */
export const loadBetterSqlite3: SqliteLoader = () => createRequire(import.meta.url)('better-sqlite3') as SqliteConstructor;

/** Why the offline copy cannot be used at all, in one line for people. */
export const driverUnavailable = (error: unknown) =>
  `The offline copy is unavailable: its database module could not be loaded (${error instanceof Error ? error.message.split('\n')[0] : String(error)}).`;

/** Each connection's page cache, so memory stays bounded whatever the catalog's size. */
export const PAGE_CACHE_KIB = 32 * 1024;

/**
 * Database pages the WAL holds before a commit copies them into the file (SQLite's default is
 * 1,000). A feed page of 250 products writes 600–2,000 pages to the WAL: with the default nearly
 * every commit also copied a thousand pages into the 2 GB file; a larger WAL copies each page
 * changed by several commits (the search index's chunks, the tables' inner pages) once. 64 MiB of
 * disk at most beside the database, 128 KiB of shared memory for its index.
 */
export const WAL_PAGES_BEFORE_CHECKPOINT = 16_384;

/**
 * The write-ahead log's file is cut back to this size when the log starts over (SQLite keeps the
 * file at the largest size it reached otherwise): the log can outgrow the threshold while a
 * checkpoint runs beside the writer (wal-checkpoints.ts), or write a whole database once (VACUUM).
 */
export const WAL_FILE_LIMIT_BYTES = WAL_PAGES_BEFORE_CHECKPOINT * 4096;

export function openSqlite(Driver: SqliteConstructor, file: string): SqliteDatabase {
  const db = new Driver(file);
  try {
    db.pragma('journal_mode = WAL');
    // Commits reach the OS at once (a killed process loses nothing committed); fsync at checkpoints.
    db.pragma('synchronous = NORMAL');
    db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    db.pragma(`wal_autocheckpoint = ${WAL_PAGES_BEFORE_CHECKPOINT}`);
    db.pragma(`journal_size_limit = ${WAL_FILE_LIMIT_BYTES}`);
    db.pragma('busy_timeout = 5000');
    db.pragma('temp_store = MEMORY');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** SQLite's result code of a failure (`SQLITE_FULL`, `SQLITE_CORRUPT`…), or null for anything else. */
export function sqliteCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null;
}

export const isDiskFull = (error: unknown) => sqliteCode(error) === 'SQLITE_FULL';
/** The file is not a database, or its pages do not hold together: it is set aside and rebuilt. */
export const isDamaged = (error: unknown) => {
  const code = sqliteCode(error) ?? '';
  return code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB';
};
