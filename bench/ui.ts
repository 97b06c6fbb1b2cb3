/**
 * `npm run bench:ui`: the renderer in Debian's Chromium over 50,000 cached products.
 *
 * Starts the browser shell with the embedded demo service seeded with 50,000 products, waits
 * (bounded) for the first sync to put them all in the offline copy, then measures:
 * - keystroke to painted results: a fixed set of queries typed at 150 ms a key; each keystroke is
 *   timed from its keydown until the results list shows that keystroke's results (count and first
 *   product, known from the same search through the bridge) and the next frame has been painted;
 * - scrolling the result list (all 50,000 in the table view, the first 10,000 in the card view):
 *   the most rows or cards the DOM ever held;
 * - the initial JavaScript of the renderer, gzipped (entry and preloaded chunks, no lazy screens).
 * With BENCH_UI_TYPE_AFTER=first-results the keys are typed while the first sync runs instead.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { DatasetStatus } from '../shared/bridge';
import { RENDERER_DIST, REPO_ROOT, ensureRendererBuilt } from '../test/support/e2e-build';
import { launchChromium } from '../test/support/e2e-browser';
import { startE2eApp, type E2eApp } from '../test/support/e2e-harness';
import { templateKey } from '../test/support/e2e-service-template';
import { sharedTmpdir } from '../test/support/temporary-root';
import { launchToPaint, measureColdStart, processCpuMs, rendererCpu, rendererCpuBetween, type ColdStartReport } from './cold-start';
import { assertUnreachable, readPreparedFolder } from './ui-prepared';
import { measureInitialJavaScript } from './ui-initial-js';
import { launchOrder } from './launch-order';
import { watchOfflineRequests } from './ui-worker-requests';
import {
  COUNT_RENDERED,
  DUMP,
  INSTALL_PROBE,
  READ_NOW,
  RESET,
  SCROLL_TO_END,
  expectedResultsScript,
  expectedFromReplies,
  keystrokeTimings,
  percentile,
  type ExpectedResults,
  type KeystrokeTiming,
  type ResultsState,
  type TimedCall,
  type TimedState,
} from './ui-probe';

/**
 * BENCH_UI_DATA_DIR names a prepared data folder whose offline copy already holds the catalog (e.g.
 * a copy of a million-product database): the shell (`npm run web`) opens it with the service it
 * belongs to unreachable, as a rep offline; cold starts to the painted catalog are measured first
 * (BENCH_UI_COLD_STARTS, 3), then the typing and the scrolling on one more start. The folder is
 * written to (its offline copy is first moved to the discard port 127.0.0.1:9, `readPreparedFolder`,
 * then opened as the app opens it): use a copy.
 */
const PREPARED_DIR = process.env.BENCH_UI_DATA_DIR || null;
const COLD_STARTS = Number(process.env.BENCH_UI_COLD_STARTS ?? 3);
/**
 * BENCH_UI_COMPARE_ROOT names another checkout (built, with its node_modules) whose `npm run web`
 * is launched in turn with this one's, a cold start of each tree in every run, this tree first in
 * every other run (`launchOrder`), so both meet the same load and go first as often;
 * BENCH_UI_COLD_ONLY=1 stops after the cold starts.
 */
const COMPARE_ROOT = process.env.BENCH_UI_COMPARE_ROOT || null;
/**
 * BENCH_UI_TYPING_ROOT names the checkout (built, with its node_modules) whose `npm run web` the
 * typing and scrolling run on (this one by default), so two trees are typed into by the same bench.
 */
const TYPING_ROOT = process.env.BENCH_UI_TYPING_ROOT || REPO_ROOT;
const COLD_ONLY = process.env.BENCH_UI_COLD_ONLY === '1';
/** BENCH_UI_PROFILE names a file the page's CPU profile while typing is written to (`.cpuprofile`, for Chromium's DevTools). */
const PROFILE_FILE = process.env.BENCH_UI_PROFILE || null;
/** BENCH_UI_TRACE names a file a Chromium trace of the typing is written to (for DevTools' Performance panel or Perfetto). */
const TRACE_FILE = process.env.BENCH_UI_TRACE || null;
/**
 * BENCH_UI_COLD_TRACE names a folder each cold start's Chromium trace, from the launch to the
 * paint, is written to (`cold-<run>-<tree>.json`, the tree 0 for this one, 1 for
 * BENCH_UI_COMPARE_ROOT's; for DevTools' Performance panel or Perfetto).
 */
