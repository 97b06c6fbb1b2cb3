import { readdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * The one offline database in the folder `BENCH_DB_DIR` names (a copy: the benches open it for
 * writing), and the service base URL its meta row names (a stopped service's when none).
 */
export function benchDatabaseFile(dir = process.env.BENCH_DB_DIR): { file: string; baseUrl: string } {
  if (!dir) throw new Error('BENCH_DB_DIR names a folder holding one offline database (a copy: it is opened for writing)');
  const files = readdirSync(dir).filter((name) => name.endsWith('.db'));
  if (files.length !== 1) throw new Error(`${dir} must hold exactly one .db file, not ${files.length}`);
  const file = path.join(dir, files[0]!);
  const meta = new Database(file, { readonly: true });
  try {
    return { file, baseUrl: (meta.prepare("SELECT value FROM meta WHERE key = 'baseUrl'").pluck().get() as string | undefined) ?? 'http://127.0.0.1:9/api/v1' };
  } finally {
    meta.close();
  }
}
