/**
 * `BENCH_DB_DIR=… npx tsx bench/one-letter.ts`: what the catalog screen's first keystroke of a
 * query costs at a million products, in one process (no worker): the copy in BENCH_DB_DIR (a folder
 * holding one offline database; opened for writing, so use a copy) is opened, its first browse
 * answered and its search index read (`prepareSearch`), then each of BENCH_TEXTS (a–z and a few
 * two-letter beginnings) is searched as the search box sends it (first page of 60, relevance),
 * once cold and BENCH_REPEATS times warm: wall and CPU of each, medians and p95. With
 * BENCH_WARM_UP=1 the worker's warm-up texts (search-warm-up.ts: the catalog's first varietals typed
 * a letter at a time) are searched first, unmeasured, as `readSearchIndex` has the worker search
 * them: whether a letter's first search costs more for its own sake or for the process's.
 */
import { CatalogSearchInput } from '../shared/bridge';
import { createServiceDatabase } from '../electron/core/offline/service-database';
import { openServiceFile } from '../electron/core/offline/service-files';
import { createCatalogSearch } from '../electron/core/search/catalog-search';
import { warmUpTexts } from '../electron/core/search/search-warm-up';
import { benchDatabaseFile } from './offline-db-file';

const { file, baseUrl } = benchDatabaseFile();
const texts = (process.env.BENCH_TEXTS ?? 'abcdefghijklmnopqrstuvwxyz'.split('').concat(['ca', 'pi', 'sa', 'me', 'ch']).join(',')).split(',');
const repeats = Number(process.env.BENCH_REPEATS ?? 5);

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

const database = createServiceDatabase(openServiceFile(file, baseUrl));
const search = createCatalogSearch(database);
const typed = (text: string) => search.searchItemsJson(CatalogSearchInput.parse({ text, offset: 0, limit: 60 }));
typed('');
database.index.ready();
if (process.env.BENCH_WARM_UP === '1') {
  const varietals = search.search(CatalogSearchInput.parse({ limit: 1 })).facets.varietal.map((facet) => facet.value);
  const texts = warmUpTexts(varietals);
  const cpu = cpuMs();
  for (const text of texts) search.searchItemsJson(CatalogSearchInput.parse({ text }));
  console.log(`warm-up: ${texts.length} searches (${texts.join(', ')}), ${(cpuMs() - cpu).toFixed(0)} ms of CPU`);
}

const timed = (text: string) => {
  const cpu = cpuMs();
  const wall = performance.now();
  const answer = typed(text);
  return { wall: performance.now() - wall, cpu: cpuMs() - cpu, total: answer.total };
};
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

const cold = texts.map((text) => ({ text, ...timed(text) }));
const warm: { text: string; wall: number; cpu: number; total: number }[] = [];
for (let round = 0; round < repeats; round += 1) for (const text of texts) warm.push({ text, ...timed(text) });
const summary = (label: string, rows: { wall: number; cpu: number }[]) =>
  rows.length > 0 &&
  console.log(`${label}: wall p50 ${quantile(rows.map((row) => row.wall), 0.5).toFixed(2)} p95 ${quantile(rows.map((row) => row.wall), 0.95).toFixed(2)} ms; CPU p50 ${quantile(rows.map((row) => row.cpu), 0.5).toFixed(2)} p95 ${quantile(rows.map((row) => row.cpu), 0.95).toFixed(2)} ms`);
summary('cold', cold);
summary('warm', warm);
for (const text of texts) {
  const rows = warm.filter((row) => row.text === text);
  const first = cold.find((row) => row.text === text)!;
  const warmMedian = rows.length > 0 ? `; warm median ${quantile(rows.map((row) => row.wall), 0.5).toFixed(1)} ms` : '';
  console.log(`${text}: ${first.total} hits; cold ${first.wall.toFixed(1)} ms (CPU ${first.cpu.toFixed(1)})${warmMedian}`);
}
database.db.close();
