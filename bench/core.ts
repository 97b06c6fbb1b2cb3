/**
 * `npm run bench:core`: the desktop core's offline copy against the embedded service.
 *
 * Child processes run the service on a 50,000-product catalog (seeded once into a reusable
 * template), pinned to core 0 when taskset exists; this process (the core) runs on core 1. Measured:
 * - the full first sync (account, suppliers, catalog, orders, webhooks, written to disk) against
 *   fetching and parsing exactly the same requests with plain concurrent fetch, each against a
 *   service started for it (so neither finds pages in the service's cache that the other read);
 * - an unchanged re-sync (every page answered 304), and a re-sync after 1 % of the products were
 *   repriced (the service restarted on the same address with the change);
 * - the main thread's longest event-loop stall during the sync, and how soon after the sync
 *   started the first results are searchable (the catalog streams into the offline database);
 * - disk used by the offline database against the JSON it holds;
 * - a cold open (new worker, database opened, first browse); the search index read as the page asks
 *   for it once the catalog is painted (`prepareSearch`, which warms the worker's first searches;
 *   BENCH_PREPARE_SEARCH=0 leaves it out); local search p50/p95 over a fixed query set (through the
 *   worker, and inside it);
 * - resident memory of this process with the catalog loaded and indexed;
 * - the app (BENCH_PHASES=app, unpinned): the browser shell's core downloading the whole catalog
 *   (list and every product's detail) from the embedded service it starts, every UPC looked up
 *   offline, and cold starts of `npm run web` on that folder to the painted catalog in Chromium;
 * - details against a rate-limited service (BENCH_PHASES=paced, not run by default: it takes
 *   BENCH_PACED_SECONDS, default 120 s, past two of the service's one-minute windows): the service
 *   limits the key to 6,000 requests a minute and the core's first sync and background detail
 *   download run through the real service client; details per second against the allowed 100
 *   requests/s, 429 answers, and the client's waits longer than 2 s (long Retry-After stalls).
 * - on a copy of an offline database a first sync wrote (BENCH_OFFLINE_DB): the re-syncs alone
 *   (BENCH_PHASES=resync), or the cold open, local search and a fresh core's memory alone, no
 *   service (BENCH_PHASES=search).
 * Loopback only; every phase is bounded by the catalog size or by time.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import pLimit from 'p-limit';
import { createServiceClient, fetchAsSent } from '../electron/core/api';
import { createOfflineStore } from '../electron/core/offline/offline-store';
import { createSearchService } from '../electron/core/search/search-service';
import { querySet } from './query-set';
import { collectGarbage } from '../server/db/release-memory';
import Database from 'better-sqlite3';
import { serviceDatabaseFile } from '../electron/core/offline/service-files';
import { createSyncEngine, SYNC_DEFAULTS } from '../electron/core/sync/sync-engine';
import type { ColdStartReport } from './cold-start';
import type { UpcCheck } from './core-app';
import type { CoreMemory } from './core-memory';
import { createFeedTimeline } from './feed-timeline';
import { isFeedPage, walkFeed } from './plain-feed';
import { searched } from './searched';

const CATALOG_SIZE = Number(process.env.BENCH_CATALOG_SIZE ?? 50_000);
const PER_PAGE = 100;
const CONCURRENCY = SYNC_DEFAULTS.concurrency.pages;
const SEARCH_REPEATS = 5;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const canPin = existsSync('/usr/bin/taskset') || existsSync('/bin/taskset');
/** A folder to keep a copy of the first sync's offline database in (BENCH_KEEP_SYNCED_DB), made with SQLite's backup while nothing writes; in phase `resync`, of the copy after its first re-sync. */
const KEEP_SYNCED_DB = process.env.BENCH_KEEP_SYNCED_DB;

interface Ready {
  type: 'ready';
  baseUrl: string;
  apiKey: string;
}

