import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { SqliteConstructor } from '../../../electron/core/offline/sqlite-driver';

/**
 * The SQLite driver with no room past `file`'s size now (and 4 pages): a write that needs more
 * fails with SQLite's own "database or disk is full" (SQLITE_FULL), as a full disk gives it.
 */
export function fullDiskDriver(file: string): SqliteConstructor {
  const pages = Math.ceil(statSync(file).size / 4096) + 4;
  return class extends Database {
    constructor(name: string) {
      super(name);
      this.pragma(`max_page_count = ${pages}`);
    }
  } as unknown as SqliteConstructor;
}
