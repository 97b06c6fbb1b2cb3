import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CatalogSearchInput } from '../../../shared/bridge';
import { openServiceFile, serviceDatabaseFile } from '../../../electron/core/offline/service-files';
import { createServiceDatabase } from '../../../electron/core/offline/service-database';
import { createCatalogSearch } from '../../../electron/core/search/catalog-search';
import { catalogRows, feedPagesOf } from '../search/bootstrap-feed';
import { makeCatalog } from '../search/catalog-fixture';
import { HELD_KILL_AS_OF, HELD_KILL_BASE_URL, HELD_KILL_PRODUCTS, heldKillFile } from './held-postings-child';
import { KILL_TEST_PRODUCTS } from './sync-child';

const CHILD = path.join(import.meta.dirname, 'sync-child.ts');
const HELD_CHILD = path.join(import.meta.dirname, 'held-postings-child.ts');
const baseUrl = 'http://127.0.0.1:9/api/v1';
const KILLS = 20;
/** How the catalog comes: list pages and a request per detail, or the change feed (pages written while the next is fetched). */
type Via = 'pages' | 'feed';

/** Runs the sync child; `killAfterMs` after it says `syncing`, SIGKILL. Resolves with what it printed last. */
function runChild(
  dataDir: string,
  killAfterMs: number | null,
  via: Via | 'held',
  /** For 'held': how many of the pages left the child writes before the kill's `killAfterMs` starts (null: the kill starts at `syncing`). */
  killAfterPages: ((pagesLeft: number) => number) | null = null,
): Promise<{ killed: boolean; done: { failed: unknown[]; pages200: number; details200: number } | null }> {
  return new Promise((resolve, reject) => {
    const args = via === 'held' ? [HELD_CHILD, dataDir] : [CHILD, dataDir, via];
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    let killed = false;
    let pagesBeforeKill: number | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (killAfterMs === null || killed) return;
      const syncing = /^syncing(?: (\d+))?$/m.exec(output);
      if (!syncing) return;
      if (killAfterPages && syncing[1] !== undefined) pagesBeforeKill ??= killAfterPages(Number(syncing[1]));
      if ((output.match(/^page$/gm)?.length ?? 0) >= (pagesBeforeKill ?? 0)) {
        killed = true;
        setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      const line = output.split('\n').find((text) => text.startsWith('done '));
      resolve({ killed: signal === 'SIGKILL', done: line ? JSON.parse(line.slice(5)) : null });
    });
  });
}

/** Opens the database as the next start would (recovering its WAL) and checks every page of it. */
function integrity(dataDir: string): string {
  const db = new Database(serviceDatabaseFile(dataDir, baseUrl));
  try {
    return db.pragma('integrity_check', { simple: true }) as string;
  } finally {
    db.close();
  }
}

describe('a sync killed at random moments', () => {
  it.each(['pages', 'feed'] as const)(`through %s: opens intact after each of ${KILLS} SIGKILLs, resumes, and ends with exactly the service's catalog`, async (via) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-kill-'));
    let killedMidway = 0;
    // A fixed sequence of moments, from right after the sync starts to half a second into it (the lists, then the details).
    let seed = 7;
    const nextMoment = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % 500;
    };
    for (let run = 0; run < KILLS; run += 1) {
      const { killed, done } = await runChild(dataDir, nextMoment(), via);
      if (killed) killedMidway += 1;
      else expect(done?.failed).toEqual([]);
      expect(integrity(dataDir), `after kill ${run + 1}`).toBe('ok');
    }
    expect(killedMidway, 'most runs were killed before they finished').toBeGreaterThan(KILLS / 2);

    const last = await runChild(dataDir, null, via);
    expect(last.done?.failed).toEqual([]);
    expect(integrity(dataDir)).toBe('ok');
    const db = new Database(serviceDatabaseFile(dataDir, baseUrl), { readonly: true });
    const expected = makeCatalog(KILL_TEST_PRODUCTS);
    const stored = db.prepare('SELECT id, json FROM products ORDER BY id').all() as { id: string; json: string }[];
    expect(stored.map((row) => row.id)).toEqual(expected.map((product) => product.item.id).sort());
    for (const row of stored.slice(0, 50)) expect(JSON.parse(row.json)).toEqual(expected.find((product) => product.item.id === row.id)!.item);
    expect(db.prepare('SELECT count(*) FROM product_details').pluck().get()).toBe(KILL_TEST_PRODUCTS);
    db.close();
    // The search index, as stored across the kills, agrees with the products: every one found by a word they all have, counted once in each facet.
    const search = createCatalogSearch(createServiceDatabase(openServiceFile(serviceDatabaseFile(dataDir, baseUrl), baseUrl)));
    const found = search.search(CatalogSearchInput.parse({ text: 'reserve', limit: 1 }));
    expect(found.total).toBe(KILL_TEST_PRODUCTS);
    expect(search.search(CatalogSearchInput.parse({ limit: 1 })).facets.supplier.reduce((sum, facet) => sum + facet.count, 0)).toBe(KILL_TEST_PRODUCTS);
  }, 900_000);

  it(`a feed bootstrap holding the postings' last chunks: after each of ${KILLS} SIGKILLs it opens intact and resumes, and ends with the rows page-by-page writes leave`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-kill-held-'));
    let killedMidway = 0;
    let seed = 11;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    // Each kill lands after a chosen number of the pages left (0 to all of them: before, between and
    // after the held chunks are written, and in the finish) and up to 30 ms into the next, however
    // fast the machine writes. A run that finished starts the bootstrap again on an empty file.
    for (let run = 0; run < KILLS; run += 1) {
      const { killed } = await runChild(dataDir, next() % 30, 'held', (pagesLeft) => next() % (pagesLeft + 1));
      if (killed) killedMidway += 1;
      const db = new Database(heldKillFile(dataDir));
      expect(db.pragma('integrity_check', { simple: true }), `after kill ${run + 1}`).toBe('ok');
      db.close();
      if (!killed) for (const file of [heldKillFile(dataDir), `${heldKillFile(dataDir)}-wal`, `${heldKillFile(dataDir)}-shm`]) rmSync(file, { force: true });
    }
    expect(killedMidway, 'most runs were killed before they finished').toBeGreaterThan(KILLS / 2);
    const last = await runChild(dataDir, null, 'held');
    expect(last.done).not.toBeNull();

    // The same pages written one transaction each, nothing held, nothing killed.
    const reference = createServiceDatabase(openServiceFile(heldKillFile(mkdtempSync(path.join(tmpdir(), 'caseworks-kill-held-reference-'))), HELD_KILL_BASE_URL));
    feedPagesOf(makeCatalog(HELD_KILL_PRODUCTS)).forEach((changes, page) => reference.applyChanges(changes, `c${page + 1}`, HELD_KILL_AS_OF));
    const resumed = createServiceDatabase(openServiceFile(heldKillFile(dataDir), HELD_KILL_BASE_URL));
    expect(catalogRows(resumed.db)).toEqual(catalogRows(reference.db));
    const search = createCatalogSearch(resumed);
    expect(search.search(CatalogSearchInput.parse({ text: 'reserve', limit: 1 })).total).toBe(HELD_KILL_PRODUCTS);
    expect(search.search(CatalogSearchInput.parse({ text: 'malbec reserve 89', limit: 20 })).items.map((item) => item.id)).toEqual(
      createCatalogSearch(reference).search(CatalogSearchInput.parse({ text: 'malbec reserve 89', limit: 20 })).items.map((item) => item.id),
    );
    resumed.db.close();
    reference.db.close();
  }, 900_000);
});