const COLD_TRACE_DIR = process.env.BENCH_UI_COLD_TRACE || null;
const CATALOG_SIZE = Number(process.env.BENCH_UI_CATALOG_SIZE ?? 50_000);
const FIRST_SYNC_LIMIT_MS = Number(process.env.BENCH_UI_SYNC_LIMIT_S ?? 1_200) * 1000;
/** How long to let the background work after the first sync (details, images) settle before typing. */
const SETTLE_LIMIT_MS = Number(process.env.BENCH_UI_SETTLE_LIMIT_S ?? 180) * 1000;
const KEY_DELAY_MS = 150;
/**
 * The table view is scrolled through all products; the card view, whose DOM is bounded the same
 * way, through this many (each step loads 200 more, and a full second pass doubles the run).
 */
const CARD_SCROLL_ITEMS = Number(process.env.BENCH_UI_CARD_SCROLL_ITEMS ?? 10_000);
/** The table is scrolled through this many results (every one by default). */
const TABLE_SCROLL_ITEMS = Number(process.env.BENCH_UI_TABLE_SCROLL_ITEMS ?? Number.POSITIVE_INFINITY);
const QUERIES = [
  'cabernet',
  'pinot noir',
  'riesling',
  'merlot',
  'sauvignon blanc',
  'tempranillo',
  'napa valley',
  'zinfandel',
  'grenache',
  'chardonay',
  'malbec 2018',
  'oakville',
  'syrah',
  'sangiovese',
  'nebbiolo',
  'bordeaux',
  'champagne',
  'willamette',
  'rioja reserva',
  'barossa shiraz',
  'marlborough',
  'mosel riesling',
  'paso robles',
  'sonoma',
];
const TARGETS = { p95Ms: 50, domRows: 300, gzipKb: 300 };
/**
 * BENCH_UI_BACKGROUND=off runs the core without product-detail hydration after the sync, to see
 * the renderer's share of a keystroke without the core's background work competing for the machine.
 */
const BACKGROUND_OFF = process.env.BENCH_UI_BACKGROUND === 'off';
/**
 * BENCH_UI_TYPE_AFTER=first-results types while the first sync runs: as soon as the catalog shows
 * its first products (a service with the change feed brings every detail in that sync, which runs
 * minutes at a million products). Queries are typed until the sync finishes; a query it finished
 * during is left out, and the bench refuses when not one query was typed while it ran. No scrolling
 * (the list is not whole yet).
 */
const TYPE_DURING_SYNC = process.env.BENCH_UI_TYPE_AFTER === 'first-results';
/** With first-results, BENCH_UI_TYPE_FROM_PRODUCTS (1) products must show before the typing begins: later in the sync, over a larger catalog. */
const TYPE_FROM_PRODUCTS = Number(process.env.BENCH_UI_TYPE_FROM_PRODUCTS ?? 1);
/**
 * By default the typing starts as soon as the first sync shows the catalog, while every product's
 * detail is still downloading; BENCH_UI_TYPE_AFTER=settled waits for the background work to finish
 * (at most BENCH_UI_SETTLE_LIMIT_S) first.
 */
const TYPE_WHILE_DOWNLOADING = !BACKGROUND_OFF && !TYPE_DURING_SYNC && process.env.BENCH_UI_TYPE_AFTER !== 'settled';

