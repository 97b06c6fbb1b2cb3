/**
 * bench:core's freshly started core, in a process of its own (forked by bench/core.ts): the core
 * opened on a stored offline copy as the app does at launch, every query of the benchmark's set
 * once, then the process's memory sent to the parent. It imports the core and nothing of the
 * benchmark's own (its browser, its service, its app phase: 45–50 MB of heap and 140 MB resident
 * that a core does not have; test/build/bench-core-memory.test.ts keeps it so).
 */
import { createServiceClient } from '../electron/core/api';
import { createOfflineStore } from '../electron/core/offline/offline-store';
import { createSearchService } from '../electron/core/search/search-service';
import { createSyncEngine } from '../electron/core/sync/sync-engine';
import { collectGarbage } from '../server/db/release-memory';
import { querySet } from './query-set';
import { searched } from './searched';

/** What the process reports: its resident memory, both heaps, and the products searchable. */
export interface CoreMemory {
  rss: number;
  heapUsed: number;
  workerHeapUsed: number;
  documents: number;
}

async function reportCoreMemory(argument: string) {
  const { dir, scope } = JSON.parse(argument) as { dir: string; scope: { baseUrl: string; accountId: string | null } };
  const store = createOfflineStore({ dataDir: dir });
  const search = createSearchService(store.database);
  const engine = createSyncEngine({
    api: createServiceClient({ baseUrl: scope.baseUrl, getApiKey: () => null }),
    store,
    scope,
    search,
  });
  await engine.init();
  await Promise.all([engine.copy.suppliers(), engine.copy.orders(), engine.copy.account()]);
  // Every query of the benchmark once, so the worker holds what searching takes.
  const browse = await searched(search.search({ limit: 1 }));
  for (const query of querySet({
    varietal: browse.facets.varietal.map((facet) => facet.value),
    region: browse.facets.region.map((facet) => facet.value),
    country: browse.facets.country.map((facet) => facet.value),
    supplier: browse.facets.supplier.map((facet) => facet.value),
  })) await searched(search.search(query));
  const { total } = await searched(search.search({ text: 'cabernet', limit: 50 }));
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const memory = process.memoryUsage();
  const report: CoreMemory = { rss: memory.rss, heapUsed: memory.heapUsed, workerHeapUsed: await search.workerHeapUsed(), documents: (await searched(search.search({ limit: 1 }))).total };
  if (total === 0) throw new Error('the loaded catalog answered nothing');
  process.send!(report);
  await store.close();
  process.exit(0);
}

await reportCoreMemory(process.argv[2]!);
