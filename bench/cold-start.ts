/**
 * bench:core's cold start: the browser shell (`npm run web`, i.e. electron/web/cli.ts through tsx)
 * launched on a data folder that already holds the whole catalog, timed until Chromium has painted
 * the catalog's first results, with the core process's resident memory at that moment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { newLightContext } from '../test/support/e2e-browser';
import { REPO_ROOT } from '../test/support/e2e-build';
import { READ_RESULTS, type ResultsState } from './ui-probe';

const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const CLI = 'electron/web/cli.ts';
/** How long the shell may take to print its URL, and the page to show the catalog. */
const LIMIT_MS = 120_000;

export interface ProcessMemory {
  /** Resident now, and the most it has been since the process started (VmHWM). */
  rssBytes: number;
  peakBytes: number;
}

export interface ColdStartReport {
  /** From launching the shell until it printed the URL to open. */
  urlMs: number;
  /** From launching the shell until Chromium painted the catalog with all its products counted. */
  paintedMs: number;
  /** From opening the URL until that paint. */
  pageMs: number;
  core: ProcessMemory;
  /** The same process some seconds later, once the start-up sync has run. */
  coreLater: ProcessMemory;
  laterMs: number;
  service: ProcessMemory | null;
  /** The page's bridge calls until the paint: method, sent and answered (ms after launch). */
  calls: { method: string; sentMs: number; answeredMs: number | null }[];
}

/** Marks, in the page, the epoch time of the first frame painted after the catalog showed `count` products. */
const paintWatcher = (count: number) => `(() => {
  const read = ${READ_RESULTS};
  const check = () => {
    if (globalThis.__coldStartPainted !== undefined || globalThis.__coldStartSeen) return;
    const now = read();
    if (now.searching || now.count !== ${count} || !now.first) return;
    globalThis.__coldStartSeen = true;
    requestAnimationFrame(() => setTimeout(() => { globalThis.__coldStartPainted = performance.timeOrigin + performance.now(); }, 0));
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
})()`;

const children = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
};
const descendants = (pid: number): number[] => children(pid).flatMap((child) => [child, ...descendants(child)]);

export function processMemory(pid: number): ProcessMemory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
    return { rssBytes: kb('VmRSS'), peakBytes: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** The process running the shell's code (tsx runs it in a child of its own), and the embedded service's. */
function shellProcesses(launched: number): { core: number | null; service: number | null } {
  const all = [launched, ...descendants(launched)];
  const core = all.filter((pid) => commandLine(pid).includes(CLI)).at(-1) ?? null;
  const service = all.find((pid) => commandLine(pid).includes('server/cli.ts')) ?? null;
  return { core, service };
}

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the shell printed no URL within ${LIMIT_MS / 1000} s:\n${output}`)), LIMIT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /Open (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the shell exited with ${code} before printing its URL:\n${output}`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Launches the shell on `dataDir` (the browser is already running, as a buyer's is) and opens its
 * URL as soon as it is printed. `expectedCount`: the products the catalog must show.
 */
export async function measureColdStart(browser: Browser, dataDir: string, expectedCount: number, laterMs = 15_000): Promise<ColdStartReport> {
  const context = await newLightContext(browser);
  await context.addInitScript({ content: paintWatcher(expectedCount) });
  const page = await context.newPage();
  const calls: ColdStartReport['calls'] = [];
  const pending = new Map<number, ColdStartReport['calls'][number]>();
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const call = JSON.parse(String(payload)) as { id: number; method: string };
      const entry = { method: call.method, sentMs: Date.now() - launchedAt, answeredMs: null };
      calls.push(entry);
      pending.set(call.id, entry);
    });
    socket.on('framereceived', ({ payload }) => {
      const reply = JSON.parse(String(payload)) as { kind?: string; id?: number };
      const entry = reply.kind === 'reply' && reply.id !== undefined ? pending.get(reply.id) : undefined;
      if (entry) entry.answeredMs = Date.now() - launchedAt;
    });
  });
  const launchedAt = Date.now();
  const child = spawn(TSX, [CLI], {
    cwd: REPO_ROOT,
    env: { ...process.env, CASEWORKS_DATA_DIR: dataDir, CASEWORKS_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await waitForUrl(child);
    const urlAt = Date.now();
    await page.goto(url);
    await page.waitForFunction(() => (globalThis as { __coldStartPainted?: number }).__coldStartPainted, null, { timeout: LIMIT_MS, polling: 50 });
    const { core, service } = shellProcesses(child.pid!);
    const coreMemory = core === null ? null : processMemory(core);
    const serviceMemory = service === null ? null : processMemory(service);
    const paintedAt = (await page.evaluate(() => (globalThis as { __coldStartPainted?: number }).__coldStartPainted)) as number;
    const shown = (await page.evaluate(`(${READ_RESULTS})()`)) as ResultsState;
    if (!coreMemory) throw new Error('the core process was not found under the launched shell');
    if (shown.count !== expectedCount) throw new Error(`the catalog showed ${shown.count} products, not ${expectedCount}`);
    await new Promise((resolve) => setTimeout(resolve, laterMs));
    const coreLater = processMemory(core!) ?? coreMemory;
    return {
      urlMs: urlAt - launchedAt,
      paintedMs: paintedAt - launchedAt,
      pageMs: paintedAt - urlAt,
      core: coreMemory,
      coreLater,
      laterMs,
      service: serviceMemory,
      calls: calls.filter((call) => call.sentMs <= paintedAt - launchedAt),
    };
  } finally {
    await context.close();
    await stop(child);
  }
}