/** The stages of a keystroke, in order. */
const STAGES: readonly { key: Exclude<keyof KeystrokeTiming, 'total'>; label: string }[] = [
  { key: 'toCall', label: '· keydown to the search sent' },
  { key: 'roundTrip', label: '· the bridge round trip' },
  { key: 'toDom', label: '· reply to results in the DOM' },
  { key: 'toPaint', label: '· DOM to painted frame' },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function until<T>(what: string, limitMs: number, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what} after ${seconds(limitMs)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type CoreHandle = E2eApp['shell']['core'];

/** The product-detail download's progress as the core reports it to the page (done of total). */
function watchDetailProgress(core: CoreHandle) {
  const latest = { done: 0, total: null as number | null, finished: false };
  core.events.subscribe((event) => {
    if (event.type === 'sync-progress' && event.dataset === 'productDetails') Object.assign(latest, { done: event.done, total: event.total, finished: event.finished });
  });
  return latest;
}

/** How far the background datasets got (in words: what was typed against), and whether the core is still at it. */
async function backgroundProgress(core: CoreHandle, details: ReturnType<typeof watchDetailProgress>): Promise<{ words: string; details: number; running: boolean }> {
  const result = (await core.dispatcher.dispatch('getSyncStatus', {})) as { ok: boolean; data?: { running: boolean; datasets: DatasetStatus[] } };
  const datasets = result.data?.datasets ?? [];
  const images = datasets.find((dataset) => dataset.name === 'images');
  const stored = datasets.find((dataset) => dataset.name === 'productDetails');
  const words = [
    `product details ${details.done.toLocaleString('en-US')} of ${details.total?.toLocaleString('en-US') ?? '?'} downloaded${details.finished ? ' (finished)' : ''}${stored?.error ? ` (stopped: ${stored.error})` : ''}`,
    `images ${images?.count.toLocaleString('en-US') ?? '?'}`,
  ].join(', ');
  return { words, details: details.done, running: result.data?.running ?? false };
}

/** The first sync's catalog as the core reports it: feed pages read, and whether it has finished. */
function watchCatalogProgress(core: CoreHandle) {
  const latest = { pages: 0, finished: false };
  core.events.subscribe((event) => {
    if (event.type !== 'sync-progress' || event.dataset !== 'catalog') return;
    latest.pages = event.done;
    if (event.finished) latest.finished = true;
  });
  return latest;
}

/** How far the first sync got, in words: the products a search finds now, and the feed pages read. */
async function catalogProgress(core: CoreHandle, catalog: ReturnType<typeof watchCatalogProgress>): Promise<string> {
  const result = (await core.dispatcher.dispatch('searchCatalog', { text: '', limit: 1 })) as { ok: boolean; data?: { total: number } };
  const stored = result.data?.total.toLocaleString('en-US') ?? '?';
  return `${stored} products searchable, ${catalog.pages.toLocaleString('en-US')} feed pages read${catalog.finished ? ' (sync finished)' : ''}`;
}

/**
 * Waits until the page shows `wanted`; with `growing` (the catalog grows while it is typed), until
 * it shows at least as many results as `wanted` did.
 */
async function settledOn(page: Page, wanted: ResultsState, growing = false, limitMs = 30_000) {
  await until(`the results of "${JSON.stringify(wanted)}"`, limitMs, async () => {
    const now = (await page.evaluate(READ_NOW)) as ResultsState;
    if (now.searching) return false;
    if (growing) return now.count !== null && wanted.count !== null && now.count >= wanted.count;
    return now.count === wanted.count && now.first === wanted.first;
  });
}

/**
 * Types every query and times its keystrokes. `corePid`: the process running the core (and its
 * offline worker) apart from this one, whose CPU is added up over the typing alone (from the first
 * key of each query to its results shown; not the searches made to know what each should show).
 * The renderers' CPU is added up over the same stretches (`typingCpuMs`): without the clearing of
 * the field and without this bench's own searches through the page (a socket opened for each).
 * `sync`: the first sync the keys are typed during (BENCH_UI_TYPE_AFTER=first-results); typing
 * stops once it has finished, and the query it finished during is left out.
 */
async function measureTyping(browser: Browser, page: Page, corePid: number | null, sync: { finished: () => boolean } | null) {
  const growing = sync !== null;
  const search = page.getByRole('searchbox', { name: 'Search the catalog' });
  const everything = (await page.evaluate(expectedResultsScript(''))) as ExpectedResults;
  const perQuery: { query: string; timings: KeystrokeTiming[]; bridgeMs: number[] }[] = [];
  let coreCpuMs: number | null = corePid === null ? null : 0;
  let laterPages = 0;
  let typingCpuMs: number | null = 0;
  for (const query of QUERIES) {
    if (sync?.finished()) break;
    await search.fill('');
    await settledOn(page, everything, growing);
    const typed = [...query].map((_, index) => query.slice(0, index + 1).trim());
    const expected: ExpectedResults[] = [];
    for (const text of typed) expected.push((await page.evaluate(expectedResultsScript(text))) as ExpectedResults);
    await page.evaluate(RESET);
    const rendererBefore = await rendererCpu(browser);
    const coreBefore = corePid === null ? null : processCpuMs(corePid);
    await search.pressSequentially(query, { delay: KEY_DELAY_MS });
    const last = expected.at(-1);
    if (last) await settledOn(page, last, growing);
    if (sync?.finished()) break;
    const coreAfter = corePid === null ? null : processCpuMs(corePid);
    const rendererSpent = rendererCpuBetween(rendererBefore, await rendererCpu(browser));
    typingCpuMs = typingCpuMs === null || rendererSpent === null ? null : typingCpuMs + rendererSpent;
    coreCpuMs = coreCpuMs === null || coreBefore === null || coreAfter === null ? null : coreCpuMs + coreAfter - coreBefore;
    const dumped = (await page.evaluate(DUMP)) as { keys: number[]; states: TimedState[]; calls: TimedCall[]; laterPages: number };
    const { keys, states, calls } = dumped;
    laterPages += dumped.laterPages;
    if (keys.length !== query.length) throw new Error(`Typed ${query.length} keys into the search field but it saw ${keys.length}`);
    const wanted = growing ? expectedFromReplies(keys, typed, calls, expected) : { expected, alternatives: [] };
    perQuery.push({ query, timings: keystrokeTimings(keys, typed, wanted.expected, states, calls, wanted.alternatives), bridgeMs: expected.map((result) => result.tookMs) });
  }
  await search.fill('');
  await settledOn(page, everything, growing);
  return { perQuery, coreCpuMs, laterPages, typingCpuMs };
}

/** Scrolls the results list to its end, page by page as it loads, until `upTo` items are shown. */
async function scrollWholeList(page: Page, upTo: number) {
  const started = Date.now();
  let maxRows = 0;
  let steps = 0;
  let reported = 0;
  for (;;) {
    await page.evaluate(SCROLL_TO_END);
    steps += 1;
    const { rows, furthest } = await until('the list to render after scrolling', 30_000, async () => {
      const rendered = (await page.evaluate(COUNT_RENDERED)) as { rows: number; furthest: number };
      return rendered.rows > 0 ? rendered : null;
    });
    maxRows = Math.max(maxRows, rows);
    if (Math.floor(furthest / 100_000) > Math.floor(reported / 100_000)) {
      console.log(`  scrolled to row ${furthest.toLocaleString('en-US')} after ${seconds(Date.now() - started)} (${steps} scrolls)`);
    }
    reported = furthest;
    if (furthest >= upTo) break;
    await until(`more rows to load past ${furthest}`, 30_000, async () => {
      const rendered = (await page.evaluate(COUNT_RENDERED)) as { rows: number; furthest: number };
      maxRows = Math.max(maxRows, rendered.rows);
      if (rendered.furthest > furthest) return true;
      await page.evaluate(SCROLL_TO_END);
      return false;
    });
  }
  return { maxRows, steps, ms: Date.now() - started };
}

/** The trace's categories: the main thread's tasks with their thread time, Blink's style, layout, paint and frames. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'disabled-by-default-devtools.timeline.invalidationTracking', 'blink', 'cc', 'toplevel', 'v8.execute'];

/** What the renderer did while `run` ran: its processes' CPU time and the page's main-thread durations from Chromium. */
async function rendererWork<T>(browser: Browser, page: Page, run: () => Promise<T>, profileTo: string | null = null, traceTo: string | null = null) {
  if (traceTo) await browser.startTracing(page, { path: traceTo, categories: TRACE_CATEGORIES });
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  if (profileTo) {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 200 });
    await session.send('Profiler.start');
  }
  const metrics = async () => {
    const { metrics: list } = await session.send('Performance.getMetrics');
    return new Map(list.map((metric) => [metric.name, metric.value * 1000]));
  };
  const cpuBefore = await rendererCpu(browser);
  const before = await metrics();
  const value = await run();
  const after = await metrics();
  const cpuAfter = await rendererCpu(browser);
  if (profileTo) {
    const { profile } = await session.send('Profiler.stop');
    writeFileSync(profileTo, JSON.stringify(profile));
    console.log(`The page's CPU profile written to ${profileTo}`);
  }
  await session.detach();
  if (traceTo) {
    await browser.stopTracing();
    console.log(`The Chromium trace written to ${traceTo}`);
  }
  const delta = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
  return {
    value,
    cpuMs: rendererCpuBetween(cpuBefore, cpuAfter),
    taskMs: delta('TaskDuration'),
    scriptMs: delta('ScriptDuration'),
    layoutMs: delta('LayoutDuration'),
    styleMs: delta('RecalcStyleDuration'),
  };
}

