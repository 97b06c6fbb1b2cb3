/**
 * `BENCH_DB_DIR=… npx tsx bench/offline-write.ts`: the CPU time of writing change-feed pages to an
 * existing offline database (a copy: it is written), in one process, page by page — a 1 % change
 * (every 100th product in id order repriced, as the service's price update does, `BENCH_CHANGE_PAGES`
 * pages of 250, 40 by default: 10,000 products at a million) and pages of new products as a first
 * sync's bootstrap writes them (`BENCH_NEW_PAGES`, 8 by default: copies of stored products under new
 * ids), between `startFeedBootstrap` and `finishFeedBootstrap` as the feed writes them. With `BENCH_STATEMENTS=1` it also adds up the time spent inside each SQL statement (the rest
 * of a page is JavaScript: terms, postings' encoding, the index's bookkeeping);
 * `BENCH_PAGES_A_WRITE` writes that many feed pages in one transaction; `BENCH_WAL_TABLES=1` (with
 * `BENCH_PRAGMAS=wal_autocheckpoint=0`) says which tables and indexes the WAL's pages belong to.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Product } from '../shared';
import type { CatalogChange } from '../shared/schemas/catalog-changes';
import { openServiceFile } from '../electron/core/offline/service-files';
import { createServiceDatabase } from '../electron/core/offline/service-database';
import type { SqliteDatabase, SqliteStatement } from '../electron/core/offline/sqlite-driver';
import { threadCheckpoints } from '../electron/core/offline/wal-checkpoints';
import { percentile } from './ui-probe';

const dir = process.env.BENCH_DB_DIR;
if (!dir) throw new Error('BENCH_DB_DIR names a folder holding a copy of a service.db (it is written)');
const PAGE = 250;
/** Feed pages written in one transaction (`BENCH_PAGES_A_WRITE`, 1 by default): what larger transactions save. */
const PAGES_A_WRITE = Number(process.env.BENCH_PAGES_A_WRITE ?? 1);
const CHANGE_PAGES = Number(process.env.BENCH_CHANGE_PAGES ?? 40);
const NEW_PAGES = Number(process.env.BENCH_NEW_PAGES ?? 8);
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

const file = path.join(dir, 'service.db');
const db = openServiceFile(file, 'http://127.0.0.1:9/api/v1');
/** BENCH_PRAGMAS (`name = value;…`) set after the app's own, to compare settings in one condition. */
for (const pragma of (process.env.BENCH_PRAGMAS ?? '').split(';').filter(Boolean)) db.pragma(pragma);
/** Time inside each statement, by its SQL text. */
const statementTime = new Map<string, { calls: number; ms: number }>();
if (process.env.BENCH_STATEMENTS === '1') timeStatements(db);
/**
 * `BENCH_CHECKPOINTS=thread`: the log checkpointed by the app's checkpoint thread (wal-checkpoints.ts)
 * instead of by the commits. The process's CPU then includes the thread's: compare the pages' wall time.
 * `BENCH_WAL_PAGES` and `BENCH_WRITER_FACTOR` set its threshold and the writer's factor.
 */
let threadRuns = 0;
/** `BENCH_VERBOSE=1`: each answer of the thread, and each page slower than this with the log's state before and after it. */
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const SLOW_PAGE_MS = 150;
const walState = () => (db.pragma('wal_checkpoint(NOOP)') as { log: number; checkpointed: number }[])[0]!;
const checkpoints =
  process.env.BENCH_CHECKPOINTS === 'thread'
    ? threadCheckpoints({
        ...(process.env.BENCH_WRITER_FACTOR ? { writerFactor: Number(process.env.BENCH_WRITER_FACTOR) } : {}),
        ...(process.env.BENCH_WAL_PAGES ? { walPages: Number(process.env.BENCH_WAL_PAGES) } : {}),
        onAnswer: (answer) => {
          threadRuns += 1;
          if (VERBOSE) console.log(`  checkpoint: ${JSON.stringify(answer)}`);
        },
      })
    : null;
checkpoints?.adopt(file, db);

let started = performance.now();
const database = createServiceDatabase(db);
console.log(`opened in ${ms(performance.now() - started)}; ${database.datasetInfo('', 'catalog')?.count} products`);

const positions = db.prepare('SELECT max(pos) FROM products').pluck().get() as number;
const detailsOf = db.prepare('SELECT d.json FROM products p JOIN product_details d ON d.pos = p.pos WHERE p.pos = ?').pluck();
const stamp = Date.now() % 100_000;

