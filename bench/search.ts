/**
 * `npm run bench:search`: the catalog's text index against MiniSearch, in one process, on the
 * same 50,000 demo products (the demo generator's catalog), with the same words, prefix and typo
 * rules. Queries: every prefix of a set of typed queries (what search-as-you-type asks), cold
 * (nothing remembered between queries). Reports build time, p50/p95/max per query and the hits,
 * which must be the same for both.
 */
import MiniSearch from 'minisearch';
import type { CatalogProduct } from '../shared';
import { TextIndex } from '../electron/core/search/text-index';
import { FIELD_BOOST, FUZZINESS, MIN_FUZZY_TERM_LENGTH, TEXT_FIELDS, foldTerm, textOf, type TextField } from '../electron/core/search/text-terms';
import { generateDemoData } from '../server/demo/generate';

const CATALOG_SIZE = Number(process.env.BENCH_CATALOG_SIZE ?? 50_000);
const REPEATS = 3;
const TYPED = ['cabernet', 'pinot noir', 'riesling', 'merlot', 'sauvignon blanc', 'tempranillo', 'napa valley', 'zinfandel', 'grenache', 'chardonay', 'malbec 2018', 'oakville'];
const WHOLE = ['cab', 'cabernay', 'reserve', 'estate', 'valley', 'blanc', 'syrah', 'napa', 'chateau', 'rose', 'sauv', 'sonoma coast'];

const percentile = (samples: number[], fraction: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

function demoCatalog(): CatalogProduct[] {
  const data = generateDemoData({ catalogSize: CATALOG_SIZE, now: new Date('2026-11-01T00:00:00Z') });
  const supplierName = new Map(data.suppliers.map((supplier) => [supplier.id, supplier.name]));
  return data.products.map(
    (product) =>
      ({
        id: product.id,
        name: product.name,
        brand: product.brand,
        varietal: product.varietal,
        region: product.region,
        appellation: product.appellation,
        supplier: { id: product.supplierId, name: supplierName.get(product.supplierId)! },
      }) as CatalogProduct,
  );
}

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

const products = demoCatalog();
const text = (position: number, field: TextField) => textOf(products[position]!, field);
const queries = [...TYPED.flatMap((query) => Array.from({ length: query.length }, (_, length) => query.slice(0, length + 1)).filter((typed) => !typed.endsWith(' '))), ...WHOLE];

let started = performance.now();
const index = await TextIndex.build(products.length, text);
const indexBuild = performance.now() - started;

started = performance.now();
const mini = new MiniSearch<number>({
  idField: 'position',
  fields: [...TEXT_FIELDS],
  extractField: (position, field) => (field === 'position' ? position : text(position, field as TextField)),
  processTerm: (term) => foldTerm(term) || null,
  searchOptions: {
    combineWith: 'AND',
    prefix: (_term, termIndex, terms) => termIndex === terms.length - 1,
    fuzzy: (term) => (term.length >= MIN_FUZZY_TERM_LENGTH ? FUZZINESS : false),
    boost: FIELD_BOOST,
  },
});
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