type RendererWork = Awaited<ReturnType<typeof rendererWork>>;
const describeWork = (work: RendererWork, per: number, unit: string) => {
  const each = (value: number) => (value / per).toFixed(1);
  const cpu = work.cpuMs === null ? 'CPU ?' : `CPU ${(work.cpuMs / 1000).toFixed(2)} s (${each(work.cpuMs)} ms a ${unit})`;
  return `${cpu}; main thread's tasks ${each(work.taskMs)} ms a ${unit}: script ${each(work.scriptMs)}, style ${each(work.styleMs)}, layout ${each(work.layoutMs)}`;
};

interface Setting {
  browser: Browser;
  catalogSize: number;
  /** How the background work stood while typing, in words; and a function telling how it ended. */
  background: string;
  backgroundState: string;
  whileTyping: () => Promise<string>;
  /** Figures measured before (the cold starts), printed first in the table. */
  rowsBefore: string[][];
  /** The core's process when it is not this one (a launched shell's): its CPU while typing is reported. */
  corePid: number | null;
  /** The first sync typed during (see measureTyping); then the list is not scrolled (it is not whole yet). */
  sync?: { finished: () => boolean };
}

/** Typing and scrolling on a page that shows the whole catalog, with the table of figures printed at the end. */
async function measurePage(page: Page, setting: Setting, initialJs: ReturnType<typeof measureInitialJavaScript>) {
  const { browser, catalogSize, background, backgroundState } = setting;
  await page.evaluate(INSTALL_PROBE);

  const typingWork = await rendererWork(browser, page, () => measureTyping(browser, page, setting.corePid, setting.sync ?? null), PROFILE_FILE, TRACE_FILE);
  const { perQuery: typing, coreCpuMs, laterPages, typingCpuMs } = typingWork.value;
  if (typing.length === 0) throw new Error('The first sync finished before a whole query was typed: no keystroke was measured while it ran');
  if (setting.sync) console.log(`Typed ${typing.length} of ${QUERIES.length} queries while the first sync ran (typing stops when it finishes; the query it finished during is left out)`);
  const afterTyping = await setting.whileTyping();
  if (afterTyping) console.log(`  ${afterTyping}`);
  const timings = typing.flatMap((entry) => entry.timings);
  const latencies = timings.map((timing) => timing.total);
  for (const { query, timings: own } of typing) {
    console.log(`  "${query}": ${own.map((timing) => timing.total.toFixed(0)).join(', ')} ms`);
  }
  const keystrokes = typing.reduce((sum, entry) => sum + entry.query.length, 0);
  console.log(`The renderer while typing ${keystrokes} keys (and clearing the field between queries): ${describeWork(typingWork, keystrokes, 'key')}`);
  const typingAlone = typingCpuMs === null ? null : `CPU ${(typingCpuMs / 1000).toFixed(2)} s (${(typingCpuMs / keystrokes).toFixed(1)} ms a key)`;
  if (typingAlone) console.log(`The renderer from each query's first key to its results shown (no clearing, no searches of this bench): ${typingAlone}`);
  console.log(`Searches for a later page (loading more) the page sent while the keys were typed: ${laterPages}`);
  const coreWhileTyping = coreCpuMs === null ? null : `${(coreCpuMs / 1000).toFixed(2)} s (${(coreCpuMs / keystrokes).toFixed(1)} ms a key)`;
  if (coreWhileTyping) console.log(`The core's process (its offline worker included) while the keys were typed, from each query's first key to its results: CPU ${coreWhileTyping}`);
  const slowest = typing
    .flatMap(({ query, timings: own }) => own.map((timing, index) => ({ query, index, timing })))
    .sort((a, b) => b.timing.total - a.timing.total)
    .slice(0, 5);
  const stage = (value: number | null) => (value === null ? '–' : value.toFixed(0));
  console.log('Slowest keystrokes (total: to call + round trip + to DOM + to paint, ms):');
  for (const { query, index, timing } of slowest) {
    console.log(
      `  "${query}" #${index + 1}: ${timing.total.toFixed(0)} = ${stage(timing.toCall)} + ${stage(timing.roundTrip)} + ${stage(timing.toDom)} + ${stage(timing.toPaint)}`,
    );
  }
  const p50 = percentile(latencies, 0.5);
  const p95 = percentile(latencies, 0.95);
  const bridgeMs = typing.flatMap((entry) => entry.bridgeMs);
  console.log(`Keystroke to painted results: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${latencies.length} keystrokes`);

  const scrolled = setting.sync ? [] : await scrollRows(browser, page, catalogSize);

  const rows = [
    ...setting.rowsBefore,
    ['keystroke to painted results p50', `${p50.toFixed(1)} ms`, ''],
    ['keystroke to painted results p95', `${p95.toFixed(1)} ms`, `≤ ${TARGETS.p95Ms} ms`],
    ['keystrokes measured', String(latencies.length), ''],
    ...(setting.sync ? [['queries typed while the first sync ran', `${typing.length} of ${QUERIES.length}`, '']] : []),
    ...(typingAlone ? [["renderer from each query's first key to its results shown (no clearing, no searches of this bench)", typingAlone, '']] : []),
    ['searches for a later page (loading more) sent while the keys were typed', String(laterPages), ''],
    ['renderer while typing (every key, clearing included)', describeWork(typingWork, keystrokes, 'key'), ''],
    ...(coreWhileTyping ? [["the core's process while the keys were typed (offline worker included)", `CPU ${coreWhileTyping}`, '']] : []),
    ['search through the bridge alone (no rendering), p50 / p95', `${percentile(bridgeMs, 0.5).toFixed(1)} / ${percentile(bridgeMs, 0.95).toFixed(1)} ms`, ''],
    ...STAGES.map(({ key, label }) => {
      const values = timings.flatMap((timing) => (timing[key] === null ? [] : [timing[key]]));
      return [`${label}, p50 / p95 (${values.length} keystrokes)`, `${percentile(values, 0.5).toFixed(1)} / ${percentile(values, 0.95).toFixed(1)} ms`, ''];
    }),
    ['background sync while typing', `${background}; ${backgroundState}${afterTyping ? `; ${afterTyping}` : ''}`, ''],
    ...scrolled,
    ['initial JavaScript, gzipped', `${(initialJs.gzipBytes / 1024).toFixed(1)} KB`, `≤ ${TARGETS.gzipKb} KB`],
  ];
  console.log(`\nUI benchmark, ${catalogSize.toLocaleString('en-US')} ${setting.sync ? 'products being synced' : 'cached products'}, Chromium ${browser.version()}`);
  console.log('| measure | result | target |\n|---|---|---|');
  for (const [measure, result, target] of rows) console.log(`| ${measure} | ${result} | ${target} |`);
}

