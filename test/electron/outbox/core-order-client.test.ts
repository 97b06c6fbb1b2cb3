import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCaseworksCore, type CaseworksCoreHandle } from '../../../electron/app/app-core';
import type { BridgeInput, BridgeMethod, BridgeOutput } from '../../../shared/bridge/contract';
import type { BridgeResult } from '../../../shared/bridge/result';
import { inProcessEmbeddedService } from '../../support/embedded-service-in-process';
import { createTestPlatform } from '../../support/fake-core';

const MARKER = 'gateway-fails-this-order';
const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-core-outbox-'));
/** Order POSTs carrying the marker, each answered 503 by a "gateway" in front of the service. */
let failedPosts = 0;
const gatewayFetch: typeof fetch = async (input, init) => {
  const isOrder = init?.method === 'POST' && String(input).endsWith('/orders');
  if (isOrder && typeof init?.body === 'string' && init.body.includes(MARKER)) {
    failedPosts += 1;
    return new Response('<h1>503 Service Unavailable</h1>', { status: 503, headers: { 'content-type': 'text/html' } });
  }
  return globalThis.fetch(input, init);
};
let core: CaseworksCoreHandle;

async function data<M extends BridgeMethod>(method: M, input?: BridgeInput<M>): Promise<BridgeOutput<M>> {
  const result = (await core.dispatcher.dispatch(method, input)) as BridgeResult<BridgeOutput<M>>;
  if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
  return result.data;
}

beforeAll(async () => {
  const embedded = await inProcessEmbeddedService({ dataDir, catalogSize: 120, shipAfterSeconds: 3600, deliverAfterSeconds: 3600 });
  core = createCaseworksCore(createTestPlatform({ dataDir, now: () => new Date(), fetch: gatewayFetch }), {
    startEmbedded: embedded.start,
    syncIntervalMs: 0,
    // The client's own retries for reads; the outbox must not use them for orders.
    client: { timeoutMs: 3_000, maxAttempts: 4, baseDelayMs: 20, maxDelayMs: 50 },
  });
  await core.ready;
  await core.whenIdle();
});
afterAll(async () => {
  await core?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the core’s outbox', () => {
  it('makes one request per attempt of an order, so the outbox alone decides when a failing order is tried again', async () => {
    const product = (await data('searchCatalog', { inStock: true, limit: 50 })).items.find(
      (candidate) => candidate.inventory_available >= candidate.minimum_order,
    )!;
    const order = {
      supplier_id: product.supplier.id,
      items: [{ product_id: product.id, quantity: product.minimum_order }],
      shipping_address: { street1: '1 Vine St', city: 'Napa', state: 'CA' as const, zip: '94558' },
      buyer_notes: MARKER,
    };
    const [queued] = await data('submitOrders', { drafts: [{ order, supplierName: product.supplier.name, estimatedTotalCents: 1 }] });
    await vi.waitFor(async () => {
      const entry = (await data('listOutbox')).entries.find((candidate) => candidate.id === queued!.id);
      expect(entry).toMatchObject({ state: 'queued', failures: 1 });
    }, { timeout: 10_000, interval: 20 });
    const entry = (await data('listOutbox')).entries.find((candidate) => candidate.id === queued!.id);
    expect(failedPosts).toBe(entry?.attempts);
    await data('discardOutboxEntry', { id: queued!.id }).catch(() => undefined);
  });
});
