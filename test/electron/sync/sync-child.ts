/**
 * A sync in a process of its own, for the kill test: the fake service (a deterministic catalog,
 * each call a few milliseconds long), the real offline worker and database under the given data
 * folder. Prints `syncing` when the sync starts and `done <json>` when the catalog and every detail
 * are stored. With `feed` after the folder, the catalog comes through the change feed. Run with
 * `node --import tsx`.
 */
import { createOfflineStore } from '../../../electron/core/offline/offline-store';
import { createSyncEngine } from '../../../electron/core/sync/sync-engine';
import type { SyncApi } from '../../../electron/core/sync/sync-context';
import { createFakeService } from './fake-service';

export const KILL_TEST_PRODUCTS = 4_000;

const dataDir = process.argv[2];
/** `feed`: the service has the change feed, and its pages reach the worker as text (as with the service client). */
const viaFeed = process.argv[3] === 'feed';
if (dataDir) {
  const service = createFakeService({ products: KILL_TEST_PRODUCTS, feed: viaFeed });
  const call = service.api.call as (name: string, input: unknown) => Promise<{ ok: boolean; notModified?: boolean; data?: unknown; etag?: string | null }>;
  // A feed page takes longer than a list call, so most of the kills land before the feed's 16 pages are all in.
  const slowCall = async (name: string, input: unknown) => {
    await new Promise((resolve) => setTimeout(resolve, name === 'catalogChanges' ? 150 : 5));
    return call(name, input);
  };
  const slow: SyncApi = {
    call: slowCall as typeof service.api.call,
    ...(viaFeed
      ? {
          callBytes: (async (name: string, input: unknown) => {
            const outcome = await slowCall(name, input);
            if (!outcome.ok || outcome.notModified) return outcome;
            return { ok: true, notModified: false, bytes: new TextEncoder().encode(JSON.stringify(outcome.data)), coding: null, etag: outcome.etag ?? null, status: 200 };
          }) as NonNullable<SyncApi['callBytes']>,
        }
      : {}),
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
