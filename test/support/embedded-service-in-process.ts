import path from 'node:path';
import { startService } from '../../server/main';
import type { DemoStart } from '../../electron/core/session/session-manager';
import { copyServiceTemplate, seededServiceTemplate } from './e2e-service-template';

/**
 * The demo service started in this test process (instead of a child process) from a seeded
 * template copy, as the core's `startEmbedded` option: the same server, faster to reach in tests.
 */
export async function inProcessEmbeddedService(options: { dataDir: string; catalogSize: number; shipAfterSeconds?: number; deliverAfterSeconds?: number }) {
  const serviceDir = path.join(options.dataDir, 'embedded-service');
  copyServiceTemplate(await seededServiceTemplate(options.catalogSize), serviceDir);
  let starts = 0;
  const start = async (): Promise<DemoStart> => {
    starts += 1;
    const service = await startService({
      dataDir: serviceDir,
      logger: false,
      shipAfterSeconds: options.shipAfterSeconds,
      deliverAfterSeconds: options.deliverAfterSeconds,
    });
    const buyers = service.demoCredentials?.buyers ?? [];
    const apiKey = buyers[0]?.api_key;
    if (!apiKey) throw new Error('the demo service has no demo buyer');
    return {
      ok: true,
      service: {
        baseUrl: service.baseUrl,
        apiKey,
        buyers: buyers.map((buyer) => ({ accountId: buyer.account_id, apiKey: buyer.api_key })),
        stop: () => service.close(),
      },
    };
  };
  return { start, starts: () => starts };
}

/**
 * The options of a core on an in-process embedded service, as the app-core tests start it: details
 * fetched, the service probed often, no periodic sync, a quick client.
 */
export const embeddedCoreOptions = (embedded: { start: () => Promise<DemoStart> }) => ({
  startEmbedded: embedded.start,
  hydrateDetails: true,
  offlineProbeMs: 200,
  syncIntervalMs: 0,
  client: { timeoutMs: 3_000, maxAttempts: 2, baseDelayMs: 20, maxDelayMs: 50 },
});