/** The service side: runs in the forked child. */
async function serve() {
  const { startService } = await import('../server/main');
  const { EMBEDDED_RATE_LIMIT_PER_MINUTE } = await import('../electron/core/connection/embedded-service-args');
  const { openPglite } = await import('../server/db/connection');
  const { applyPriceUpdate } = await import('../server/store/catalog/price-update');
  const { copyServiceTemplate, seededServiceTemplate } = await import('../test/support/e2e-service-template');
  const dataDir = await mkdtemp(join(tmpdir(), 'caseworks-bench-core-service-'));
  copyServiceTemplate(await seededServiceTemplate(CATALOG_SIZE), dataDir);
  const options = {
    dataDir,
    catalogSize: CATALOG_SIZE,
    // The limit the app gives its own embedded service, unless the phase sets one.
    rateLimitPerMinute: Number(process.env.BENCH_SERVICE_RATE_LIMIT ?? EMBEDDED_RATE_LIMIT_PER_MINUTE),
    shipAfterSeconds: 3_600,
    deliverAfterSeconds: 7_200,
    logger: false,
    ...(process.env.BENCH_SERVICE_PORT ? { port: Number(process.env.BENCH_SERVICE_PORT) } : {}),
  };
  let service = await startService(options);
  const ready: Ready = { type: 'ready', baseUrl: service.baseUrl, apiKey: service.demoCredentials!.buyers[0]!.api_key };
  process.send!(ready);
  process.on('message', async (message: { type?: string }) => {
    if (message.type === 'reprice') {
      // A supplier price list on 1 % of the catalog, as `npm run server:price-update` applies it:
      // the service stops (its data folder has one user), the prices change, it starts again on
      // the same address, so the core's offline copy (one per service address) is the same one.
      const port = Number(new URL(service.baseUrl).port);
      await service.close();
      const connection = await openPglite({ dataDir });
      const repriced = await applyPriceUpdate(connection.db, { every: 100, percent: 5, at: new Date() });
      await connection.close();
      service = await startService({ ...options, port });
      process.send!({ type: 'repriced', repriced });
      return;
    }
    if (message.type !== 'stop') return;
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

function startServiceProcess(rateLimitPerMinute?: number, port?: number): Promise<{ child: ChildProcess; ready: Ready }> {
  const env = {
    ...process.env,
    ...(rateLimitPerMinute === undefined ? {} : { BENCH_SERVICE_RATE_LIMIT: String(rateLimitPerMinute) }),
    ...(port === undefined ? {} : { BENCH_SERVICE_PORT: String(port) }),
  };
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env });
  if (canPin && child.pid) spawnSync('taskset', ['-p', '-c', '0', String(child.pid)], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the service did not start within 15 minutes')), 900_000);
    child.on('message', (message: Ready) => {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      resolve({ child, ready: message });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited with ${code} before it was ready`));
    });
  });
}

/**
 * The baseline: the requests a first sync made (account, every list page, the change feed, open
 * orders' details), with plain fetch and JSON.parse, the same concurrency, in the same order of
 * waves: the account first, then each list's first page and the feed's first page, then the rest.
 * The feed is walked from its first page by the cursors this service answers (walkFeed), not
 * replayed from the sync's: a cursor belongs to the service that gave it.
 */
async function plainFetch(urls: string[], apiKey: string): Promise<number> {
  const headers = { authorization: `Bearer ${apiKey}`, accept: 'application/json' };
  // Each answer is parsed and let go, as the sync lets each page go once written. Holding them all
  // until the last arrived (4,014 of about 350 kB at a million products) takes about 1.6 GB of heap,
  // and the process keeps some of it resident after they are collected (docs/benchmarks.md).
  const get = async (url: string) => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    await response.json();
  };
  const isFirstPage = (url: string) => /[?&]page=1(&|$)/.test(url);
  const [account, ...asked] = urls;
  const feed = asked.filter(isFeedPage);
  const rest = asked.filter((url) => !isFeedPage(url));
  const limit = pLimit(CONCURRENCY);
  const started = performance.now();
  await get(account!);
  const walked = feed.length > 0 ? walkFeed(feed[0]!, (url) => fetch(url, { headers })) : Promise.resolve(0);
  await Promise.all(rest.filter(isFirstPage).map((url) => limit(() => get(url))));
  await Promise.all([walked, ...rest.filter((url) => !isFirstPage(url)).map((url) => limit(() => get(url)))]);
  const feedPages = await walked;
  if (feedPages !== feed.length) console.log(`plain fetch: the feed walked in ${feedPages} pages, the sync asked ${feed.length}`);
  return performance.now() - started;
}

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Phases to run (BENCH_PHASES, comma-separated): `sync` (first sync against plain fetch, re-sync, index, search, memory), `app` (whole catalog and cold start), `paced` (details against a rate-limited service; not by default), `resync` and `search` (on a copy of BENCH_OFFLINE_DB). */
const PHASES = new Set((process.env.BENCH_PHASES ?? 'sync,app').split(',').map((phase) => phase.trim()));
/** Cold starts measured, one after the other on the same folder (BENCH_COLD_STARTS). */
const COLD_STARTS = Number(process.env.BENCH_COLD_STARTS ?? 3);
/** The paced phase: the service's limit per key (issue 16's), and how long details are downloaded. */
const PACED_LIMIT_PER_MINUTE = 6_000;
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 120);

interface RunningService {
  child: ChildProcess;
  ready: Ready;
}

async function freshService(port?: number): Promise<RunningService> {
  const service = await startServiceProcess(undefined, port);
  // The same warm-up for every service, touching no catalog page (their first reads are measured).
  const warmUp = pLimit(CONCURRENCY);
  await Promise.all(Array.from({ length: 2 * CONCURRENCY }, () => warmUp(() => plainFetch([`${service.ready.baseUrl}/account`], service.ready.apiKey))));
  return service;
}

async function stopService({ child }: RunningService): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'stop' });
  await exited;
}

/** Reprices 1 % of the service's catalog (the service restarts on the same address); how many changed. */
function repriceService({ child }: RunningService): Promise<number> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string; repriced?: number }) => {
      if (message.type !== 'repriced') return;
      child.off('message', onMessage);
      resolve(message.repriced ?? 0);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`the service exited with ${code} while repricing`)));
    child.send({ type: 'reprice' });
  });
}

/** Lets this process and what it starts from now on run on every core (the app is not pinned). */
function unpin() {
  if (canPin) spawnSync('taskset', ['-a', '-p', '-c', '0-63', String(process.pid)], { stdio: 'ignore' });
}

type Figure = (name: string, value: string) => void;

/** Records where each sync's feed pages spend their time (bench/feed-timeline.ts). */
const timeline = createFeedTimeline();

/** The pauses of this thread's garbage collections from now until `stop()`. */
function watchGarbageCollections(): { stop: () => { longestGcMs: number; gcMs: number; gcs: number } } {
  const pauses: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      observer.disconnect();
      return { longestGcMs: Math.max(0, ...pauses), gcMs: pauses.reduce((sum, pause) => sum + pause, 0), gcs: pauses.length };
    },
  };
}

/**
 * When this thread's event loop was held longest, from now until `stop()`: the three longest
 * latenesses of a 10 ms timer, each with when it began (ms after the start), to find the work in a
 * CPU profile of the same run.
 */
function watchLongestDelays(): { stop: () => { atMs: number; delayMs: number }[] } {
  const started = performance.now();
  const longest: { atMs: number; delayMs: number }[] = [];
  let expected = started + 10;
  const timer = setInterval(() => {
    const now = performance.now();
    const delayMs = now - expected;
    expected = now + 10;
    if (longest.length < 3 || delayMs > longest[longest.length - 1]!.delayMs) {
      longest.push({ atMs: now - delayMs - 10 - started, delayMs });
      longest.sort((a, b) => b.delayMs - a.delayMs);
      longest.length = Math.min(longest.length, 3);
    }
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      return longest;
    },
  };
}

/** User + system CPU time of this process's main thread (its thread id is the process's), in ms, from /proc; NaN where there is none. */
const cpuOfThread = (pid: number) => cpuOfStat(`/proc/${pid}/task/${pid}/stat`);

/** User + system CPU time of a process (a service child), in ms, from /proc; NaN where there is none. */
const cpuOfProcess = (pid: number | undefined) => cpuOfStat(`/proc/${pid}/stat`);

function cpuOfStat(file: string): number {
  try {
    const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, the 12th and 13th after the command's name; in clock ticks (100 a second).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

async function main() {
  if (canPin) spawnSync('taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  const workDirs: string[] = [];
  const services: RunningService[] = [];
  const figures: Record<string, string> = {};
  const figure: Figure = (name, value) => {
    figures[name] = value;
    console.log(`[bench:core] ${name}: ${value}`);
  };
  try {
    if (PHASES.has('sync')) await syncPhases(figure, workDirs, services);
    if (PHASES.has('resync')) await resyncPhase(figure, workDirs, services);
    if (PHASES.has('search')) await searchPhase(figure, workDirs);
    if (PHASES.has('paced')) await pacedPhase(figure, workDirs, services);
    if (PHASES.has('app')) {
      unpin();
      await appPhases(figure, workDirs);
    }
  } finally {
    await Promise.all(services.map(stopService));
    if (process.env.BENCH_APP_DATA_DIR === undefined) await Promise.all(workDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    else await Promise.all(workDirs.filter((dir) => dir !== process.env.BENCH_APP_DATA_DIR).map((dir) => rm(dir, { recursive: true, force: true })));
  }
  console.log(`\nbench:core — ${CATALOG_SIZE} products, ${PER_PAGE} per page, ${CONCURRENCY} concurrent requests`);
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
}

/**
 * The first sync against plain fetch of the same requests, each against a service started for it
 * from the same seeded copy (so neither meets pages the other already read into the service's
 * cache), alternating which goes first; then, on the last sync's folder and service: the
 * unchanged re-sync, index build, snapshot reload, local search and memory.
 */
async function syncPhases(figure: Figure, workDirs: string[], services: RunningService[]) {
  const serviceStarted = performance.now();
  let service = await freshService();
  services.push(service);
  console.log(`service with ${CATALOG_SIZE} products ready in ${ms(performance.now() - serviceStarted)} (${canPin ? 'service on core 0, core on core 1' : 'not pinned'})`);

  const plainTimes: number[] = [];
  const syncTimes: number[] = [];
  /** The requests of the first sync, relative to the service's base URL. */
  let syncPaths: string[] = [];
  let last: { engine: ReturnType<typeof createSyncEngine>; dir: string; store: ReturnType<typeof createOfflineStore>; service: RunningService } | null = null;
  let mainStall = 0;
  const firstSearchable: number[] = [];
  /** CPU time of this process (main thread and offline worker) during each sync. */
  const syncCpu: number[] = [];
  const mainStalls: { maxMs: number; p99Ms: number }[] = [];
  /** The main thread's own CPU during each sync, and its garbage collections' pauses (the longest, and all together). */
  const mainThread: { cpuMs: number; longestGcMs: number; gcMs: number; gcs: number }[] = [];
  const idleStalls: { maxMs: number; p99Ms: number }[] = [];

  const measurePlain = async () => {
    const own = await freshService();
    services.push(own);
    plainTimes.push(await plainFetch(syncPaths.map((path) => own.ready.baseUrl + path), own.ready.apiKey));
    await stopService(own);
  };

  // Round 0 syncs first (its requests are what plain fetch repeats); round 1 fetches first; and so on.
  for (let round = 0; round < ROUNDS; round += 1) {
    if (round % 2 === 1) await measurePlain();
    if (round > 0) {
      service = await freshService();
      services.push(service);
    }
    const dir = await mkdtemp(join(tmpdir(), 'caseworks-bench-core-'));
    workDirs.push(dir);
    const store = createOfflineStore({ dataDir: dir });
    const search = createSearchService(store.database);
    await search.workerHeapUsed();
    const recording: string[] = [];
    const { baseUrl, apiKey } = service.ready;
    /** The client's transports (`fetch`, and `fetchAsSent` for the feed's pages), each recording what it asks. */
    const recorded =
      (transport: typeof fetch): typeof fetch =>
      (input, init) => {
        recording.push(String(input).slice(baseUrl.length));
        return transport(input, init);
      };
    timeline.reset();
    const engine = createSyncEngine({
      api: timeline.client(createServiceClient({ baseUrl, getApiKey: () => apiKey, timeoutMs: 60_000, fetch: timeline.fetch(recorded(fetch)), fetchAsSent: timeline.fetch(recorded(fetchAsSent)) })),
      store: timeline.store(store),
      scope: { baseUrl, accountId: null },
      search,
      hydrateDetails: false,
    });
    await engine.init();
    const idle = startIdleProbe();
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    const delays = watchLongestDelays();
    const cpuStarted = process.cpuUsage();
    const mainCpuStarted = cpuOfThread(process.pid);
    const gcs = watchGarbageCollections();
    const serviceCpuStarted = cpuOfProcess(service.child.pid);
    // Results are searchable while the list downloads: how long until the first ones are.
    const syncStarted = performance.now();
    let searchable: number | null = null;
    const probe = (async () => {
      while (searchable === null) {
        if ((await searched(search.search({ limit: 1 }))).total > 0) searchable = performance.now() - syncStarted;
        else await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const report = await engine.sync();
    stalls.disable();
    figure(
      `first sync, round ${round + 1}: the main thread's longest delays (a 10 ms timer's lateness), when they began after the sync's start`,
      delays.stop().map((delay) => `${ms(delay.delayMs)} at ${(delay.atMs / 1000).toFixed(2)} s`).join(', '),
    );
    const cpu = process.cpuUsage(cpuStarted);
    syncCpu.push((cpu.user + cpu.system) / 1000);
    mainThread.push({ cpuMs: cpuOfThread(process.pid) - mainCpuStarted, ...gcs.stop() });
    figure(`first sync, round ${round + 1}: the service's CPU meanwhile`, ms(cpuOfProcess(service.child.pid) - serviceCpuStarted));
    figure(`first sync, round ${round + 1}: the feed page by page`, timeline.summary());
    idleStalls.push(await idle.stop());
    mainStalls.push({ maxMs: stalls.max / 1e6, p99Ms: stalls.percentile(99) / 1e6 });
    await probe;
    firstSearchable.push(searchable ?? Number.NaN);
    syncPaths = recording;
    const failed = report.outcomes.filter((outcome) => outcome.result === 'failed');
    if (failed.length > 0) throw new Error(`sync failed: ${JSON.stringify(failed)}`);
    syncTimes.push(report.millis);
    mainStall = Math.max(mainStall, stalls.max / 1e6);
    await engine.whenIdle();
    if (round === 0 && KEEP_SYNCED_DB) await keepOfflineDatabase(serviceDatabaseFile(dir, baseUrl), "the first sync's");
    if (round === 0) {
      collectGarbage();
      const memory = process.memoryUsage();
      figure('resident memory right after the first sync (before the plain fetch)', `${mb(memory.rss)} RSS (main heap ${mb(memory.heapUsed)} of ${mb(memory.heapTotal)}, worker heap ${mb(await search.workerHeapUsed())}, external ${mb(memory.external)}; ${residentKinds()})`);
    }
    if (last) {
      await last.store.close();
      await stopService(last.service);
    }
    last = { engine, dir, store, service };
    if (round % 2 === 0) await measurePlain();
  }
  const plain = Math.min(...plainTimes);
  const full = Math.min(...syncTimes);
  console.log(`full first sync (each on a fresh service):                      ${syncTimes.map(ms).join(', ')}`);
  console.log(`plain fetch of the same ${syncPaths.length} requests (each on a fresh service): ${plainTimes.map(ms).join(', ')}`);
  figure(
    'full first sync / plain fetch, each on a freshly started service',
    `${(full / plain).toFixed(2)}× best against best (${ms(full)} vs ${ms(plain)}); round by round ${syncTimes.map((sync, round) => `${(sync / plainTimes[round]!).toFixed(2)}×`).join(', ')}; ${ROUNDS} rounds, alternating which goes first; targets ≤ 8 s and ≤ 1.25×`,
  );
  figure('core CPU time during the sync (main thread + offline worker)', syncCpu.map(ms).join(', '));
  figure(
    'main-thread longest stall during sync',
    `${ms(mainStall)} (p99 ${mainStalls.map((stall) => ms(stall.p99Ms)).join(', ')}); an idle process on the same core meanwhile: longest ${idleStalls.map((stall) => ms(stall.maxMs)).join(', ')}, p99 ${idleStalls.map((stall) => ms(stall.p99Ms)).join(', ')} (target ≤ 50 ms)`,
  );
  figure(
    "the main thread during the sync: its CPU; its garbage collections' pauses",
    mainThread.map((main) => `CPU ${ms(main.cpuMs)}; ${main.gcs} collections, ${ms(main.gcMs)} in all, the longest ${ms(main.longestGcMs)}`).join('; '),
  );
  figure('first results searchable after the sync started', `${firstSearchable.map(ms).join(', ')} (target ≤ 3 s)`);

  const { engine, dir, store } = last!;
  await resyncFigures(figure, engine, last!.service, full);
  const scope = { baseUrl: last!.service.ready.baseUrl, accountId: engine.accountId };
  await store.close();

  // Disk: the database (and its WAL) against the JSON of the products it holds.
  const diskStore = createOfflineStore({ dataDir: dir });
  const onDisk = await diskStore.sizeOnDisk();
  await diskStore.close();
  const raw = new Database(serviceDatabaseFile(dir, scope.baseUrl), { readonly: true });
  const rawJson = raw.prepare('SELECT sum(length(json)) FROM products').pluck().get() as number;
  raw.close();
  figure('disk used by the offline copy', `${mb(onDisk)} for ${CATALOG_SIZE} products, ${(onDisk / rawJson).toFixed(2)}× the ${mb(rawJson)} of JSON it holds (list items, no details)`);

  const reloader = await searchFigures(figure, dir, scope.baseUrl);
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const memory = process.memoryUsage();
  figure(
    'resident memory at the end of this run',
    `${mb(memory.rss)} RSS after the syncs above (main heap ${mb(memory.heapUsed)}, worker heap ${mb(await reloader.search.workerHeapUsed())}, external ${mb(memory.external)}; ${residentKinds()})`,
  );
  await reloader.close();
  await freshCoreFigure(figure, dir, scope);
}

/**
 * A cold open of the offline copy in `dir` (new worker, database opened, first browse) and local
 * search through the worker over the query set; the opened core is handed back for more figures.
 */
async function searchFigures(figure: Figure, dir: string, baseUrl: string) {
  // A cold open: a new worker, the database opened, the first browse answered.
  const coldIdle = startIdleProbe();
  const coldCpu = process.cpuUsage();
  const coldStarted = performance.now();
  const coldStore = createOfflineStore({ dataDir: dir });
  const reloader = createSearchService(coldStore.database);
  reloader.use(baseUrl);
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  await reloader.search({ limit: 50 });
  stalls.disable();
  const coldMs = performance.now() - coldStarted;
  const coldUsed = process.cpuUsage(coldCpu);
  const coldControl = await coldIdle.stop();
  figure(
    'cold open of the offline copy to the first page of the catalog',
    `${ms(coldMs)} (CPU ${ms((coldUsed.user + coldUsed.system) / 1000)}; worker start, database open, first browse); main thread's longest stall meanwhile ${ms(stalls.max / 1e6)}, an idle process on the same core ${ms(coldControl.maxMs)}`,
  );

  // As the page does once the catalog is painted (`prepareSearch`): the worker reads the search
  // index, then warms its first searches a turn at a time while the searches below are asked.
  // BENCH_PREPARE_SEARCH=0 leaves it out: the first search reads the index, and nothing is warmed.
  if (process.env.BENCH_PREPARE_SEARCH !== '0') {
    const readStarted = performance.now();
    const read = await reloader.readIndex();
    figure('search index read after the cold open (prepareSearch)', `${ms(performance.now() - readStarted)}${read ? '; the worker warms its first searches beside the searches below' : '; already read by the first browse: no warm-up'}`);
  }

  const browse = await searched(reloader.search({ limit: 1 }));
  const queries = querySet({
    varietal: browse.facets.varietal.map((facet) => facet.value),
    region: browse.facets.region.map((facet) => facet.value),
    country: browse.facets.country.map((facet) => facet.value),
    supplier: browse.facets.supplier.map((facet) => facet.value),
  });
  // The first pass meets every text for the first time (texts recur across queries, as when a
  // buyer refines a search); later passes repeat the same queries.
  const firstPass: number[] = [];
  const roundTrips: number[] = [];
  const inWorker: number[] = [];
  const searchCpu = process.cpuUsage();
  const searchMainCpu = cpuOfThread(process.pid);
  for (let repeat = 0; repeat < SEARCH_REPEATS; repeat += 1) {
    for (const query of queries) {
      const started = performance.now();
      const result = await searched(reloader.search(query));
      const took = performance.now() - started;
      if (repeat === 0) firstPass.push(took);
      roundTrips.push(took);
      inWorker.push(result.tookMs);
    }
  }
  const searchesCpu = process.cpuUsage(searchCpu);
  const searchesMainCpu = cpuOfThread(process.pid) - searchMainCpu;
  figure(
    'local search',
    `first pass p50 ${ms(percentile(firstPass, 50))}, p95 ${ms(percentile(firstPass, 95))}; all ${SEARCH_REPEATS} passes p50 ${ms(percentile(roundTrips, 50))}, p95 ${ms(percentile(roundTrips, 95))} through the worker (inside it p50 ${ms(percentile(inWorker, 50))}, p95 ${ms(percentile(inWorker, 95))}); CPU a search ${ms((searchesCpu.user + searchesCpu.system) / 1000 / roundTrips.length)} (the main thread's ${ms(searchesMainCpu / roundTrips.length)}); ${queries.length} queries; targets p95 ≤ 5 ms at 50,000, ≤ 16 ms at 1,000,000`,
  );

  return { search: reloader, close: () => coldStore.close() };
}

/** The unchanged re-sync and a 1 % change re-synced (the service reprices every 100th product), with where their feed pages' time went. */
async function resyncFigures(figure: Figure, engine: ReturnType<typeof createSyncEngine>, service: RunningService, full: number | null) {
  timeline.reset();
  const resyncCpu = process.cpuUsage();
  const resyncServiceCpu = cpuOfProcess(service.child.pid);
  const resync = await engine.sync();
  const resyncUsed = process.cpuUsage(resyncCpu);
  figure('unchanged re-sync: the service\'s CPU meanwhile', ms(cpuOfProcess(service.child.pid) - resyncServiceCpu));
  figure('unchanged re-sync: the feed page by page', timeline.summary());
  const notUnchanged = resync.outcomes.filter((outcome) => outcome.result !== 'unchanged').map((outcome) => `${outcome.dataset} ${outcome.result}`);
  figure(
    'unchanged re-sync',
    `${ms(resync.millis)} (CPU ${ms((resyncUsed.user + resyncUsed.system) / 1000)})${full === null ? '' : ` = ${((resync.millis / full) * 100).toFixed(1)}% of full`} (${notUnchanged.length === 0 ? 'all 304' : `NOT all unchanged: ${notUnchanged.join(', ')}`}; target ≤ 1 s)`,
  );
  // A 1 % change: the service reprices every 100th product, then the core syncs again.
  const repriced = await repriceService(service);
  timeline.reset();
  const changeCpu = process.cpuUsage();
  const changeServiceCpu = cpuOfProcess(service.child.pid);
  const change = await engine.sync();
  const changeUsed = process.cpuUsage(changeCpu);
  figure('a 1 % change re-synced: the service\'s CPU meanwhile', ms(cpuOfProcess(service.child.pid) - changeServiceCpu));
  figure('a 1 % change re-synced: the feed page by page', timeline.summary());
  const changeResults = change.outcomes.map((outcome) => `${outcome.dataset} ${outcome.result}`).join(', ');
  figure('a 1 % change re-synced', `${ms(change.millis)} (CPU ${ms((changeUsed.user + changeUsed.system) / 1000)}) after ${repriced} products were repriced (${changeResults}; target ≤ 3 s)`);
}

/** A copy of an offline database into BENCH_KEEP_SYNCED_DB, with SQLite's backup (nothing writes it meanwhile). */
async function keepOfflineDatabase(file: string, what: string) {
  const copy = join(KEEP_SYNCED_DB!, basename(file));
  const source = new Database(file, { readonly: true });
  const copied = performance.now();
  await source.backup(copy);
  source.close();
  console.log(`${what} offline database copied to ${copy} in ${ms(performance.now() - copied)}`);
}

/**
 * A data folder holding a copy of BENCH_OFFLINE_DB (an offline database a first sync wrote, e.g.
 * one kept with BENCH_KEEP_SYNCED_DB) under the name of the service it belongs to.
 */
async function copyOfflineDatabase(phase: string, workDirs: string[]): Promise<{ dir: string; baseUrl: string }> {
  const source = process.env.BENCH_OFFLINE_DB;
  if (!source) throw new Error(`BENCH_PHASES=${phase} needs BENCH_OFFLINE_DB: an offline database a first sync of the same catalog size wrote`);
  const dir = await mkdtemp(join(tmpdir(), `caseworks-bench-${phase}-`));
  workDirs.push(dir);
  await mkdir(join(dir, 'offline'));
  const copying = join(dir, 'offline', 'copying.db');
  const copied = performance.now();
  await copyFile(source, copying);
  const meta = new Database(copying, { readonly: true });
  const baseUrl = meta.prepare("SELECT value FROM meta WHERE key = 'baseUrl'").pluck().get() as string;
  meta.close();
  await rename(copying, serviceDatabaseFile(dir, baseUrl));
  console.log(`offline database copied in ${ms(performance.now() - copied)}; it belongs to ${baseUrl}`);
  return { dir, baseUrl };
}

/**
 * Search alone (BENCH_PHASES=search) on a copy of BENCH_OFFLINE_DB, no service, not pinned to a
 * core: the cold open and local search through the worker, then a freshly started core's memory.
 */
async function searchPhase(figure: Figure, workDirs: string[]) {
  // No service runs beside it: the core's threads get both cores, as on a buyer's machine.
  unpin();
  const { dir, baseUrl } = await copyOfflineDatabase('search', workDirs);
  const opened = await searchFigures(figure, dir, baseUrl);
  await opened.close();
  await freshCoreFigure(figure, dir, { baseUrl, accountId: null });
}

/**
 * The re-syncs alone (BENCH_PHASES=resync) on a copy of an offline database a first sync wrote
 * (BENCH_OFFLINE_DB, e.g. one kept with BENCH_KEEP_SYNCED_DB): a service from the same seeded
 * template is started on the address the database belongs to (so its cursor is the service's),
 * the core opens the copy and loads its search index, then the unchanged re-sync and the 1 % change.
 */
async function resyncPhase(figure: Figure, workDirs: string[], services: RunningService[]) {
  const { dir, baseUrl } = await copyOfflineDatabase('resync', workDirs);
  const service = await freshService(Number(new URL(baseUrl).port));
  services.push(service);
  if (service.ready.baseUrl !== baseUrl) throw new Error(`the service started at ${service.ready.baseUrl}, not ${baseUrl}`);
  const store = createOfflineStore({ dataDir: dir });
  const search = createSearchService(store.database);
  search.use(baseUrl);
  const opened = performance.now();
  const { total } = await searched(search.search({ limit: 1 }));
  console.log(`offline copy opened with ${total} products searchable in ${ms(performance.now() - opened)}`);
  const engine = createSyncEngine({
    api: timeline.client(createServiceClient({ baseUrl, getApiKey: () => service.ready.apiKey, timeoutMs: 60_000, fetch: timeline.fetch(fetch), fetchAsSent: timeline.fetch(fetchAsSent) })),
    store: timeline.store(store),
    scope: { baseUrl, accountId: null },
    search,
    hydrateDetails: false,
  });
  await engine.init();
  // The first sync of a newly started core writes what it only keeps in memory (the account, the statuses): not the unchanged re-sync measured next.
  const first = await engine.sync();
  figure('first re-sync after opening the copy', `${ms(first.millis)} (${first.outcomes.map((outcome) => `${outcome.dataset} ${outcome.result}`).join(', ')})`);
  await engine.whenIdle();
  // A copy synced with this template's catalog: the next run on it skips a first re-sync that fetches everything again.
  if (KEEP_SYNCED_DB) await keepOfflineDatabase(serviceDatabaseFile(dir, baseUrl), 'the re-synced');
  await resyncFigures(figure, engine, service, null);
  await engine.whenIdle();
  await store.close();
}

/** The core's detail download against the service limiting the key to 6,000 requests a minute. */
async function pacedPhase(figure: Figure, workDirs: string[], services: RunningService[]) {
  const { LONG_WAIT_MS, pacedDetails } = await import('./core-paced');
  const service = await startServiceProcess(PACED_LIMIT_PER_MINUTE);
  services.push(service);
  const dataDir = await mkdtemp(join(tmpdir(), 'caseworks-bench-paced-'));
  workDirs.push(dataDir);
  const report = await pacedDetails({ ...service.ready, dataDir, seconds: PACED_SECONDS });
  await stopService(service);
  const allowedPerSecond = PACED_LIMIT_PER_MINUTE / 60;
  const perSecond = report.details / (report.detailMs / 1000);
  console.log(`details answered per 10 s from the first detail request: ${report.detailsPer10s.join(', ')}`);
  figure(
    `details against a service limiting the key to ${PACED_LIMIT_PER_MINUTE} requests a minute`,
    `${perSecond.toFixed(1)} details/s = ${((perSecond / allowedPerSecond) * 100).toFixed(1)}% of the allowed ${allowedPerSecond}/s (${report.details} details in ${ms(report.detailMs)}; target ≥ 90%); all requests ${(report.requests / (report.runMs / 1000)).toFixed(1)}/s (${report.requests} in ${ms(report.runMs)}, the first sync's lists included)`,
  );
  figure(
    'rate limit: 429 answers and long waits',
    `${report.answers429} answers 429; ${report.longWaits} waits longer than ${LONG_WAIT_MS / 1000} s of ${report.waits} waits, longest ${ms(report.longestWaitMs)} (target 0 long stalls); longest gap between two details ${ms(report.longestDetailGapMs)}`,
  );
}

/**
 * The app as it runs: the browser shell's core in this process, on a data folder with the demo
 * service's database and no offline copy, until the whole catalog is offline (list, every
 * product's detail, the first images); every UPC looked up with the service stopped, and again
 * after a restart of the core; then cold starts of `npm run web` on that folder in Chromium.
 * BENCH_APP_DATA_DIR keeps the folder (and reuses it when it already holds a catalog).
 */
async function appPhases(figure: Figure, workDirs: string[]) {
  // Imported here: the browser and the app's shell are no part of the sync phase's core, whose main
  // thread's heap (its stalls' garbage collections) and memory that phase measures.
  const { checkUpcLookups, prepareAppDataDir, startShell, storedCatalog, wholeCatalogOffline } = await import('./core-app');
  const { measureColdStart } = await import('./cold-start');
  const { launchChromium } = await import('../test/support/e2e-browser');
  const { ensureRendererBuilt } = await import('../test/support/e2e-build');
  const given = process.env.BENCH_APP_DATA_DIR;
  const dataDir = given ?? (await mkdtemp(join(tmpdir(), 'caseworks-bench-app-')));
  workDirs.push(dataDir);
  if ((await storedCatalog(dataDir)).products.length !== CATALOG_SIZE) {
    await prepareAppDataDir(dataDir, CATALOG_SIZE);
    const launched = performance.now();
    const shell = await startShell(dataDir);
    try {
      const whole = await wholeCatalogOffline(shell, performance.now() - launched);
      const details = whole.productDetails;
      figure(
        'whole catalog offline through the app (embedded service, its limit for the app)',
        `${ms(whole.wholeMs)} from the shell being ready (catalog listed after ${ms(whole.listMs)}; the shell took ${ms(whole.shellReadyMs)} to start the service); ${details?.count ?? 0} product details stored${details?.error ? `, stopped: ${details.error}` : ''}; target ≤ 3 min`,
      );
      await shell.stopEmbeddedService();
      await shell.core.checkConnectivity();
      const { products, details: stored } = await storedCatalog(dataDir);
      const upc = await checkUpcLookups(shell.core.dispatcher.dispatch, products, stored);
      figure('UPC lookup offline right after the download', describeUpc(upc));
    } finally {
      await shell.close();
    }
    const restarted = await startShell(dataDir);
    try {
      await restarted.stopEmbeddedService();
      await restarted.core.checkConnectivity();
      const { products, details: stored } = await storedCatalog(dataDir);
      figure('UPC lookup offline after restarting the core', describeUpc(await checkUpcLookups(restarted.core.dispatcher.dispatch, products, stored)));
    } finally {
      await restarted.close();
    }
  }
  if (COLD_STARTS <= 0) return;
  ensureRendererBuilt();
  const browser = await launchChromium();
  try {
    const runs: ColdStartReport[] = [];
    for (let run = 0; run < COLD_STARTS; run += 1) {
      const report = await measureColdStart(browser, dataDir, CATALOG_SIZE);
      console.log(
        `cold start ${run + 1}: URL after ${ms(report.urlMs)}, catalog painted after ${ms(report.paintedMs)} (${ms(report.pageMs)} from opening the URL); core RSS ${mb(report.core.rssBytes)} (peak ${mb(report.core.peakBytes)}), ${report.laterMs / 1000} s later ${mb(report.coreLater.rssBytes)} (peak ${mb(report.coreLater.peakBytes)}); service RSS ${report.service ? mb(report.service.rssBytes) : '?'}`,
      );
      const calls = report.calls.map((call) => `${call.method} ${call.sentMs}→${call.answeredMs ?? '…'}`).join(', ');
      console.log(`  the page's bridge calls until then (ms after launch): ${calls}`);
      runs.push(report);
    }
    const median = (pick: (report: ColdStartReport) => number) => percentile(runs.map(pick), 50);
    figure(
      'cold start of npm run web on the cached catalog, to the painted catalog in Chromium',
      `median ${ms(median((report) => report.paintedMs))} (${runs.map((report) => ms(report.paintedMs)).join(', ')}; URL printed after median ${ms(median((report) => report.urlMs))}); target ≤ 2 s`,
    );
    figure(
      'core RSS at that paint',
      `median ${mb(median((report) => report.core.rssBytes))} (peak so far ${mb(median((report) => report.core.peakBytes))}); ${runs[0]!.laterMs / 1000} s later median ${mb(median((report) => report.coreLater.rssBytes))} (peak ${mb(median((report) => report.coreLater.peakBytes))}); target ≤ 300 MB`,
    );
  } finally {
    await browser.close();
  }
}

const describeUpc = (check: UpcCheck) =>
  `${check.resolved} of ${check.products} products found by their UPC (${check.withDetail} with a stored detail) in ${ms(check.millis)}${check.failures.length > 0 ? `; e.g. ${check.failures.join('; ')}` : ''}`;

async function freshCoreFigure(figure: Figure, dir: string, scope: { baseUrl: string; accountId: string | null }) {
  const fresh = await freshCoreMemory(dir, scope);
  figure('resident memory of a freshly started core with the catalog searchable', `${mb(fresh.rss)} RSS (main + worker; main heap ${mb(fresh.heapUsed)}, worker heap ${mb(fresh.workerHeapUsed)}; ${fresh.documents} products; targets ≤ 250 MB at 50,000, ≤ 400 MB at 1,000,000)`);
}

/** A new process that starts the core on the stored copy (as the app does at launch) and reports its memory (bench/core-memory.ts). */
function freshCoreMemory(dir: string, scope: { baseUrl: string; accountId: string | null }): Promise<CoreMemory> {
  const child = fork(fileURLToPath(new URL('./core-memory.ts', import.meta.url)), [JSON.stringify({ dir, scope })], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  if (canPin && child.pid) spawnSync('taskset', ['-p', '-c', '1', String(child.pid)], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.on('message', (message: CoreMemory) => resolve(message));
    child.on('exit', (code) => reject(new Error(`the core process exited with ${code}`)));
  });
}

/**
 * The control for the main thread's stalls: a process that does nothing but watch its own event
 * loop, on the same core as the core under test, for as long as the measured phase. A stall longer
 * in the core's main thread than here is the core's own; one as long is the machine's.
 */
function startIdleProbe(): { stop: () => Promise<{ maxMs: number; p99Ms: number }> } {
  const child = fork(fileURLToPath(import.meta.url), ['--idle-probe'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  if (canPin && child.pid) spawnSync('taskset', ['-p', '-c', '1', String(child.pid)], { stdio: 'ignore' });
  const ready = new Promise<void>((resolve) => child.once('message', () => resolve()));
  return {
    async stop() {
      await ready;
      const answer = new Promise<{ maxMs: number; p99Ms: number }>((resolve) => child.once('message', resolve));
      child.send('stop');
      return answer;
    },
  };
}

function idleProbe() {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const keepAlive = setInterval(() => {}, 1_000);
  process.send!('ready');
  process.once('message', () => {
    delay.disable();
    clearInterval(keepAlive);
    process.send!({ maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 }, () => process.exit(0));
  });
}

if (process.argv.includes('--serve')) {
  await serve();
} else if (process.argv.includes('--idle-probe')) {
  idleProbe();
} else {
  await main();
}

/** Linux's split of this process's resident memory: anonymous (heaps, allocator arenas), file-backed, shared. */
function residentKinds(): string {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return `anonymous ${mb(kib('RssAnon'))}, file ${mb(kib('RssFile'))}, shared ${mb(kib('RssShmem'))}`;
  } catch {
    return 'no /proc/self/status';
  }
}
