/**
 * The catalog change feed's phase of `npm run bench:server` (issue 21), called from bench/server.ts
 * with the running service (PGlite, its data folder) and a buyer's key:
 *
 * 1. Bootstrap: a plain client (fetch and JSON.parse, nothing else; fetch asks for br/gzip as
 *    every HTTP client does) reads GET /catalog/changes?limit=1000 from no cursor until has_more
 *    is false, asking for each next page from the page's Link header as soon as it arrives
 *    (FEED_AHEAD). Time, pages, bytes on the wire, and the service process's resident memory, sampled
 *    every 50 ms from /proc: its peak during the bootstrap.
 * 2. Nothing changed: one request with the final cursor answers an empty page.
 * 3. A 1 % change: the service is stopped, `npm run server:price-update -- --every 100` reprices
 *    every 100th product on the data folder (as an operator would), the service starts again on
 *    the same port, and the client reads the feed from its cursor: exactly those products, timed
 *    from the first request to the last page.
 *
 * Returns the restarted service process (the caller stops it with the others).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { SERVICE_PROCESS_ENV } from '../shared/embedded-service';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const PAGE_LIMIT = 1000;
const RSS_SAMPLE_MS = 50;

interface Page {
  data: Array<{ type: string; product?: { id: string }; supplier?: { id: string }; id?: string }>;
  next_cursor: string;
  has_more: boolean;
}

/** Resident memory of a process in bytes, from /proc; null where there is none. */
function residentBytes(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/status`)) return null;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'));
  return line ? Number(line.replace(/[^0-9]/g, '')) * 1024 : null;
}

/** CPU milliseconds (user + system) a process has used, from /proc; null where there is none. */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command; 100 ticks a second.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Samples a process's resident memory until stopped; the peak seen. */
function watchMemory(pid: number | undefined): () => number | null {
  let peak: number | null = residentBytes(pid);
  const timer = setInterval(() => {
    const now = residentBytes(pid);
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, RSS_SAMPLE_MS);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

interface Read {
  entries: number;
  pages: number;
  wireBytes: number;
  ms: number;
  cursor: string;
  records: string[];
}

/**
 * Whether the client asks for the next page as soon as a page's headers name it (`Link: …;
 * rel="next"`), while it reads that page's body (BENCH_FEED_AHEAD=0: only after parsing it).
 */
const FEED_AHEAD = process.env.BENCH_FEED_AHEAD !== '0';

/** The next page's URL from a `Link` header, resolved against the page's own. */
function nextLink(response: Response): string | null {
  const target = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  return target === undefined ? null : new URL(target, response.url).href;
}

/** Reads the feed from `since` until has_more is false, as a plain client: fetch, JSON.parse (see FEED_AHEAD). */
async function readFeed(baseUrl: string, authorization: string, since: string | null, keepRecords = false): Promise<Read> {
  const started = performance.now();
  let cursor = since;
  let entries = 0;
  let pages = 0;
  let wireBytes = 0;
  const records: string[] = [];
  let ahead: Promise<Response> | null = null;
  for (;;) {
    const response: Response = await (ahead ?? fetch(`${baseUrl}/catalog/changes?limit=${PAGE_LIMIT}${cursor === null ? '' : `&since=${cursor}`}`, { headers: { authorization } }));
    const next: string | null = FEED_AHEAD ? nextLink(response) : null;
    ahead = next === null ? null : fetch(next, { headers: { authorization } });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`the feed answered ${response.status}: ${text.slice(0, 300)}`);
    wireBytes += Number(response.headers.get('content-length') ?? Buffer.byteLength(text));
    const page = JSON.parse(text) as Page;
    entries += page.data.length;
    pages += 1;
    if (keepRecords) for (const entry of page.data) records.push(`${entry.type}:${entry.product?.id ?? entry.supplier?.id ?? entry.id}`);
    cursor = page.next_cursor;
    if (!page.has_more) return { entries, pages, wireBytes, ms: performance.now() - started, cursor, records };
    if (FEED_AHEAD && ahead === null) throw new Error('a page with more waiting named no next page in its Link header');
  }
}

/** The service on PGlite in `dataDir` (seeding `catalogSize` products when it is empty), pinned to core 0 where taskset exists. */
function startService(dataDir: string, port: number, catalogSize = 1): Promise<{ child: ChildProcess; baseUrl: string }> {
  const canPin = existsSync('/usr/bin/taskset') || existsSync('/bin/taskset');
  const args = ['--import', 'tsx', 'server/cli.ts', '--port', String(port), '--data', dataDir, '--catalog-size', String(catalogSize), '--ship-after', '3600', '--rate-limit', '10000000'];
  const [command, argv] = canPin ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(command, argv, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: { ...process.env, ...SERVICE_PROCESS_ENV, DATABASE_URL: '' } });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the service did not start within an hour'));
    }, 3_600_000);
    child.on('message', (message: { type?: string; baseUrl?: string }) => {
      if (message.type === 'ready' && message.baseUrl) {
        clearTimeout(timer);
        resolve({ child, baseUrl: message.baseUrl });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited with ${code} before it was ready`));
    });
  });
}

const stopped = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

