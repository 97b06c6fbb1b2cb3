/**
 * `BENCH_BEFORE=… BENCH_AFTER=… npx tsx bench/detail-coverage.ts`: the time the offline worker spends
 * answering `detailCoverage`, `detailsToFetch` and the orphan details' count before the index of the
 * details by time (the statements 2ae7e76 ran) and with it (today's code, on a copy of the same
 * file, the index made first as the first coverage makes it, timed), alternating, `BENCH_ROUNDS` rounds
 * (3). Both files are copies of one version 5 database (they are written). With
 * `BENCH_CATALOG_SIZE=n` instead, it first writes such a pair of n products itself (a fifth of the
 * details read a month ago, a tenth missing). `BENCH_DROP_DETAILS=n` removes the details of the
 * last n products from both first (the products a list adds, whose details are still to be read).
 * Each call is timed with the file's stale-before date put before every detail (none stale), at
 * the median detail's date (half) and after every detail (all stale).
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openServiceFile } from '../electron/core/offline/service-files';
import { DETAILS_FETCHED_INDEX } from '../electron/core/offline/offline-schema';
import { catalogItemOf, createServiceDatabase } from '../electron/core/offline/service-database';
import { loadBetterSqlite3, openSqlite, type SqliteDatabase } from '../electron/core/offline/sqlite-driver';
import { detailOf } from '../test/electron/search/catalog-database';
import { makeCatalog } from '../test/electron/search/catalog-fixture';

const baseUrl = 'http://127.0.0.1:9/api/v1';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DROP = Number(process.env.BENCH_DROP_DETAILS ?? 0);
const LIMIT = 200;

/** The statements version 5 answered with. */
const V5 = {
  stored: 'SELECT count(*) FROM product_details',
  due: 'SELECT count(*) FROM products p LEFT JOIN product_details d ON d.pos = p.pos WHERE d.pos IS NULL OR d.fetched_at < ?',
  orphans: 'SELECT count(*) FROM product_details d WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.pos = d.pos)',
  toFetch: 'SELECT p.pos, p.id, d.etag FROM products p LEFT JOIN product_details d ON d.pos = p.pos WHERE p.pos > ? AND (d.pos IS NULL OR d.fetched_at < ?) ORDER BY p.pos LIMIT ?',
};

/** A version 5 file of `size` products written by today's code (no index by time); and a copy. */
function writePair(size: number): { before: string; after: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'caseworks-detail-coverage-'));
  const before = path.join(dir, 'before.db');
  const db = openServiceFile(before, baseUrl);
  const database = createServiceDatabase(db);
  const catalog = makeCatalog(size);
  for (let page = 1; page * 1000 <= size + 999; page += 1) {
    database.writeCatalogPage(page, null, catalog.slice((page - 1) * 1000, page * 1000).map((product) => catalogItemOf(product.item)));
  }
  database.finishCatalog(Math.ceil(size / 1000), '2026-11-28T00:00:00.000Z');
  for (let from = 0; from < size; from += 1000) {
    const records = catalog
      .slice(from, from + 1000)
      .map((product, n) => ({ product, n: from + n }))
      .filter(({ n }) => n % 10 !== 9)
      .map(({ product, n }) => ({ detail: detailOf(product.item, product.facts), etag: null, fetchedAt: n % 5 === 0 ? '2026-10-28T00:00:00.000Z' : '2026-11-27T00:00:00.000Z' }));
    database.putProductDetails(records);
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const after = path.join(dir, 'after.db');
  copyFileSync(before, after);
  return { before, after };
}

const size = Number(process.env.BENCH_CATALOG_SIZE ?? 0);
const files = size > 0 ? writePair(size) : { before: process.env.BENCH_BEFORE, after: process.env.BENCH_AFTER };
if (!files.before || !files.after) throw new Error('BENCH_BEFORE and BENCH_AFTER name two copies of one version 5 database (they are written), or BENCH_CATALOG_SIZE writes a pair');