/** Scrolls the card view, then the table, through the list: the most of each the DOM held, as table rows. */
async function scrollRows(browser: Browser, page: Page, catalogSize: number): Promise<string[][]> {
  // Cards first: each view then loads pages as it scrolls (the loaded pages stay for the next view).
  const cardItems = Math.min(CARD_SCROLL_ITEMS, catalogSize);
  const cards = await scrollWholeList(page, cardItems);
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Table' }).click();
  const tableItems = Math.min(TABLE_SCROLL_ITEMS, catalogSize);
  const tableWork = await rendererWork(browser, page, () => scrollWholeList(page, tableItems));
  const table = tableWork.value;
  console.log(`The renderer while scrolling the table: ${describeWork(tableWork, table.steps, 'scroll')}`);
  return [
    [
      `most table rows in the DOM (${tableItems === catalogSize ? 'whole list' : `first ${tableItems.toLocaleString('en-US')}`} scrolled)`,
      `${table.maxRows} (${table.steps} scrolls, ${seconds(table.ms)}; renderer ${describeWork(tableWork, table.steps, 'scroll')})`,
      `≤ ${TARGETS.domRows}`,
    ],
    [`most cards in the DOM (first ${cardItems.toLocaleString('en-US')} scrolled)`, `${cards.maxRows} (${cards.steps} scrolls, ${seconds(cards.ms)})`, `≤ ${TARGETS.domRows}`],
  ];
}

