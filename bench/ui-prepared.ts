/**
 * bench:ui on a prepared data folder (`BENCH_UI_DATA_DIR`): a folder whose offline copy already
 * holds the catalog (e.g. a copy of a million-product database), opened by the browser shell with
 * the service it belongs to unreachable, as a rep offline. No first sync runs: the catalog must
 * paint from the offline copy. The copy is first moved to the discard address (`DISCARD_HOST`): the
 * address a copy kept by bench:core names is a stopped service's port, which another process may
 * since have been given.
 */
import { existsSync, readdirSync, renameSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { serviceDatabaseFile } from '../electron/core/offline/service-files';
import type { ShellService } from './cold-start';

export interface PreparedFolder {
  dataDir: string;
  /** The address the offline copy belongs to (its `meta` row), with a key that is never checked. */
  service: ShellService;
  /** The products the offline copy holds: what the painted catalog must count. */
  products: number;
}

/** Host and port of the address a prepared folder's service is given: TCP's discard port, where nothing listens. */
export const DISCARD_HOST = '127.0.0.1:9';

/** The same service's address on the discard port (its path kept): `http://127.0.0.1:9/api/v1`. */
export function discardAddress(baseUrl: string): string {
  return `http://${DISCARD_HOST}${new URL(baseUrl).pathname.replace(/\/$/, '')}`;
}

/**
 * Reads the one offline database in `<dataDir>/offline/` (the service it belongs to and its
 * catalog's size), after moving it to the discard address: its `meta` row and its file name (with
 * its journal files, if any) now name `discardAddress` of the address it named.
 */
export function readPreparedFolder(dataDir: string): PreparedFolder {
  const files = readdirSync(path.join(dataDir, 'offline')).filter((name) => /^service-[0-9a-f]{16}\.db$/.test(name));
  if (files.length !== 1) throw new Error(`${dataDir}/offline must hold exactly one service-<name>.db, not ${files.length}`);
  const file = path.join(dataDir, 'offline', files[0]!);
  const db = new Database(file, { fileMustExist: true });
  let moved: { baseUrl: string; products: number };
  try {
    const named = (db.prepare(`SELECT value FROM meta WHERE key = 'baseUrl'`).get() as { value: string } | undefined)?.value;
    if (!named) throw new Error(`${file} names no service (no baseUrl in meta)`);
    if (serviceDatabaseFile(dataDir, named) !== file) throw new Error(`${file} belongs to ${named}, whose file name differs: rename it`);
    const baseUrl = discardAddress(named);
    if (baseUrl !== named) db.prepare(`UPDATE meta SET value = ? WHERE key = 'baseUrl'`).run(baseUrl);
    moved = { baseUrl, products: (db.prepare(`SELECT count(*) AS n FROM products`).get() as { n: number }).n };
  } finally {
    db.close();
  }
  const target = serviceDatabaseFile(dataDir, moved.baseUrl);
  if (target !== file) {
    for (const suffix of ['', '-wal', '-shm', '-journal']) if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  }
  return { dataDir, service: { baseUrl: moved.baseUrl, apiKey: 'sk_bench_offline' }, products: moved.products };
}

/** Refuses to run when something answers at the service's address: the shell would then sync against it. */
export async function assertUnreachable(baseUrl: string): Promise<void> {
  const { hostname, port } = new URL(baseUrl);
  const answers = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 80) });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
  if (answers) throw new Error(`Something answers at ${baseUrl}: the prepared folder is measured with its service unreachable`);
}