const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** Its wall time, and its CPU time (the calls run on this thread alone: time descheduled by the machine's load is not in it). */
function timed<T>(run: () => T): { value: T; ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = run();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { value, ms, cpuMs: (used.user + used.system) / 1000 };
}

console.log(`load ${load()}`);
const old = openSqlite(loadBetterSqlite3(), files.before);
if (old.pragma('user_version', { simple: true }) !== 5) throw new Error(`${files.before} is not a version 5 file`);
if (DROP > 0) {
  for (const db of [old, new (loadBetterSqlite3())(files.after)]) {
    db.prepare('DELETE FROM product_details WHERE pos > (SELECT max(pos) FROM products) - ?').run(DROP);
    if (db !== old) db.close();
  }
}

// The index by time, as the first count or search of stale details in the file makes it.
const db: SqliteDatabase = openServiceFile(files.after, baseUrl);
const made = timed(() => db.exec(DETAILS_FETCHED_INDEX));
console.log(`the index of the details by time made: ${ms(made.ms)} wall, CPU ${ms(made.cpuMs)}; load ${load()}`);

const products = old.prepare('SELECT count(*) FROM products').pluck().get() as number;
const details = old.prepare(V5.stored).pluck().get() as number;
const first = db.prepare('SELECT min(fetched_at) FROM product_details').pluck().get() as string;
const last = db.prepare('SELECT max(fetched_at) FROM product_details').pluck().get() as string;
const middle = db.prepare('SELECT fetched_at FROM product_details ORDER BY fetched_at LIMIT 1 OFFSET ?').pluck().get(Math.floor(details / 2)) as string;
const later = new Date(new Date(last).getTime() + 1).toISOString();
const staleBefore = { none: first, half: middle, all: later };
/** When a hydration's batches are marked read: after every detail stored. */
const readNow = new Date(new Date(last).getTime() + 86_400_000).toISOString();
console.log(`${products} products, ${details} details read from ${first} to ${last}`);

const times = new Map<string, number[]>();
const note = (name: string, value: number) => times.set(name, [...(times.get(name) ?? []), value]);

/**
 * A hydration's calls of `detailsToFetch` (each batch after the last one's highest position, until
 * one is empty), each batch's details then marked read now as the service's 304s mark them (not
 * timed), all in a transaction rolled back at the end: its slowest call and the sum of its calls.
 */
function noteRun(version: string, label: string, batch: (afterPos: number) => number[]) {
  const file = version === 'before' ? old : db;
  const touch = file.prepare('UPDATE product_details SET fetched_at = ? WHERE pos = ?');
  let afterPos = 0;
  let slowest = 0;
  let slowestCpu = 0;
  let sum = 0;
  let calls = 0;
  file.exec('BEGIN');
  for (;;) {
    const call = timed(() => batch(afterPos));
    slowest = Math.max(slowest, call.ms);
    slowestCpu = Math.max(slowestCpu, call.cpuMs);
    sum += call.ms;
    calls += 1;
    if (call.value.length === 0) break;
    for (const pos of call.value) touch.run(readNow, pos);
    afterPos = call.value.at(-1)!;
  }
  file.exec('ROLLBACK');
  note(`${version}: a hydration's ${calls} calls of detailsToFetch, ${label} stale: the slowest`, slowest);
  note(`${version}: a hydration's ${calls} calls of detailsToFetch, ${label} stale: the most CPU a call`, slowestCpu);
  note(`${version}: a hydration's ${calls} calls of detailsToFetch, ${label} stale: all`, sum);
}

/** Version 5's `detailCoverage` ran three statements a call; the orphans' count (which `dropOrphanDetails` ran again) is timed once a round and added to each. */
function runBefore(round: number) {
  const statement = (text: string) => old.prepare(text).pluck();
  const orphans = timed(() => statement(V5.orphans).get());
  note('before: the orphan details counted (in detailCoverage, and again by dropOrphanDetails)', orphans.ms);
  for (const [label, date] of Object.entries(staleBefore)) {
    const stored = timed(() => statement(V5.stored).get());
    const due = timed(() => statement(V5.due).get(date));
    note(`before: detailCoverage, ${label} stale`, stored.ms + due.ms + orphans.ms);
    const toFetch = timed(() => old.prepare(V5.toFetch).all(0, date, LIMIT));
    note(`before: detailsToFetch from the start, ${label} stale`, toFetch.ms);
    noteRun('before', label, (afterPos) => (old.prepare(V5.toFetch).all(afterPos, date, LIMIT) as { pos: number }[]).map((row) => row.pos));
    if (round === 1) console.log(`  before, ${label}: stored ${stored.value}, due ${due.value as number}, orphans ${orphans.value as number}, to fetch ${(toFetch.value as unknown[]).length}`);
  }
}

const database = createServiceDatabase(db);
// detailsToFetch reads the search index (the regions without a country); read before any timing, as the catalog's sync has.
const indexRead = timed(() => database.index.ready());
console.log(`search index read in ${ms(indexRead.ms)}`);
const firstCall = timed(() => database.detailCoverage(staleBefore.none));
console.log(`after: detailCoverage, the first call of an open file (counts the products and the details once): ${ms(firstCall.ms)}`);

function runAfter(round: number) {
  for (const [label, date] of Object.entries(staleBefore)) {
    const coverage = timed(() => database.detailCoverage(date));
    note(`after: detailCoverage, ${label} stale`, coverage.ms);
    const toFetch = timed(() => database.detailsToFetch({ staleBefore: date, afterPos: 0, limit: LIMIT, skip: [] }));
    note(`after: detailsToFetch from the start, ${label} stale`, toFetch.ms);
    noteRun('after', label, (afterPos) => database.detailsToFetch({ staleBefore: date, afterPos, limit: LIMIT, skip: [] }).items.map((item) => item.pos));
    if (round === 1) console.log(`  after, ${label}: stored ${coverage.value.stored}, due ${coverage.value.due}, to fetch ${toFetch.value.items.length}`);
  }
}

for (let round = 1; round <= ROUNDS; round += 1) {
  const order = round % 2 === 1 ? [runBefore, runAfter] : [runAfter, runBefore];
  for (const run of order) run(round);
  console.log(`round ${round} done; load ${load()}`);
}
for (const [name, values] of times) console.log(`${name}: median ${ms(median(values))} (${values.map(ms).join(', ')})`);
old.close();
db.close();
