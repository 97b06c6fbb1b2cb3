/**
 * `BENCH_DB_DIR=… npx tsx bench/offline-memory.ts`: where the resident memory of a process that
 * wrote many feed pages goes. The offline database in BENCH_DB_DIR (a copy: it is written) is
 * opened in a worker thread, as the core's offline worker opens it; BENCH_PAGES pages of 250
 * products (the database's own details under new ids, so the catalog grows as in a first sync) are
 * written with `applyChanges`; this process's memory is printed by kind (anonymous, file-backed,
 * heaps) and its largest anonymous mappings, after opening, after the writes and after
 * BENCH_AFTER (`none`, or `shrink`: SQLite's `shrink_memory` on the connection).
 * Run it with MALLOC_ARENA_MAX or glibc tunables in the environment to compare allocators' settings.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { startWorker } from '../server/threads/start-worker';

const PAGE = 250;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

interface Job {
  dir: string;
  pages: number;
  after: string;
}

if (isMainThread) {
  const job: Job = { dir: process.env.BENCH_DB_DIR ?? '', pages: Number(process.env.BENCH_PAGES ?? 400), after: process.env.BENCH_AFTER ?? 'none' };
  if (!job.dir) throw new Error('BENCH_DB_DIR names a folder holding a copy of an offline database (service.db); it is written');
  const worker = startWorker(new URL(import.meta.url), job);
  worker.on('message', (message: { step: string; workerHeap: number; detail: string }) => {
    const memory = process.memoryUsage();
    console.log(`${message.step}: ${message.detail}`);
    console.log(`  rss ${mb(memory.rss)} (${residentKinds()}); main heap ${mb(memory.heapUsed)}, worker heap ${mb(message.workerHeap)}, external ${mb(memory.external)}, array buffers ${mb(memory.arrayBuffers)}`);
    console.log(`  largest anonymous mappings (resident): ${largestAnonymous(8)}`);
    worker.postMessage('next');
  });
  worker.on('error', (error) => {
    console.error(error);
    process.exitCode = 1;
  });
} else {
  const job = workerData as Job;
  const { openServiceFile } = await import('../electron/core/offline/service-files');
  const { createServiceDatabase } = await import('../electron/core/offline/service-database');
  const { createCatalogSearch } = await import('../electron/core/search/catalog-search');
  const { CatalogSearchInput } = await import('../shared/bridge');
  const next = () => new Promise<void>((resolve) => parentPort!.once('message', () => resolve()));
  const report = async (step: string, detail: string) => {
    parentPort!.postMessage({ step, workerHeap: process.memoryUsage().heapUsed, detail });
    await next();
  };
  let started = performance.now();
  const db = openServiceFile(path.join(job.dir, 'service.db'), 'http://127.0.0.1:9/api/v1');
  const database = createServiceDatabase(db);
  const search = createCatalogSearch(database);
  const total = search.search(CatalogSearchInput.parse({ limit: 1 })).total;
  await report('opened, first browse', `${total} products, ${(performance.now() - started).toFixed(0)} ms`);
  const read = database.sql('SELECT json FROM product_details ORDER BY rowid LIMIT ? OFFSET ?').pluck();
  started = performance.now();
  const cpu = process.cpuUsage();
  const stamp = Date.now().toString(36);
  for (let page = 0; page < job.pages; page += 1) {
    const products = (read.all(PAGE, page * PAGE) as string[]).map((json) => {
      const product = JSON.parse(json) as { id: string; name: string };
      return { ...product, id: `${product.id}-${stamp}`, name: `${product.name} ${stamp}` };
    });
    database.applyChanges(products.map((product) => ({ type: 'product.changed' as const, product })) as never, `cursor-${stamp}-${page}`, new Date().toISOString());
  }
  const used = process.cpuUsage(cpu);
  await report(`after ${job.pages} feed pages of ${PAGE}`, `${(performance.now() - started).toFixed(0)} ms wall, CPU ${((used.user + used.system) / 1e6).toFixed(1)} s; ${search.search(CatalogSearchInput.parse({ limit: 1 })).total} products`);
  if (job.after === 'shrink') {
    db.pragma('shrink_memory');
    await report('after shrink_memory', '');
  }
  (globalThis as { gc?: () => void }).gc?.();
  await report('end', '');
  db.close();
  await report('database closed', '');
  process.exit(0);
}

/** Linux's split of this process's resident memory: anonymous (heaps, allocator arenas), file-backed, shared. */
function residentKinds(): string {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return `anonymous ${mb(kib('RssAnon'))}, file ${mb(kib('RssFile'))}, shared ${mb(kib('RssShmem'))}`;
}

/** The largest anonymous mappings of this process by resident size, with their size. */
function largestAnonymous(count: number): string {
  const mappings: { name: string; size: number; rss: number }[] = [];
  let current: { name: string; size: number; rss: number } | null = null;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      current = { name: head[4] || (head[3] === '0' ? '[anon]' : '?'), size: (parseInt(head[2]!, 16) - parseInt(head[1]!, 16)) / 1024, rss: 0 };
      mappings.push(current);
    } else if (current && line.startsWith('Rss:')) current.rss = Number(/(\d+)/.exec(line)![1]);
  }
  const anon = mappings.filter((mapping) => mapping.name === '[anon]' || mapping.name === '[heap]');
  const total = anon.reduce((sum, mapping) => sum + mapping.rss, 0);
  const bySize = new Map<number, { count: number; rss: number }>();
  for (const mapping of anon) {
    const key = mapping.size >= 65536 ? 65536 : mapping.size;
    const entry = bySize.get(key) ?? { count: 0, rss: 0 };
    entry.count += 1;
    entry.rss += mapping.rss;
    bySize.set(key, entry);
  }
  const top = anon.sort((a, b) => b.rss - a.rss).slice(0, count).map((mapping) => `${mapping.name} ${(mapping.rss / 1024).toFixed(0)}/${(mapping.size / 1024).toFixed(0)} MB`);
  const arenas = bySize.get(65536);
  return `${top.join(', ')}; all anonymous ${(total / 1024).toFixed(0)} MB${arenas ? `, of it ${(arenas.rss / 1024).toFixed(0)} MB in ${arenas.count} mappings of 64 MB (malloc arenas' heaps)` : ''}`;
}
