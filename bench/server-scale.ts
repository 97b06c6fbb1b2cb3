/**
 * bench:server's figures of the service at scale: what starting on an empty data folder costs
 * (seeding: time to ready, the service process's peak resident memory and CPU meanwhile), its
 * resident memory idle after, and the first pages of listings (each listing's first request,
 * so neither the read cache nor kept ordinals can answer it) and pages spread over each listing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { ChildProcess } from 'node:child_process';

/** Resident memory of a process in bytes, from /proc; null where there is none. */
export function residentBytes(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/status`)) return null;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : null;
}

/** CPU milliseconds (user + system) a process has used, from /proc; null where there is none. */
export function cpuMilliseconds(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command; 100 ticks a second.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface StartFigures {
  readyMs: number;
  peakRssBytes: number | null;
  cpuMs: number | null;
  /** Resident memory some seconds after ready, nothing asked meanwhile. */
  idleRssBytes: number | null;
}

/**
 * Samples a starting service's resident memory every 100 ms until `ready` settles; then its CPU
 * time, and its resident memory `idleMs` later.
 */
export async function measureStart(child: ChildProcess, ready: Promise<unknown>, idleMs = 5_000): Promise<StartFigures> {
  const started = performance.now();
  let peak: number | null = null;
  const sample = () => {
    const rss = residentBytes(child.pid);
    if (rss !== null) peak = Math.max(peak ?? 0, rss);
  };
  const timer = setInterval(sample, 100);
  try {
    await ready;
  } finally {
    clearInterval(timer);
  }
  sample();
  const readyMs = performance.now() - started;
  const cpuMs = cpuMilliseconds(child.pid);
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  return { readyMs, peakRssBytes: peak, cpuMs, idleRssBytes: residentBytes(child.pid) };
}

const mb = (bytes: number | null) => (bytes === null ? '?' : `${(bytes / 1e6).toFixed(0)} MB`);

export function printStart(database: string, catalogSize: number, figures: StartFigures, idleMs = 5_000): void {
  console.log('');
  console.log(`Starting on an empty data folder (${database}, ${catalogSize.toLocaleString('en-US')} products, load average ${loadavg()[0]?.toFixed(1)}):`);
  console.log(
    `  seeded and ready after ${(figures.readyMs / 1000).toFixed(1)} s (service CPU ${figures.cpuMs === null ? '?' : `${(figures.cpuMs / 1000).toFixed(1)} s`}), peak resident memory ${mb(figures.peakRssBytes)}, ${(idleMs / 1000).toFixed(0)} s later idle ${mb(figures.idleRssBytes)}`,
  );
  console.log('  targets at 1,000,000: <= 90 s, peak <= 1 GB; serving <= 500 MB on PGlite, the service process <= 300 MB on PostgreSQL');
}

interface ListingFigures {
  label: string;
  firstMs: number;
  /** Pages spread over the listing after the first, each asked once. */
  spreadMs: number[];
  total: number;
  /** The service process's CPU per page of this listing (its first and spread pages), or null without /proc. */
  cpuPerPageMs: number | null;
}

/** The listings whose first pages are timed: the catalog by each sort, a varietal, a supplier's products. */
export function scaleListings(sample: { varietal: string; supplierId: string }): Array<[string, string]> {
  return [
    ['default (name)', '/products'],
    ['price_asc', '/products?sort=price_asc'],
    ['price_desc', '/products?sort=price_desc'],
    ['name', '/products?sort=name'],
    ['newest', '/products?sort=newest'],
    [`varietal=${sample.varietal}`, `/products?varietal=${encodeURIComponent(sample.varietal)}`],
    [`varietal, newest`, `/products?varietal=${encodeURIComponent(sample.varietal)}&sort=newest`],
    ['/suppliers/{id}/products', `/suppliers/${sample.supplierId}/products`],
  ];
}

/** Each listing's first page, then `spread` pages spread evenly over the rest of it (per_page 100). */
export async function firstPages(baseUrl: string, authorization: string, listings: Array<[string, string]>, servicePid: number | undefined, spread = 20): Promise<ListingFigures[]> {
  const results: ListingFigures[] = [];
  const fetchPage = async (path: string, page: number): Promise<{ ms: number; totalPages: number; total: number }> => {
    const before = performance.now();
    const response = await fetch(`${baseUrl}${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${page}`, { headers: { authorization } });
    const bytes = await response.arrayBuffer();
    const ms = performance.now() - before;
    if (response.status !== 200) throw new Error(`${path} page ${page} answered ${response.status}`);
    const meta = (JSON.parse(Buffer.from(bytes).toString('utf8')) as { meta: { total_pages: number; total: number } }).meta;
    return { ms, totalPages: meta.total_pages, total: meta.total };
  };
  for (const [label, path] of listings) {
    const cpuBefore = cpuMilliseconds(servicePid);
    const first = await fetchPage(path, 1);
    const spreadMs: number[] = [];
    for (let step = 1; step <= spread && first.totalPages > 1; step += 1) {
      spreadMs.push((await fetchPage(path, 1 + Math.round((step * (first.totalPages - 1)) / spread))).ms);
    }
    const cpuAfter = cpuMilliseconds(servicePid);
    const cpuPerPageMs = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / (1 + spreadMs.length);
    results.push({ label, firstMs: first.ms, spreadMs, total: first.total, cpuPerPageMs });
  }
  return results;
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

export function printFirstPages(database: string, catalogSize: number, listings: ListingFigures[]): void {
  console.log('');
  console.log(`First pages of listings on ${database}, ${catalogSize.toLocaleString('en-US')} products, per_page=100, time to the last byte (load average ${loadavg()[0]?.toFixed(1)}):`);
  for (const listing of listings) {
    console.log(
      `  ${listing.label.padEnd(36)} total ${String(listing.total).padStart(8)}   first page ${listing.firstMs.toFixed(1).padStart(7)} ms   ${listing.spreadMs.length} pages spread over it: p50 ${percentile(listing.spreadMs, 0.5).toFixed(1).padStart(6)} ms, max ${Math.max(0, ...listing.spreadMs).toFixed(1).padStart(6)} ms   service CPU ${listing.cpuPerPageMs === null ? '?' : listing.cpuPerPageMs.toFixed(1)} ms/page`,
    );
  }
  const firsts = listings.map((listing) => listing.firstMs);
  const all = [...firsts, ...listings.flatMap((listing) => listing.spreadMs)];
  console.log(`  first pages: p95 ${percentile(firsts, 0.95).toFixed(1)} ms; every page above: p95 ${percentile(all, 0.95).toFixed(1)} ms (target <= 10 ms)`);
  console.log('  service CPU: the service process only, in 10 ms ticks (on PGlite the database runs in it; on PostgreSQL not)');
}