function pages(count: number, make: (index: number) => Product | null): CatalogChange[][] {
  const result: CatalogChange[][] = [];
  let index = 0;
  for (let page = 0; page < count; page += 1) {
    const changes: CatalogChange[] = [];
    while (changes.length < PAGE && index < positions) {
      const product = make(index);
      index += 1;
      if (product) changes.push({ type: 'product.changed', product });
    }
    result.push(changes);
  }
  return result;
}

/**
 * Every 100th product in id order with a new case price (a different one each run), in id order:
 * the products a supplier price list reprices and the order the service's feed sends them in
 * (`applyPriceUpdate`), so a page's products lie anywhere in the catalog's positions.
 * `BENCH_CHANGE_ORDER=position` takes every 100th position instead: a page's products then lie
 * within 25,000 positions.
 */
const byPosition = process.env.BENCH_CHANGE_ORDER === 'position';
const idOrder = byPosition ? [] : (db.prepare('SELECT pos FROM products ORDER BY id').pluck().all() as number[]);
const changed = pages(CHANGE_PAGES, (index) => {
  const position = byPosition ? 1 + index * 100 : idOrder[(index + 1) * 100 - 1];
  const json = position === undefined ? undefined : (detailsOf.get(position) as string | undefined);
  if (!json) return null;
  const product = JSON.parse(json) as Product & { case_price_cents: number };
  product.case_price_cents += 1 + (stamp % 97);
  return product;
});
/**
 * `BENCH_SEQUENTIAL=ids,names`: the new products' ids, names or both made to sort after every stored
 * one, in the order written, so their index entries are appended rather than spread: what the
 * products' id index and the name index cost a bootstrap page at most.
 */
const SEQUENTIAL = new Set((process.env.BENCH_SEQUENTIAL ?? '').split(',').filter(Boolean));
/** Stored products under new ids (spread over the catalog, as the service's feed orders them by id). */
const added = pages(NEW_PAGES, (index) => {
  const json = detailsOf.get(1 + ((index * 37) % positions)) as string | undefined;
  if (!json) return null;
  const product = JSON.parse(json) as Product;
  const serial = String(index).padStart(7, '0');
  return {
    ...product,
    id: SEQUENTIAL.has('ids') ? `prod_~${stamp}${serial}` : `${product.id}x${stamp}`,
    ...(SEQUENTIAL.has('names') ? { name: `~ ${stamp} ${serial} ${product.name}` } : {}),
  };
});

/** With `BENCH_PRAGMAS=wal_autocheckpoint=0` the WAL keeps every page each run wrote: they are counted. */
const checkpointed = (db.pragma('wal_autocheckpoint', { simple: true }) as number) > 0;
/** Pages written to the WAL since the last checkpoint (each run starts from an empty WAL). */
const walFrames = () => (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]!.log;

