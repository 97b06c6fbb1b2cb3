import { afterEach, describe, expect, it } from 'vitest';
import { Problem } from '../../../shared';
import { startService, type RunningService } from '../../../server/main';
import { DatabaseUnavailableError } from '../../../server/db/unavailable';
import { createSqlStore } from '../../../server/store/sql-store';
import type { Store } from '../../../server/store/types';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { startOutageProxy } from '../../support/tcp-outage-proxy';
import { waitFor } from '../webhooks/receiver';

/** On PGlite there is no server to lose: its store fails as a store on a lost connection does. */
function faultableStore(testStore: TestStore, publicBaseUrl: () => string) {
  let outage = false;
  const store = createSqlStore(testStore.db, { publicBaseUrl, close: async () => undefined });
  const faulting = Object.fromEntries(
    Object.entries(store).map(([name, method]) => [
      name,
      (...args: unknown[]) => (outage && name !== 'close' ? Promise.reject(new DatabaseUnavailableError(new Error('connection lost'))) : (method as (...a: unknown[]) => unknown)(...args)),
    ]),
  ) as unknown as Store;
  return { store: faulting, down: async () => void (outage = true), up: async () => void (outage = false) };
}

let service: RunningService | null = null;
let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await service?.close();
  service = null;
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

describe(`the database restarting under a running instance (${process.env.DATABASE_URL ? 'PostgreSQL behind a TCP hop' : 'PGlite, a store failing as on a lost connection'})`, () => {
  it('answers 503 problem JSON quickly while the database is away, and recovers without a restart', async () => {
    const testStore = await createTestStore();
    cleanups.push(() => testStore.close());
    let outage: { down(): Promise<void>; up(): Promise<void> };
    if (testStore.databaseUrl) {
      const proxy = await startOutageProxy(new URL(testStore.databaseUrl));
      cleanups.push(() => proxy.close());
      outage = proxy;
      service = await startService({ databaseUrl: proxy.url(), shipAfterSeconds: 0.2, deliverAfterSeconds: 0.2, webhookPollIntervalMs: 50 });
    } else {
      let faultable: ReturnType<typeof faultableStore> | null = null;
      service = await startService({
        shipAfterSeconds: 0.2,
        deliverAfterSeconds: 0.2,
        webhookPollIntervalMs: 50,
        openStore: async ({ publicBaseUrl }) => {
          faultable = faultableStore(testStore, publicBaseUrl);
          return { store: faultable.store, seeded: false, demoCredentials: testStore.demoCredentials };
        },
      });
      outage = faultable!;
    }
    const key = testStore.demoCredentials.buyers[0]!.api_key;
    const get = async (path: string) => {
      const started = Date.now();
      const response = await fetch(`${service!.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
      return { status: response.status, type: response.headers.get('content-type'), body: await response.text(), ms: Date.now() - started };
    };
    expect((await get('/orders?per_page=1')).status).toBe(200);

    await outage.down();
    for (const path of ['/orders?per_page=1', '/products?per_page=2', '/account', '/health/ready']) {
      const answer = await get(path);
      expect(answer.status, `${path}: ${answer.body}`).toBe(503);
      expect(answer.type).toMatch(/^application\/problem\+json/);
      expect(Problem.parse(JSON.parse(answer.body))).toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(answer.ms).toBeLessThan(8_000);
    }
    expect((await get('/health/live')).status).toBe(200);

    await outage.up();
    const recovered = await waitFor(async () => {
      const answer = await get('/orders?per_page=1');
      return answer.status === 200 && answer;
    }, 15_000);
    expect(recovered.status).toBe(200);
    expect((await get('/health/ready')).status).toBe(200);
  });
});
