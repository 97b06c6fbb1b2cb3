/**
 * `npx tsx bench/offline-search.ts`: the offline database's catalog search in one process (no
 * worker), on the demo generator's catalog (BENCH_CATALOG_SIZE, 50,000), with bench:core's query
 * set: the time to write the catalog in pages of 250 with every detail (BENCH_WRITE=feed: as pages
 * of the change feed, each product whole, as a first sync through the feed writes them), then each
 * query's time (BENCH_SEARCH_REPEATS passes), p50/p95 and the slowest queries. For finding where
 * write and search time goes (run it with `node --import tsx --cpu-prof`). BENCH_ORDER_WALKS
 * (`auto`, `never`, `always`) chooses how sorted pages are read (catalog-search.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CatalogProduct, Product } from '../shared';
import { CatalogSearchInput, type CatalogSearchInput as SearchInput } from '../shared/bridge';
import { openServiceFile } from '../electron/core/offline/service-files';
import { createServiceDatabase } from '../electron/core/offline/service-database';
import { createCatalogSearch, type OrderWalks } from '../electron/core/search/catalog-search';
import { generateDemoData } from '../server/demo/generate';
import { querySet } from './query-set';
import { percentile } from './ui-probe';

const SIZE = Number(process.env.BENCH_CATALOG_SIZE ?? 50_000);
const REPEATS = Number(process.env.BENCH_SEARCH_REPEATS ?? 5);
const PAGE = 250;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

/** BENCH_DB_DIR keeps the database and reuses it when it is there (then only search is measured). */
const dir = process.env.BENCH_DB_DIR ?? mkdtempSync(path.join(tmpdir(), 'caseworks-offline-search-'));
mkdirSync(dir, { recursive: true });
const reuse = existsSync(path.join(dir, 'service.db'));
let started = performance.now();
const database = createServiceDatabase(openServiceFile(path.join(dir, 'service.db'), 'http://127.0.0.1:9/api/v1'));
console.log(`database opened, search index loaded in ${ms(performance.now() - started)}; rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB, heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);
const { catalogItemOf } = await import('../electron/core/offline/service-database');
const details = reuse ? [] : generatedDetails();
const items: CatalogProduct[] = details.map(catalogItemOf);
if (!reuse) {
  if (process.env.BENCH_WRITE === 'feed') writeFeed();
  else await write();
}

/** The generator's products as their details (generated only when the database is written). */
function generatedDetails(): Product[] {
  const data = generateDemoData({ catalogSize: SIZE, now: new Date('2026-11-01T00:00:00Z') });
  const suppliers = new Map(data.suppliers.map((supplier) => [supplier.id, supplier]));
  return data.products.map((product) => {
    const supplier = suppliers.get(product.supplierId)!;
    return {
      id: product.id, name: product.name, brand: product.brand, varietal: product.varietal, vintage: product.vintage, region: product.region,
      appellation: product.appellation, country: product.country, abv: product.abv, size_ml: product.sizeMl, pack_size: product.packSize,
      case_price_cents: product.casePriceCents, bottle_price_cents: product.bottlePriceCents, inventory_available: product.inventoryAvailable,
      minimum_order: product.minimumOrder, sku: product.sku, upc: product.upc, description: product.description, tasting_notes: product.tastingNotes,
      image_url: null, created_at: product.createdAt.toISOString(), updated_at: product.createdAt.toISOString(),
      supplier: { id: supplier.id, name: supplier.name, location: supplier.location, total_products: 1 },
    } as unknown as Product;
  });
}

/** The catalog as a first sync through the change feed writes it: pages of 250 whole products, each with the cursor after it. */
function writeFeed() {
  started = performance.now();
  const cpuStarted = process.cpuUsage();
  const pageTimes: number[] = [];
  for (let start = 0; start < details.length; start += PAGE) {
    const pageStarted = performance.now();
    const changes = details.slice(start, start + PAGE).map((product) => ({ type: 'product.changed' as const, product }));
    database.applyChanges(changes, `cursor-${start}`, new Date().toISOString());
    pageTimes.push(performance.now() - pageStarted);
  }
  const cpu = process.cpuUsage(cpuStarted);
  console.log(`${SIZE} products through feed pages of ${PAGE}: ${ms(performance.now() - started)}, CPU ${ms((cpu.user + cpu.system) / 1000)} (page p50 ${ms(percentile(pageTimes, 0.5))}, p95 ${ms(percentile(pageTimes, 0.95))}, max ${ms(Math.max(...pageTimes))})`);
}

async function write() {
started = performance.now();
const pageTimes: number[] = [];
for (let page = 1; page * PAGE - PAGE < items.length; page += 1) {
  const pageStarted = performance.now();
  database.writeCatalogPage(page, null, items.slice((page - 1) * PAGE, page * PAGE));
  pageTimes.push(performance.now() - pageStarted);
}
database.finishCatalog(Math.ceil(items.length / PAGE), new Date().toISOString());
const listWrite = performance.now() - started;
started = performance.now();
const detailTimes: number[] = [];
for (let start = 0; start < details.length; start += PAGE) {
  const batchStarted = performance.now();
  database.putProductDetails(details.slice(start, start + PAGE).map((detail) => ({ detail, etag: null, fetchedAt: new Date().toISOString() })));
  detailTimes.push(performance.now() - batchStarted);
}
const detailWrite = performance.now() - started;
console.log(`${SIZE} products: list written in ${ms(listWrite)} (page of ${PAGE} p50 ${ms(percentile(pageTimes, 0.5))}, max ${ms(Math.max(...pageTimes))}); details in ${ms(detailWrite)} (batch p50 ${ms(percentile(detailTimes, 0.5))}, max ${ms(Math.max(...detailTimes))})`);
}

/** BENCH_ORDER_WALKS=never answers by the pass over the hits alone (as before the kept orders), for a comparison in the same conditions. */
const search = createCatalogSearch(database, { orderWalks: (process.env.BENCH_ORDER_WALKS ?? 'auto') as OrderWalks });
const browse = search.search(CatalogSearchInput.parse({ limit: 1 }));
const queries = querySet({
  varietal: browse.facets.varietal.map((facet) => facet.value),
  region: browse.facets.region.map((facet) => facet.value),
  country: browse.facets.country.map((facet) => facet.value),
  supplier: browse.facets.supplier.map((facet) => facet.value),
});
const all: number[] = [];
/** CPU time of each query (user + system, this process): what the machine's load does not stretch as much as wall time. */
const cpu: number[] = [];
/** Each query's CPU times, for the slowest by CPU. */
const byQuery = new Map<string, number[]>();
for (let repeat = 0; repeat < REPEATS; repeat += 1) {
  for (const query of queries) {
    const cpuStarted = process.cpuUsage();
    const queryStarted = performance.now();
    search.search(CatalogSearchInput.parse(query as SearchInput));
    const took = performance.now() - queryStarted;
    const used = process.cpuUsage(cpuStarted);
    const cpuMs = (used.user + used.system) / 1000;
    cpu.push(cpuMs);
    all.push(took);
    const key = JSON.stringify(query);
    byQuery.set(key, [...(byQuery.get(key) ?? []), cpuMs]);
  }
}
console.log(`search CPU time: p50 ${ms(percentile(cpu, 0.5))}, p95 ${ms(percentile(cpu, 0.95))}`);
console.log(`search: ${queries.length} queries × ${REPEATS}: p50 ${ms(percentile(all, 0.5))}, p95 ${ms(percentile(all, 0.95))}, max ${ms(Math.max(...all))}`);
const slowest = [...byQuery].map(([key, times]) => [key, percentile(times, 0.5)] as const).sort((a, b) => b[1] - a[1]).slice(0, 12);
console.log('slowest queries, median CPU time:');
for (const [key, median] of slowest) console.log(`  ${ms(median)}  ${key}`);
const fileBytes = ['service.db', 'service.db-wal'].reduce((sum, name) => sum + (existsSync(path.join(dir, name)) ? statSync(path.join(dir, name)).size : 0), 0);
const jsonBytes = (table: string) => database.sql(`SELECT coalesce(sum(length(json)), 0) FROM ${table}`).pluck().get() as number;
const [listJson, detailJson] = [jsonBytes('products'), jsonBytes('product_details')];
console.log(`disk: ${(fileBytes / 1e6).toFixed(0)} MB; ${(fileBytes / listJson).toFixed(2)}× the ${(listJson / 1e6).toFixed(0)} MB of list-item JSON, ${(fileBytes / (listJson + detailJson)).toFixed(2)}× list and detail JSON (${((listJson + detailJson) / 1e6).toFixed(0)} MB)`);
console.log(`posting cache: ${(database.index.postings.cachedBytes / 1024 / 1024).toFixed(1)} MB; reads ${database.index.postings.stats.reads}, hits ${database.index.postings.stats.hits}; heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB, rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