async function run(label: string, pagesOfFeed: CatalogChange[][]) {
  const batches: CatalogChange[][] = [];
  for (let page = 0; page < pagesOfFeed.length; page += PAGES_A_WRITE) batches.push(pagesOfFeed.slice(page, page + PAGES_A_WRITE).flat());
  db.pragma('wal_checkpoint(TRUNCATE)');
  statementTime.clear();
  if (batches.length === 0) return;
  const cpu: number[] = [];
  const wall: number[] = [];
  const allStarted = performance.now();
  const cpuStarted = process.cpuUsage();
  for (const [page, changes] of batches.entries()) {
    // The offline worker takes its messages (the checkpoint thread's answers among them) between requests.
    if (checkpoints) await new Promise((resolve) => setImmediate(resolve));
    const pageCpu = process.cpuUsage();
    const walBefore = VERBOSE ? walState() : null;
    const pageStarted = performance.now();
    database.applyChanges(changes, `cursor-${label}-${page}`, new Date().toISOString());
    checkpoints?.afterRequest(file, db);
    wall.push(performance.now() - pageStarted);
    if (walBefore && wall.at(-1)! > SLOW_PAGE_MS) console.log(`  page ${page}: ${ms(wall.at(-1)!)}; the log before ${JSON.stringify(walBefore)}, after ${JSON.stringify(walState())}`);
    const used = process.cpuUsage(pageCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  const total = process.cpuUsage(cpuStarted);
  const frames = walFrames();
  if (checkpoints) console.log(`  the checkpoint thread answered ${threadRuns} requests`);
  console.log(
    `${label}: ${pagesOfFeed.length} pages of ${PAGE}${PAGES_A_WRITE > 1 ? `, ${PAGES_A_WRITE} a transaction` : ''}: CPU ${ms((total.user + total.system) / 1000)} (system ${ms(total.system / 1000)}; ${PAGES_A_WRITE > 1 ? 'a transaction' : 'a page'} p50 ${ms(percentile(cpu, 0.5))}, p95 ${ms(percentile(cpu, 0.95))}, first ${ms(cpu[0]!)}, max ${ms(Math.max(...cpu))}), wall ${ms(performance.now() - allStarted)} (a page p50 ${ms(percentile(wall, 0.5))}, p95 ${ms(percentile(wall, 0.95))}, max ${ms(Math.max(...wall))})${checkpointed ? '' : `; ${(frames / pagesOfFeed.length).toFixed(0)} database pages written to the WAL a feed page`}`,
  );
  if (!checkpointed && process.env.BENCH_WAL_TABLES === '1') walByTable(pagesOfFeed.length);
  if (statementTime.size > 0) {
    const rows = [...statementTime].sort((a, b) => b[1].ms - a[1].ms).slice(0, 14);
    const inside = [...statementTime.values()].reduce((sum, entry) => sum + entry.ms, 0);
    console.log(`  inside SQL statements ${ms(inside)} of ${ms(wall.reduce((a, b) => a + b, 0))} wall:`);
    for (const [text, entry] of rows) console.log(`  ${ms(entry.ms).padStart(9)} ${String(entry.calls).padStart(7)}×  ${text.replace(/\s+/g, ' ').slice(0, 110)}`);
  }
}

await run('1 % change', changed);
// The bootstrap's pages are written as the feed writes them: marked as a read from nothing first
// (so the postings' last chunks are held, posting-store.ts), and ended after (what was held written).
database.startFeedBootstrap();
await run('new products (bootstrap pages)', added);
started = performance.now();
const finishCpu = process.cpuUsage();
database.finishFeedBootstrap();
const finishUsed = process.cpuUsage(finishCpu);
console.log(`the bootstrap ended (finishFeedBootstrap): CPU ${ms((finishUsed.user + finishUsed.system) / 1000)}, wall ${ms(performance.now() - started)}`);
started = performance.now();
const checkpointCpu = process.cpuUsage();
db.pragma('wal_checkpoint(TRUNCATE)');
const checkpointUsed = process.cpuUsage(checkpointCpu);
console.log(`the WAL checkpointed after: CPU ${ms((checkpointUsed.user + checkpointUsed.system) / 1000)}, wall ${ms(performance.now() - started)}`);
await checkpoints?.stop();
db.close();

/**
 * `BENCH_WAL_TABLES=1` (with `wal_autocheckpoint=0`): which table or index each page in the WAL
 * belongs to (SQLite's `dbstat`, read after the run: a page freed since counts as unowned), with
 * the frames written for it a feed page — where a page's commit writes.
 */
function walByTable(feedPages: number) {
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const wal = readFileSync(`${db.name}-wal`);
  const frames = new Map<number, number>();
  for (let offset = 32; offset + 24 + pageSize <= wal.length; offset += 24 + pageSize) {
    const page = wal.readUInt32BE(offset);
    frames.set(page, (frames.get(page) ?? 0) + 1);
  }
  const owner = new Map<number, string>();
  for (const [name, page] of db.prepare('SELECT name, pageno FROM dbstat').raw().iterate() as IterableIterator<[string, number]>) if (frames.has(page)) owner.set(page, name);
  const byName = new Map<string, { frames: number; pages: number }>();
  for (const [page, count] of frames) {
    const name = owner.get(page) ?? '(freed or free list)';
    const entry = byName.get(name) ?? { frames: 0, pages: 0 };
    entry.frames += count;
    entry.pages += 1;
    byName.set(name, entry);
  }
  console.log(`  the WAL's pages by table and index (frames a feed page; distinct pages in all):`);
  for (const [name, entry] of [...byName].sort((a, b) => b[1].frames - a[1].frames)) console.log(`  ${(entry.frames / feedPages).toFixed(0).padStart(7)}  ${String(entry.pages).padStart(7)}  ${name}`);
}

/** Wraps every statement prepared from now on so the time inside its calls is added up by SQL text. */
function timeStatements(target: SqliteDatabase) {
  const prepare = target.prepare.bind(target);
  (target as { prepare: (text: string) => SqliteStatement }).prepare = (text: string) => {
    const statement = prepare(text);
    for (const method of ['run', 'get', 'all'] as const) {
      const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        const at = performance.now();
        try {
          return original(...args);
        } finally {
          const entry = statementTime.get(text) ?? { calls: 0, ms: 0 };
          entry.calls += 1;
          entry.ms += performance.now() - at;
          statementTime.set(text, entry);
        }
      };
    }
    return statement;
  };
}