const mib = (bytes: number | null) => (bytes === null ? '?' : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const load = () => loadavg()[0]?.toFixed(1);

export async function catalogFeedPhase(service: { child: ChildProcess; baseUrl: string }, dataDir: string, authorization: string): Promise<ChildProcess> {
  console.log('');
  console.log(`Catalog change feed (GET /catalog/changes?limit=${PAGE_LIMIT}) on PGlite, a plain client (fetch + JSON.parse${FEED_AHEAD ? '; each next page asked for from the Link header while the body is read' : ', one page after the other'}):`);
  const memoryBefore = residentBytes(service.child.pid);
  const cpuBefore = cpuMs(service.child.pid);
  const stopWatching = watchMemory(service.child.pid);
  const bootstrap = await readFeed(service.baseUrl, authorization, null);
  const peak = stopWatching();
  const cpuAfter = cpuMs(service.child.pid);
  const serviceCpu = cpuBefore === null || cpuAfter === null ? '?' : `${((cpuAfter - cpuBefore) / 1000).toFixed(1)} s (${((cpuAfter - cpuBefore) / bootstrap.pages).toFixed(0)} ms a page)`;
  console.log(
    `  bootstrap: ${bootstrap.entries.toLocaleString('en-US')} entries in ${bootstrap.pages} pages, ${(bootstrap.ms / 1000).toFixed(1)} s, ${mib(bootstrap.wireBytes)} on the wire; service CPU ${serviceCpu}; service resident memory ${mib(memoryBefore)} before, peak ${mib(peak)} (load average ${load()})`,
  );
  console.log('  targets: bootstrap of 1,000,000 <= 2 min, service resident memory <= 500 MB');

  const nothingStarted = performance.now();
  const nothing = await fetch(`${service.baseUrl}/catalog/changes?since=${bootstrap.cursor}`, { headers: { authorization } });
  const nothingPage = (await nothing.json()) as Page;
  const nothingMs = performance.now() - nothingStarted;
  const empty = nothing.status === 200 && nothingPage.data.length === 0 && !nothingPage.has_more && nothingPage.next_cursor === bootstrap.cursor;
  console.log(`  nothing changed: one request, ${nothingMs.toFixed(1)} ms, ${empty ? 'an empty page with the same cursor' : `UNEXPECTED: ${JSON.stringify(nothingPage).slice(0, 200)}`}`);

  const port = Number(new URL(service.baseUrl).port);
  await stopped(service.child);
  const update = spawnSync(process.execPath, ['--import', 'tsx', 'server/price-update-cli.ts', '--data', dataDir, '--every', '100', '--percent', '5'], { encoding: 'utf8', env: { ...process.env, ...SERVICE_PROCESS_ENV, DATABASE_URL: '' } });
  if (update.status !== 0) throw new Error(`the price update failed: ${update.stderr}`);
  const repriced = Number(/^(\d+) products/.exec(update.stdout)?.[1]);
  const restarted = (await startService(dataDir, port)).child;
  const change = await readFeed(service.baseUrl, authorization, bootstrap.cursor, true);
  const again = await readFeed(service.baseUrl, authorization, bootstrap.cursor);
  const distinct = new Set(change.records);
  const exact = change.entries === repriced && distinct.size === repriced && change.records.every((record) => record.startsWith('product.changed:'));
  console.log(
    `  1 % changed (${update.stdout.trim()}; service restarted): the feed delivered ${change.entries.toLocaleString('en-US')} entries in ${change.pages} pages, ${(change.ms / 1000).toFixed(2)} s, ${exact ? 'exactly the repriced products, each once' : 'NOT exactly the repriced products'}; the same read again ${(again.ms / 1000).toFixed(2)} s (load average ${load()})`,
  );
  console.log('  targets: the 1 % (10,000 at a million) in <= 2 s; nothing changed answered by one request');
  return restarted;
}

/**
 * Alone (`npx tsx bench/server-feed.ts`): seeds a service of BENCH_CATALOG_SIZE products (default
 * 50,000) in a temporary folder, reports the seeding time and the service's peak memory while
 * seeding, then runs the phase.
 */
async function alone(): Promise<void> {
  const catalogSize = Number(process.env.BENCH_CATALOG_SIZE ?? 50_000);
  if (existsSync('/usr/bin/taskset') || existsSync('/bin/taskset')) spawnSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });
  const dataDir = mkdtempSync(join(tmpdir(), 'caseworks-bench-feed-'));
  const children: ChildProcess[] = [];
  try {
    console.log(`Seeding ${catalogSize.toLocaleString('en-US')} products on PGlite (load average ${load()})…`);
    const started = performance.now();
    const service = await startService(dataDir, 0, catalogSize);
    children.push(service.child);
    const peak = /VmHWM:\s*(\d+)/.exec(readFileSync(`/proc/${service.child.pid}/status`, 'utf8'))?.[1];
    console.log(`Seeded and ready in ${((performance.now() - started) / 1000).toFixed(1)} s; service peak resident memory so far ${peak ? mib(Number(peak) * 1024) : '?'} (load average ${load()})`);
    const credentials = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as { buyers: Array<{ api_key: string }> };
    children.push(await catalogFeedPhase(service, dataDir, `Bearer ${credentials.buyers[0]?.api_key}`));
  } finally {
    await Promise.all(children.map(stopped));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  alone().catch((error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
