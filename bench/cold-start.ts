/**
 * bench:core's cold start: the browser shell (what `npm run web` runs, the command of its
 * package.json) launched on a data folder that already holds the whole catalog, timed until
 * Chromium has painted the catalog's first results, with the core process's resident memory at
 * that moment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_DATA_FOLDER_LOCK_FILE } from '../server/data-folder-lock';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newLightContext } from '../test/support/e2e-browser';
import { REPO_ROOT } from '../test/support/e2e-build';
import { READ_RESULTS, type ResultsState } from './ui-probe';
import { isBrowserUiRenderer } from './browser-ui';

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
  /** CPU time of the renderer processes started for the page, from the launch until that paint, when Chromium tells it. */
  rendererCpuMs: number | null;
  /** CPU time of the shell's processes (the launched command and its children) from the launch until that paint. */
  shellCpuMs: number | null;
  /** In the page, ms after launch: its document received, the last script or style file received (lazy screens included), DOMContentLoaded. */
  pageTimings: PageTimings | null;
}

export interface PageTimings {
  documentMs: number;
  lastResourceMs: number;
  domContentLoadedMs: number;
}

/**
 * What to launch: the `web` script of the package.json in `root` (this repository by default, or
 * another checkout to compare with), its first word found in that root's node_modules/.bin or run
 * as it is (`node`), from that root.
 */
export interface ShellLaunch {
  root: string;
  /** A file a Chromium trace of the browser's processes, from before the launch to the paint, is written to (the tracing adds to the renderer's CPU). */
  traceTo?: string;
}

/**
 * A cold start's trace: the main thread's tasks with their thread time, V8's compiling and its
 * sampled JavaScript stacks (`v8.cpu_profiler`), Blink's style, layout, paint and frames, loading.
 */
export const COLD_TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink',
  'blink.user_timing',
  'loading',
  'cc',
  'toplevel',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'disabled-by-default-v8.cpu_profiler',
];

function webCommand(root: string): { file: string; args: string[] } {
  const script = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.web;
  if (!script) throw new Error(`${root}/package.json has no web script`);
  const [program, ...args] = script.trim().split(/\s+/);
  const local = path.join(root, 'node_modules', '.bin', program!);
  return { file: program === 'node' ? process.execPath : existsSync(local) ? local : program!, args };
}

/** A shell launched and painted, still running: its page stays open for what the caller measures next. */
export interface PaintedShell {
  report: Omit<ColdStartReport, 'coreLater' | 'laterMs'>;
  page: Page;
  context: BrowserContext;
  corePid: number;
  close(): Promise<void>;
}

/** Where the shell finds its service: the demo it starts (the default), or this address and key (e.g. one that does not answer). */
export interface ShellService {
  baseUrl: string;
  apiKey: string;
}

/**
 * CPU time (ms) of each renderer process of the browser by its id, from Chromium's own accounting,
 * the browser's own UI left out (`isBrowserUiRenderer`); null when it does not tell.
 */
export async function rendererCpu(browser: Browser): Promise<Map<number, number> | null> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number; cpuTime: number }[] };
    return new Map(
      processInfo.filter((process) => process.type === 'renderer' && !isBrowserUiRenderer(commandLine(process.id))).map((process) => [process.id, process.cpuTime * 1000]),
    );
  } catch {
    return null;
  } finally {
    await session.detach().catch(() => undefined);
  }
}

/** CPU time (ms) of the browser's own UI renderers (`isBrowserUiRenderer`), summed. */
async function browserUiCpu(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number; cpuTime: number }[] };
    return processInfo.filter((process) => process.type === 'renderer' && isBrowserUiRenderer(commandLine(process.id))).reduce((sum, process) => sum + process.cpuTime * 1000, 0);
  } finally {
    await session.detach().catch(() => undefined);
  }
}

/** How long a new window's browser UI may take to start, and how long its renderers must stay idle to count as started. */
const BROWSER_UI_START_LIMIT_MS = 5_000;
const BROWSER_UI_QUIET_MS = 400;

/**
 * Waits until the browser's own UI renderers stop using CPU: headless Chromium starts the omnibox
 * popup's page for every new window, about 0.65–0.75 s of CPU in the second after the window
 * opens, which is no part of the app's start (the app's own window has no omnibox).
 */
export async function browserUiSettled(browser: Browser): Promise<void> {
  const started = Date.now();
  let last = await browserUiCpu(browser);
  let quietSince = Date.now();
  while (Date.now() - started < BROWSER_UI_START_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await browserUiCpu(browser);
    if (now !== last) {
      last = now;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= BROWSER_UI_QUIET_MS) return;
  }
}

/**
 * The renderers' CPU between two readings. `onlyNew`: only processes started in between, as a page
 * opened on a new site is (the browser's own pages, such as its omnibox popup, which Chromium
 * starts with the browser, then stay out).
 */
export function rendererCpuBetween(before: Map<number, number> | null, after: Map<number, number> | null, onlyNew = false): number | null {
  if (!before || !after) return null;
  let sum = 0;
  for (const [id, ms] of after) if (!onlyNew || !before.has(id)) sum += ms - (before.get(id) ?? 0);
  return sum;
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
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}
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

/** CPU time (ms) a process has used, from /proc (user and system); null when it is gone. */
export function processCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * The process running the shell's code: the one holding the data folder's lock (tsx runs the code
 * in a child of its own, a built shell in the launched process); and the embedded service's.
 */
