/**
 * `npm run bench:search`: the catalog's text index against MiniSearch, in one process, on the
 * same 50,000 demo products (the demo generator's catalog), with the same words, prefix and typo
 * rules. Queries: every prefix of a set of typed queries (what search-as-you-type asks), cold
 * (nothing remembered between queries). Reports build time, p50/p95/max per query and the hits,
 * which must be the same for both.
 */
import { TextIndex } from '../electron/core/search/text-index';
import { demoCatalogText, miniSearchLikeTextIndex } from '../test/support/demo-catalog-text';
import { percentile } from './ui-probe';

const CATALOG_SIZE = Number(process.env.BENCH_CATALOG_SIZE ?? 50_000);
const REPEATS = 3;
const TYPED = ['cabernet', 'pinot noir', 'riesling', 'merlot', 'sauvignon blanc', 'tempranillo', 'napa valley', 'zinfandel', 'grenache', 'chardonay', 'malbec 2018', 'oakville'];
const WHOLE = ['cab', 'cabernay', 'reserve', 'estate', 'valley', 'blanc', 'syrah', 'napa', 'chateau', 'rose', 'sauv', 'sonoma coast'];

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

function timeEach(queries: string[], search: (text: string) => number[]): { times: number[]; hits: number[][] } {
  const times: number[] = [];
  let hits: number[][] = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    hits = queries.map((query) => {
      const started = performance.now();
      const found = search(query);
      times.push(performance.now() - started);
      return found;
    });
  }
  return { times, hits };
}

const { products, text } = demoCatalogText(CATALOG_SIZE);
const queries = [...TYPED.flatMap((query) => Array.from({ length: query.length }, (_, length) => query.slice(0, length + 1)).filter((typed) => !typed.endsWith(' '))), ...WHOLE];

let started = performance.now();
const index = await TextIndex.build(products.length, text);
const indexBuild = performance.now() - started;

started = performance.now();
const mini = miniSearchLikeTextIndex(text);
await mini.addAllAsync(products.map((_, position) => position), { chunkSize: 2_000 });
const miniBuild = performance.now() - started;

const ours = timeEach(queries, (query) => [...index.search(query).positions]);
const theirs = timeEach(queries, (query) => mini.search(query).map((hit) => hit.id as number).sort((a, b) => a - b));
const differing = queries.filter((query, n) => JSON.stringify(ours.hits[n]) !== JSON.stringify(theirs.hits[n]));

console.log(`bench:search — ${products.length.toLocaleString('en-US')} demo products, ${queries.length} queries (every prefix of ${TYPED.length} typed queries, and ${WHOLE.length} more) × ${REPEATS}`);
console.log('| | build | p50 | p95 | max |\n|---|---|---|---|---|');
for (const [name, build, times] of [['text index (ours)', indexBuild, ours.times], ['MiniSearch search', miniBuild, theirs.times]] as const) {
  console.log(`| ${name} | ${ms(build)} | ${ms(percentile(times, 0.5))} | ${ms(percentile(times, 0.95))} | ${ms(Math.max(...times))} |`);
}
console.log(differing.length === 0 ? 'Same hits for every query.' : `DIFFERENT hits for: ${differing.join(', ')}`);
process.exit(differing.length === 0 ? 0 : 1);
