/**
 * `BENCH_SOURCE_DB=… BENCH_DATA_DIR=… npx tsx bench/offline-sync-memory.ts`: the resident memory
 * of a core that writes a first sync through the change feed, without the network: the main
 * thread hands each feed page's bytes to the offline worker (`readChangesBytes`, then
 * `writeReadChanges`, as catalog-feed.ts does) for a new, empty offline copy in BENCH_DATA_DIR.
 * The pages are made from the product details of the offline database BENCH_SOURCE_DB (opened
 * read-only; BENCH_PAGES pages of BENCH_PAGE_SIZE entries, 250 by default, all by default: a page of
 * 500 is what two pages written in one transaction cost, FEED_PAGES_A_WRITE). Every BENCH_REPORT_EVERY pages, and at
 * the end, this process's memory (main thread and worker) by kind: anonymous, file-backed, heaps;
 * at the end also the pages' writes (p50, p99, the slowest and which page).
 */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { createOfflineStore } from '../electron/core/offline/offline-store';
import { createSearchService } from '../electron/core/search/search-service';
import { searched } from './searched';
import { percentile } from './ui-probe';

const source = process.env.BENCH_SOURCE_DB ?? '';
const dataDir = process.env.BENCH_DATA_DIR ?? '';
if (!source || !dataDir) throw new Error('BENCH_SOURCE_DB (an offline database, read only) and BENCH_DATA_DIR (a new data folder) are needed');
const PAGE = Number(process.env.BENCH_PAGE_SIZE ?? 250);
const baseUrl = 'http://127.0.0.1:9/api/v1';
const scope = { baseUrl, accountId: null };
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

const read = new Database(source, { readonly: true });
read.pragma('cache_size = -2048');
const total = read.prepare('SELECT count(*) FROM product_details').pluck().get() as number;
const pages = Math.min(Number(process.env.BENCH_PAGES ?? Infinity), Math.ceil(total / PAGE));
const every = Number(process.env.BENCH_REPORT_EVERY ?? 400);
const details = read.prepare('SELECT json FROM product_details WHERE rowid > ? ORDER BY rowid LIMIT ?').raw();
const lastRowid = read.prepare('SELECT max(rowid) FROM (SELECT rowid FROM product_details WHERE rowid > ? ORDER BY rowid LIMIT ?)').pluck();

const store = createOfflineStore({ dataDir });
const search = createSearchService(store.database);
search.use(baseUrl);
const must = async <T>(answer: Promise<{ ok: true; value: T } | { ok: false; message: string }>): Promise<T> => {
  const got = await answer;
  if (!got.ok) throw new Error(got.message);
  return got.value;
};

async function report(step: string) {
  const memory = process.memoryUsage();
  const status = readFileSync('/proc/self/status', 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `${step}: rss ${mb(memory.rss)} (anonymous ${mb(kib('RssAnon'))}, file ${mb(kib('RssFile'))}); main heap ${mb(memory.heapUsed)} of ${mb(memory.heapTotal)}, worker heap ${mb(await search.workerHeapUsed())}, external ${mb(memory.external)}; load ${load}`,
  );
}

await report('empty copy, worker started');
await must(store.startFeedBootstrap(scope));
const started = performance.now();
const cpu = process.cpuUsage();
let after = 0;
let since: string | null = null;
/** Each page's write, from asking the worker to its answer (ms). */
const writes: number[] = [];
for (let page = 0; page < pages; page += 1) {
  const jsons = details.all(after, PAGE) as [string][];
  after = lastRowid.get(after, PAGE) as number;
  const cursor = `c${page + 1}`;
  // The page as the service's bytes: its entries' JSON spliced in, as the body arrives.
  const text = `{"data":[${jsons.map(([json]) => `{"type":"product.changed","product":${json}}`).join(',')}],"next_cursor":"${cursor}","has_more":${page + 1 < pages}}`;
  const outcome = await must(store.readChangesBytes(scope, new TextEncoder().encode(text), null, since));
  if (!outcome.ok) throw new Error(outcome.message);
  const writeStarted = performance.now();
  await must(store.writeReadChanges(scope, new Date().toISOString()));
  writes.push(performance.now() - writeStarted);
  since = cursor;
  if ((page + 1) % every === 0) await report(`${(page + 1) * PAGE} products written`);
}
await must(store.finishFeedBootstrap(scope));
const used = process.cpuUsage(cpu);
console.log(`${pages} pages of ${PAGE} in ${((performance.now() - started) / 1000).toFixed(0)} s wall, CPU ${((used.user + used.system) / 1e6).toFixed(1)} s (main thread and worker)`);
const slowest = writes.reduce((most, ms, page) => (ms > writes[most]! ? page : most), 0);
console.log(
  `the pages' writes: p50 ${percentile(writes, 0.5).toFixed(0)} ms, p99 ${percentile(writes, 0.99).toFixed(0)} ms, the slowest ${writes[slowest]?.toFixed(0)} ms (page ${slowest + 1}), ${(writes.reduce((sum, ms) => sum + ms, 0) / 1000).toFixed(1)} s in all`,
);
await report('end of the sync');
const browse = await searched(search.search({ limit: 50 }));
await report(`after a first browse (${browse.total} products)`);
(globalThis as { gc?: () => void }).gc?.();
await new Promise((resolve) => setTimeout(resolve, 500));
await report('after a garbage collection of the main thread');
await store.close();
read.close();