/** The embedded demo service seeded with BENCH_UI_CATALOG_SIZE products, synced first. */
async function onDemoService(initialJs: ReturnType<typeof measureInitialJavaScript>) {
  const startedAt = Date.now();
  const template = path.join(sharedTmpdir(), 'caseworks-e2e-templates', templateKey(CATALOG_SIZE));
  console.log(`Demo service template ${template}: ${existsSync(path.join(template, 'demo-credentials.json')) ? 'reused' : 'seeded now'}`);
  const requests = TYPE_DURING_SYNC ? watchOfflineRequests() : null;
  const app = await startE2eApp({ catalogSize: CATALOG_SIZE, ...(BACKGROUND_OFF ? { core: { hydrateDetails: false } } : {}) });
  try {
    console.log(`Shell and service up in ${seconds(Date.now() - startedAt)}`);
    const detailProgress = watchDetailProgress(app.shell.core);
    const catalog = watchCatalogProgress(app.shell.core);
    const { page } = await app.openPage();
    const syncStarted = Date.now();
    if (requests) {
      await until(`${TYPE_FROM_PRODUCTS.toLocaleString('en-US')} products of the first sync`, FIRST_SYNC_LIMIT_MS, async () => {
        const count = await page.getByRole('status').filter({ hasText: /^[0-9][0-9,]* products?/ }).first().textContent().catch(() => null);
        return count !== null && Number(/^[0-9,]*/.exec(count)![0].replace(/,/g, '')) >= TYPE_FROM_PRODUCTS;
      });
      const began = await catalogProgress(app.shell.core, catalog);
      if (catalog.finished) throw new Error(`The first sync had finished when its first products showed (${began}): nothing to type during`);
      console.log(`${TYPE_FROM_PRODUCTS > 1 ? 'Products' : 'The first products'} showed after ${seconds(Date.now() - syncStarted)}: ${began}`);
      const typingStarted = Date.now();
      requests.start();
      const whileTyping = async () => {
        const where = requests.stop();
        for (const line of where) console.log(`  ${line}`);
        return `${await catalogProgress(app.shell.core, catalog)} when typing ended ${seconds(Date.now() - typingStarted)} later; ${where.join('; ')}`;
      };
      const setting = { browser: app.browser, catalogSize: CATALOG_SIZE, background: 'typed while the first sync ran', backgroundState: `${began} when typing began`, whileTyping, rowsBefore: [], corePid: null };
      await measurePage(page, { ...setting, sync: { finished: () => catalog.finished } }, initialJs);
      return;
    }
    await until(`the first sync of ${CATALOG_SIZE} products`, FIRST_SYNC_LIMIT_MS, async () => {
      const count = await page.getByRole('status').filter({ hasText: /^[0-9][0-9,]* products?/ }).first().textContent().catch(() => null);
      return count?.startsWith(`${CATALOG_SIZE.toLocaleString('en-US')} product`);
    });
    console.log(`First sync showed all ${CATALOG_SIZE} products after ${seconds(Date.now() - syncStarted)}`);
    let background: string;
    let backgroundState: string;
    let whileTyping: () => Promise<string> = async () => '';
    if (TYPE_WHILE_DOWNLOADING) {
      // Typing starts as soon as the catalog is there, while the product details are downloading.
      const before = await backgroundProgress(app.shell.core, detailProgress);
      if (!before.running || detailProgress.finished) throw new Error('The background downloads had already finished when the catalog arrived: nothing to type against');
      background = 'typed while the product-detail download ran';
      backgroundState = `${before.words} when typing began`;
      const typingStarted = Date.now();
      whileTyping = async () => {
        const after = await backgroundProgress(app.shell.core, detailProgress);
        const seconds = (Date.now() - typingStarted) / 1000;
        const rate = (after.details - before.details) / seconds;
        return `${after.words} when it ended ${seconds.toFixed(0)} s later (${rate.toFixed(0)} details/s while typing; still running: ${after.running ? 'yes' : 'no'})`;
      };
    } else {
      const settleStarted = Date.now();
      const settled = await Promise.race([
        app.shell.core.whenIdle().then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), SETTLE_LIMIT_MS).unref()),
      ]);
      background = settled
        ? `settled ${seconds(Date.now() - settleStarted)} after the catalog arrived`
        : `still running after ${seconds(SETTLE_LIMIT_MS)} (measured while it runs)`;
      backgroundState = (await backgroundProgress(app.shell.core, detailProgress)).words;
    }
    if (BACKGROUND_OFF) background = `product-detail hydration off; ${background}`;
    console.log(`Background sync work (product details, images): ${background}`);
    console.log(`  ${backgroundState}`);
    await measurePage(page, { browser: app.browser, catalogSize: CATALOG_SIZE, background, backgroundState, whileTyping, rowsBefore: [], corePid: null }, initialJs);
  } finally {
    await app.close();
  }
}

