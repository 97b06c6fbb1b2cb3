/**
 * `BENCH_DATA_DIR=… BENCH_BASE_URL=… npx tsx bench/offline-cold-open.ts`: a cold open of the
 * offline copy as the core does it at launch, in a new process: the offline worker started, the
 * service's database opened, the first page of the catalog answered (what the app paints). Prints
 * the wall and CPU time of each step, the main thread's longest stall until then, and this
 * process's resident memory by kind (main thread and worker together). The first browse is answered
 * from the answer the database keeps for it (first-browse.ts) when it has one; the text search after
 * it waits for the search index, which the worker reads right after that answer. The data folder holds `offline/service-<name>.db` (a copy: opening it writes).
 * BENCH_WORKER_ENTRY: a built worker (.js or .mjs, as the app runs it) instead of the TypeScript
 * source through tsx, whose compiling takes most of a worker's start. BENCH_QUERIES=1: then every
 * query of bench:core's set once, and the memory again (as bench:core's freshly started core).
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createOfflineStore } from '../electron/core/offline/offline-store';
import { createSearchService } from '../electron/core/search/search-service';
import { querySet } from './query-set';
import { searched } from './searched';

const dataDir = process.env.BENCH_DATA_DIR ?? '';
const baseUrl = process.env.BENCH_BASE_URL ?? 'http://127.0.0.1:9/api/v1';
if (!dataDir) throw new Error('BENCH_DATA_DIR names a data folder holding a copy of an offline database');
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const stalls = monitorEventLoopDelay({ resolution: 5 });
stalls.enable();
const started = performance.now();
const cpu = process.cpuUsage();
const workerEntry = process.env.BENCH_WORKER_ENTRY;
const store = createOfflineStore({ dataDir, ...(workerEntry ? { workerEntry } : {}) });
const search = createSearchService(store.database);
search.use(baseUrl);
const heap = await search.workerHeapUsed();
const workerUp = performance.now() - started;
const first = await searched(search.search({ limit: 50 }));
const painted = performance.now() - started;
const paintedCpu = cpuMs(cpu);
const longestStall = stalls.max / 1e6;
const again = performance.now();
const second = await searched(search.search({ limit: 50, text: 'cabernet' }));
const textMs = performance.now() - again;
stalls.disable();
console.log(`worker started: ${workerUp.toFixed(0)} ms (worker heap ${mb(heap)})`);
console.log(`first browse answered (${first.total} products, ${first.items.length} on the page): ${painted.toFixed(0)} ms wall from the start, CPU ${paintedCpu.toFixed(0)} ms (main thread and worker); inside the worker ${first.tookMs.toFixed(0)} ms; main thread's longest stall ${longestStall.toFixed(0)} ms`);
console.log(`then a text search ('cabernet', ${second.total} hits): ${textMs.toFixed(0)} ms (with the index's read when the first browse did not read it); CPU ${cpuMs(cpu).toFixed(0)} ms from the start; main thread's longest stall ${(stalls.max / 1e6).toFixed(0)} ms`);
const memory = process.memoryUsage();
const status = readFileSync('/proc/self/status', 'utf8');
const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
console.log(`resident: ${mb(memory.rss)} (anonymous ${mb(kib('RssAnon'))}, file ${mb(kib('RssFile'))}); main heap ${mb(memory.heapUsed)}, worker heap ${mb(await search.workerHeapUsed())}`);
if (process.env.BENCH_QUERIES === '1') {
  const browse = await searched(search.search({ limit: 1 }));
  const queries = querySet({
    varietal: browse.facets.varietal.map((facet) => facet.value),
    region: browse.facets.region.map((facet) => facet.value),
    country: browse.facets.country.map((facet) => facet.value),
    supplier: browse.facets.supplier.map((facet) => facet.value),
  });
  for (const query of queries) await searched(search.search(query));
  const after = process.memoryUsage();
  const now = readFileSync('/proc/self/status', 'utf8');
  const nowKib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(now)?.[1] ?? NaN) * 1024;
  console.log(`after the ${queries.length} queries of bench:core once: ${mb(after.rss)} (anonymous ${mb(nowKib('RssAnon'))}, file ${mb(nowKib('RssFile'))}); main heap ${mb(after.heapUsed)}, worker heap ${mb(await search.workerHeapUsed())}`);
}
await store.close();
