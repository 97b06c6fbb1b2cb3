import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { discardAddress, readPreparedFolder } from '../../bench/ui-prepared';
import { openServiceFile, serviceDatabaseFile } from '../../electron/core/offline/service-files';

/** A stopped service's address, as a copy kept by bench:core names it. */
const STOPPED = 'http://127.0.0.1:41237/api/v1';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A data folder whose `offline/` holds one offline database belonging to `baseUrl`. */
function preparedFolder(baseUrl: string): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-ui-prepared-'));
  folders.push(dataDir);
  mkdirSync(path.join(dataDir, 'offline'));
  openServiceFile(serviceDatabaseFile(dataDir, baseUrl), baseUrl).close();
  return dataDir;
}

function namedIn(file: string): string | undefined {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(`SELECT value FROM meta WHERE key = 'baseUrl'`).get() as { value: string } | undefined)?.value;
  } finally {
    db.close();
  }
}

describe('readPreparedFolder (bench:ui on a prepared folder opens its copy with the service unreachable)', () => {
  it("moves a copy naming a stopped service's port to the discard port: its meta row and its file name", () => {
    const dataDir = preparedFolder(STOPPED);
    const folder = readPreparedFolder(dataDir);
    expect(folder.service.baseUrl).toBe('http://127.0.0.1:9/api/v1');
    expect(folder.products).toBe(0);
    const moved = serviceDatabaseFile(dataDir, folder.service.baseUrl);
    expect(readdirSync(path.join(dataDir, 'offline')).filter((name) => name.endsWith('.db'))).toEqual([path.basename(moved)]);
    expect(existsSync(serviceDatabaseFile(dataDir, STOPPED))).toBe(false);
    expect(namedIn(moved)).toBe(folder.service.baseUrl);
  });

  it('leaves a copy already on the discard port where it is, and a moved copy reads the same again', () => {
    const onDiscard = preparedFolder('http://127.0.0.1:9/api/v1');
    expect(readPreparedFolder(onDiscard).service.baseUrl).toBe('http://127.0.0.1:9/api/v1');
    expect(existsSync(serviceDatabaseFile(onDiscard, 'http://127.0.0.1:9/api/v1'))).toBe(true);
    const moved = preparedFolder(STOPPED);
    const first = readPreparedFolder(moved);
    expect(readPreparedFolder(moved)).toEqual(first);
  });

  it('keeps the path of the address', () => {
    expect(discardAddress('http://127.0.0.1:41237/api/v1')).toBe('http://127.0.0.1:9/api/v1');
    expect(discardAddress('https://wines.example.com/api/v1/')).toBe('http://127.0.0.1:9/api/v1');
  });
});