function shellProcesses(launched: number, dataDir: string): { core: number | null; service: number | null } {
  const all = [launched, ...descendants(launched)];
  let holder: number | null;
  try {
    holder = (JSON.parse(readFileSync(path.join(dataDir, APP_DATA_FOLDER_LOCK_FILE), 'utf8')) as { pid: number }).pid;
  } catch {
    holder = null;
  }
  const core = holder !== null && all.includes(holder) ? holder : null;
  const service = all.find((pid) => /server\/cli\.ts|embedded-service\.js/.test(commandLine(pid))) ?? null;
  return { core, service };
}

/** The page's own timings (Navigation and Resource Timing), in ms after `launchedAt` (epoch ms). */
const PAGE_TIMINGS = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const code = performance.getEntriesByType('resource').filter((entry) => /\\.(js|css)$/.test(new URL(entry.name).pathname));
  const end = Math.max(0, ...code.map((entry) => entry.responseEnd));
  return { origin: performance.timeOrigin, documentMs: nav.responseEnd, lastResourceMs: end, domContentLoadedMs: nav.domContentLoadedEventEnd };
})()`;

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
 * Launches the shell on `dataDir` (the browser is already running, as a buyer's is), opens its URL
 * as soon as it is printed and waits for the catalog painted with `expectedCount` products. The
 * shell and the page keep running until `close`.
 */
export async function launchToPaint(browser: Browser, dataDir: string, expectedCount: number, service?: ShellService, launch: ShellLaunch = { root: REPO_ROOT }): Promise<PaintedShell> {
  const command = webCommand(launch.root);
  // Read before the page exists: the renderer started for it then counts from its start.
  const cpuBefore = await rendererCpu(browser);
  const context = await newLightContext(browser);
  await context.addInitScript({ content: paintWatcher(expectedCount) });
  const page = await context.newPage();
  // The new window's own UI starts first, as a buyer's browser window is already open.
  await browserUiSettled(browser);
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
  if (launch.traceTo) await browser.startTracing(undefined, { path: launch.traceTo, categories: COLD_TRACE_CATEGORIES });
  const launchedAt = Date.now();
  const child = spawn(command.file, command.args, {
    cwd: launch.root,
    env: {
      ...process.env,
      CASEWORKS_DATA_DIR: dataDir,
      CASEWORKS_PORT: '0',
      ...(service ? { CASEWORKS_SERVICE_URL: service.baseUrl, CASEWORKS_API_KEY: service.apiKey } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const close = async () => {
    await context.close();
    await stop(child);
  };
  try {
    const url = await waitForUrl(child);
    const urlAt = Date.now();
    await page.goto(url);
    await page.waitForFunction(() => (globalThis as { __coldStartPainted?: number }).__coldStartPainted, null, { timeout: LIMIT_MS, polling: 50 });
    const cpuAfter = await rendererCpu(browser);
    if (launch.traceTo) await browser.stopTracing();
    const shellPids = [child.pid!, ...descendants(child.pid!)];
    const shellCpu = shellPids.map(processCpuMs);
    const { core, service: servicePid } = shellProcesses(child.pid!, dataDir);
    const coreMemory = core === null ? null : processMemory(core);
    const serviceMemory = servicePid === null ? null : processMemory(servicePid);
    const paintedAt = (await page.evaluate(() => (globalThis as { __coldStartPainted?: number }).__coldStartPainted)) as number;
    const shown = (await page.evaluate(`(${READ_RESULTS})()`)) as ResultsState;
    const timings = (await page.evaluate(PAGE_TIMINGS).catch(() => null)) as (PageTimings & { origin: number }) | null;
    const sinceLaunch = (ms: number) => (timings ? timings.origin + ms - launchedAt : 0);
    if (!coreMemory || core === null) throw new Error('the core process was not found under the launched shell');
    if (shown.count !== expectedCount) throw new Error(`the catalog showed ${shown.count} products, not ${expectedCount}`);
    return {
      report: {
        urlMs: urlAt - launchedAt,
        paintedMs: paintedAt - launchedAt,
        pageMs: paintedAt - urlAt,
        core: coreMemory,
        service: serviceMemory,
        calls: calls.filter((call) => call.sentMs <= paintedAt - launchedAt),
        rendererCpuMs: rendererCpuBetween(cpuBefore, cpuAfter, true),
        shellCpuMs: shellCpu.some((ms) => ms === null) ? null : shellCpu.reduce<number>((sum, ms) => sum + (ms ?? 0), 0),
        pageTimings: timings
          ? { documentMs: sinceLaunch(timings.documentMs), lastResourceMs: sinceLaunch(timings.lastResourceMs), domContentLoadedMs: sinceLaunch(timings.domContentLoadedMs) }
          : null,
      },
      page,
      context,
      corePid: core,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A cold start (see `launchToPaint`), with the core's memory again `laterMs` after the paint; the shell is stopped after. */
export async function measureColdStart(
  browser: Browser,
  dataDir: string,
  expectedCount: number,
  laterMs = 15_000,
  service?: ShellService,
  launch?: ShellLaunch,
): Promise<ColdStartReport> {
  const shell = await launchToPaint(browser, dataDir, expectedCount, service, launch);
  try {
    await new Promise((resolve) => setTimeout(resolve, laterMs));
    const coreLater = processMemory(shell.corePid) ?? shell.report.core;
    return { ...shell.report, coreLater, laterMs };
  } finally {
    await shell.close();
  }
}
