/**
 * A sync in a process of its own, for the kill test: the fake service (a deterministic catalog,
 * each call a few milliseconds long), the real offline worker and database under the given data
 * folder. Prints `syncing` when the sync starts and `done <json>` when the catalog and every detail
 * are stored. Run with `node --import tsx`.
 */
import { createOfflineStore } from '../../../electron/core/offline/offline-store';
import { createSyncEngine } from '../../../electron/core/sync/sync-engine';
import { createFakeService } from './fake-service';

export const KILL_TEST_PRODUCTS = 4_000;

const dataDir = process.argv[2];
if (dataDir) {
  const service = createFakeService({ products: KILL_TEST_PRODUCTS });
  const slow: typeof service.api = {
    call: (async (name: string, input: unknown) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return (service.api.call as (name: string, input: unknown) => Promise<unknown>)(name, input);
    }) as typeof service.api.call,
  };
  const store = createOfflineStore({ dataDir });
  const engine = createSyncEngine({ api: slow, store, scope: { baseUrl: 'http://127.0.0.1:9/api/v1', accountId: 'org_buyer' }, hydrateDetails: true, imagePrefetchLimit: 0 });
  await engine.init();
  process.stdout.write('syncing\n');
  const report = await engine.sync();
  await engine.whenIdle();
  const pages200 = service.log.filter((entry) => entry.name === 'listProducts' && entry.status === 200).length;
  const details200 = service.log.filter((entry) => entry.name === 'getProduct' && entry.status === 200).length;
  process.stdout.write(`done ${JSON.stringify({ failed: report.outcomes.filter((outcome) => outcome.result === 'failed'), pages200, details200 })}\n`);
  await store.close();
  process.exit(0);
}
