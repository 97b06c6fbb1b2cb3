import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../electron/core/api';
import { createOutbox, outboxFileIn, type Outbox } from '../../../electron/core/outbox';
import type { OutboxEntry } from '../../../shared/bridge';
import { orderCount, orderableBody, startRealService, type RealService } from '../api/real-service-harness';

let real: RealService;
let reader: ServiceClient;
let accountId: string;
const folders: string[] = [];

beforeAll(async () => {
  real = await startRealService();
  reader = createServiceClient({ baseUrl: real.baseUrl, getApiKey: () => real.apiKey });
  const account = await reader.call('getAccount');
  if (!account.ok || account.notModified) throw new Error('no account');
  accountId = account.data.id;
});
afterAll(async () => {
  await real?.stop();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function outboxFolder() {
  const folder = await mkdtemp(path.join(tmpdir(), 'caseworks-h3-outbox-'));
  folders.push(folder);
  return folder;
}

/** Waits (in real time, the outbox's own retry timers) until the condition holds. */
async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function outboxWith(dataDir: string, fetchImpl: typeof fetch, retryDelayMs = 10): Promise<Outbox> {
  const client = createServiceClient({ baseUrl: real.baseUrl, getApiKey: () => real.apiKey, fetch: fetchImpl, maxAttempts: 1 });
  return createOutbox({
    storage: outboxFileIn(dataDir),
    currentAccountId: () => accountId,
    send: (entry: OutboxEntry) => client.call('createOrder', { body: entry.order, idempotencyKey: entry.idempotencyKey }),
    retry: { baseDelayMs: retryDelayMs, maxDelayMs: retryDelayMs * 2, minDelayMs: retryDelayMs / 2 },
  });
}

describe('outbox against the real service', () => {
  it('places an order exactly once when the process dies after the request was sent but before the answer', async () => {
    const folder = await outboxFolder();
    const before = await orderCount(reader);
    let requestDelivered!: () => void;
    const delivered = new Promise<void>((resolve) => (requestDelivered = resolve));
    const dyingFetch: typeof fetch = async (input, init) => {
      await fetch(input, init);
      requestDelivered();
      return new Promise<Response>(() => undefined);
    };
    const crashed = await outboxWith(folder, dyingFetch);
    const submitted = await crashed.submit([{ order: await orderableBody(reader), supplierName: 'Demo', estimatedTotalCents: 1 }]);
    expect(submitted.ok).toBe(true);
    await delivered;
    expect(await orderCount(reader)).toBe(before + 1);

    const restarted = await outboxWith(folder, fetch);
    await restarted.whenIdle();
    const [entry] = restarted.list();
    expect(entry?.state).toBe('confirmed');
    expect(entry?.idempotencyKey).toBe(submitted.ok ? submitted.data[0]?.idempotencyKey : 'missing');
    expect(await orderCount(reader)).toBe(before + 1);
    await restarted.close();
  });

  it('places an order exactly once when the connection drops after the request reached the service', async () => {
    const folder = await outboxFolder();
    const before = await orderCount(reader);
    let drops = 1;
    const droppingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (drops > 0) {
        drops -= 1;
        await response.body?.cancel();
        throw new TypeError('fetch failed');
      }
      return response;
    };
    const outbox = await outboxWith(folder, droppingFetch);
    await outbox.submit([{ order: await orderableBody(reader), supplierName: 'Demo', estimatedTotalCents: 1 }]);
    await until(() => outbox.list()[0]?.state === 'confirmed');
    expect(outbox.list()[0]).toMatchObject({ state: 'confirmed', attempts: 2, lastError: null });
    expect(await orderCount(reader)).toBe(before + 1);
    await outbox.close();
  });

  it('holds an order written offline and sends it once when the network returns, past a rejected one', async () => {
    const folder = await outboxFolder();
    const before = await orderCount(reader);
    let online = false;
    const switchableFetch: typeof fetch = async (input, init) => {
      if (!online) throw new TypeError('fetch failed');
      return fetch(input, init);
    };
    const outbox = await outboxWith(folder, switchableFetch, 600_000);
    const good = await orderableBody(reader);
    const impossible = { ...good, items: [{ product_id: good.items[0]!.product_id, quantity: 99_999 }] };
    await outbox.submit([
      { order: impossible, supplierName: 'Demo', estimatedTotalCents: 1 },
      { order: good, supplierName: 'Demo', estimatedTotalCents: 1 },
    ]);
    await outbox.whenIdle();
    expect(outbox.list().map((entry) => entry.state)).toEqual(['queued', 'queued']);
    online = true;
    outbox.kick();
    await outbox.whenIdle();
    const [rejected, placed] = outbox.list();
    expect(rejected).toMatchObject({ state: 'needs_review', review: { code: 'insufficient_inventory' } });
    expect(placed?.state).toBe('confirmed');
    expect(await orderCount(reader)).toBe(before + 1);
    await outbox.close();
  });
});