/** A prepared data folder (BENCH_UI_DATA_DIR) opened offline: cold starts, then typing and scrolling. */
async function onPreparedFolder(dataDir: string, initialJs: ReturnType<typeof measureInitialJavaScript>) {
  const folder = readPreparedFolder(dataDir);
  await assertUnreachable(folder.service.baseUrl);
  console.log(`Prepared folder ${dataDir}: ${folder.products.toLocaleString('en-US')} products offline, service ${folder.service.baseUrl} unreachable`);
  const browser = await launchChromium();
  try {
    const median = (values: number[]) => percentile(values, 0.5);
    const trees = [{ label: 'this tree', launch: { root: REPO_ROOT } }, ...(COMPARE_ROOT ? [{ label: COMPARE_ROOT, launch: { root: COMPARE_ROOT } }] : [])];
    const startsOf = new Map(trees.map((tree) => [tree.label, [] as ColdStartReport[]]));
    for (let run = 0; run < COLD_STARTS; run += 1) {
      for (const tree of launchOrder(trees, run)) {
        const traceTo = COLD_TRACE_DIR ? path.join(COLD_TRACE_DIR, `cold-${run + 1}-${trees.indexOf(tree)}.json`) : undefined;
        const report = await measureColdStart(browser, dataDir, folder.products, 2_000, folder.service, { ...tree.launch, traceTo });
        const calls = report.calls.map((call) => `${call.method} ${call.sentMs}→${call.answeredMs ?? '…'}`).join(', ');
        const page = report.pageTimings;
        console.log(
          `cold start ${run + 1}${trees.length > 1 ? ` (${tree.label})` : ''}: URL after ${report.urlMs} ms, catalog painted after ${report.paintedMs.toFixed(0)} ms (${report.pageMs.toFixed(0)} ms from opening the URL); renderer CPU ${report.rendererCpuMs?.toFixed(0) ?? '?'} ms; shell CPU ${report.shellCpuMs?.toFixed(0) ?? '?'} ms; core RSS ${(report.core.rssBytes / 2 ** 20).toFixed(0)} MB; load ${loadavg()[0]!.toFixed(1)}`,
        );
        if (page) console.log(`  the page (ms after launch): document ${page.documentMs.toFixed(0)}, last script or style ${page.lastResourceMs.toFixed(0)}, DOMContentLoaded ${page.domContentLoadedMs.toFixed(0)}`);
        console.log(`  the page's bridge calls until then (ms after launch): ${calls}`);
        startsOf.get(tree.label)!.push(report);
      }
    }
    const rowsBefore = trees.flatMap((tree) => {
      const starts = startsOf.get(tree.label)!;
      const of = trees.length > 1 ? ` (${tree.label})` : '';
      return starts.length === 0
        ? []
        : [
            [
              `cold start of npm run web offline to the painted catalog${of}, ${starts.length} launches: median (each)`,
              `${median(starts.map((report) => report.paintedMs)).toFixed(0)} ms (${starts.map((report) => report.paintedMs.toFixed(0)).join(', ')}); from opening the URL ${median(starts.map((report) => report.pageMs)).toFixed(0)} ms; URL printed after ${median(starts.map((report) => report.urlMs)).toFixed(0)} ms`,
              '≤ 1.5 s',
            ],
            [`CPU from the launch to that paint${of}, median: the page's renderer; the shell's processes`, `${median(starts.map((report) => report.rendererCpuMs ?? Number.NaN)).toFixed(0)} ms; ${median(starts.map((report) => report.shellCpuMs ?? Number.NaN)).toFixed(0)} ms`, ''],
          ];
    });
    if (COLD_ONLY) {
      console.log('| measure | result | target |\n|---|---|---|');
      for (const [measure, result, target] of rowsBefore) console.log(`| ${measure} | ${result} | ${target} |`);
      return;
    }
    if (TYPING_ROOT !== REPO_ROOT) console.log(`Typing and scrolling on ${TYPING_ROOT}`);
    const shell = await launchToPaint(browser, dataDir, folder.products, folder.service, { root: TYPING_ROOT });
    try {
      const background = 'offline: the service unreachable, no sync';
      await measurePage(shell.page, { browser, catalogSize: folder.products, background, backgroundState: 'nothing downloading', whileTyping: async () => '', rowsBefore, corePid: shell.corePid }, initialJs);
    } finally {
      await shell.close();
    }
  } finally {
    await browser.close();
  }
}

async function main() {
  ensureRendererBuilt();
  const initialJs = measureInitialJavaScript(RENDERER_DIST);
  console.log(`Initial JavaScript: ${(initialJs.gzipBytes / 1024).toFixed(1)} KB gzipped (${(initialJs.bytes / 1024).toFixed(1)} KB raw) in ${initialJs.files.length} files`);
  if (PREPARED_DIR) await onPreparedFolder(PREPARED_DIR, initialJs);
  else await onDemoService(initialJs);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
