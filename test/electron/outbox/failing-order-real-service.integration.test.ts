import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../electron/core/api';
import { createOutbox, MAX_ORDER_FAILURES, outboxFileIn, type Outbox } from '../../../electron/core/outbox';
import type { CreateOrderBody } from '../../../shared';
import type { OutboxEntry } from '../../../shared/bridge';
import { orderCount, orderableBody, startRealService, type RealService } from '../api/real-service-harness';
import { startFaultyProxy, type Fault, type FaultyProxy } from './faulty-proxy';

let real: RealService;
let reader: ServiceClient;
let accountId: string;
let base: CreateOrderBody;
const folders: string[] = [];
let running: { outbox: Outbox; proxy: FaultyProxy } | null = null;

beforeAll(async () => {
  real = await startRealService();
  reader = createServiceClient({ baseUrl: real.baseUrl, getApiKey: () => real.apiKey });
  const account = await reader.call('getAccount');
  if (!account.ok || account.notModified) throw new Error('no account');
  accountId = account.data.id;
  base = await orderableBody(reader);
});
afterEach(async () => {
  await running?.outbox.close();
  await running?.proxy.close();
  running = null;
});
afterAll(async () => {
  await real?.stop();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** Waits in real time (the outbox's own timers run) until the condition holds. */
async function until(condition: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * An outbox sending through a proxy that treats the orders whose notes carry `marker` as `plan`
 * says, with short retry timings. `changes` keeps every state the outbox reported, in order.
 */
async function outboxBehindProxy(marker: string, plan: (attempt: number) => Fault) {
  const folder = await mkdtemp(path.join(tmpdir(), 'caseworks-failing-order-'));
  folders.push(folder);
  const proxy = await startFaultyProxy(real.baseUrl, (body) => body.includes(marker), plan);
  const client = createServiceClient({ baseUrl: proxy.baseUrl, getApiKey: () => real.apiKey, maxAttempts: 1 });
  const changes: OutboxEntry[][] = [];
  const outbox = await createOutbox({
    storage: outboxFileIn(folder),
    currentAccountId: () => accountId,
    send: (entry: OutboxEntry) => client.call('createOrder', { body: entry.order, idempotencyKey: entry.idempotencyKey }),
    onChange: (entries) => changes.push(entries),
    retry: { baseDelayMs: 100, maxDelayMs: 400, minDelayMs: 50 },
  });
  running = { outbox, proxy };
  return { outbox, proxy, changes };
}

/** The service's own orders created since `since` whose notes are `notes`. */
async function serviceOrdersWithNotes(since: string, notes: string): Promise<string[]> {
  const listed = await reader.call('listOrders', { query: { per_page: 100 } });
  if (!listed.ok || listed.notModified) throw new Error('could not list orders');
  const recent = listed.data.data.filter((order) => order.created_at >= since);
  const found: string[] = [];
  for (const item of recent) {
    const order = await reader.call('getOrder', { params: { id: item.id } });
    if (!order.ok || order.notModified) throw new Error('could not read an order');
    if (order.data.buyer_notes === notes) found.push(order.data.id);
  }
  return found;
}

const drafts = (notes: string[]) => notes.map((buyer_notes) => ({ order: { ...base, buyer_notes }, supplierName: 'Demo', estimatedTotalCents: 1 }));
const find = (entries: OutboxEntry[], notes: string) => entries.find((entry) => entry.order.buyer_notes === notes);
const byNotes = (outbox: Outbox, notes: string) => find(outbox.list(), notes);

describe('outbox behind a proxy that fails one order with 503, against the real service', () => {
  it('confirms the healthy orders while the failing one waits, then places the failing one exactly once after recovery', async () => {
    const since = new Date(Date.now() - 1_000).toISOString();
    const marker = `fail-me-${Date.now()}`;
    // Two 503s, then the gateway loses an answer (the order reaches the service, the app sees 503), then it recovers.
    const plan = (attempt: number): Fault => (attempt <= 2 ? 'fail' : attempt === 3 ? 'forward-then-fail' : 'pass');
    const { outbox, proxy, changes } = await outboxBehindProxy(marker, plan);
    const before = await orderCount(reader);
    await outbox.submit(drafts([marker, 'healthy one', 'healthy two']));

    await until(() => byNotes(outbox, marker)?.state === 'confirmed');
    const healthyDone = changes.find((entries) => find(entries, 'healthy one')?.state === 'confirmed' && find(entries, 'healthy two')?.state === 'confirmed');
    expect(healthyDone).toBeDefined();
    // When both healthy orders were confirmed, the failing one was still on its way (it needs four tries).
    expect(find(healthyDone ?? [], marker)?.state).toMatch(/^(queued|sending)$/);
    expect(find(healthyDone ?? [], marker)?.failures).toBeGreaterThanOrEqual(1);
    expect(proxy.forwarded.filter((request) => !request.matches)).toHaveLength(2);

    const failing = byNotes(outbox, marker);
    expect(proxy.failedAt).toHaveLength(3);
    expect(failing).toMatchObject({ state: 'confirmed', attempts: 4, failures: 3 });
    expect(await orderCount(reader)).toBe(before + 3);
    expect(await serviceOrdersWithNotes(since, marker)).toEqual([failing?.confirmed?.id]);
    expect(await serviceOrdersWithNotes(since, 'healthy one')).toHaveLength(1);
    expect(await serviceOrdersWithNotes(since, 'healthy two')).toHaveLength(1);
  });

  it('moves the failing order to needs_review after a bounded number of 503s, and Send again places it once with the same key', async () => {
    const since = new Date(Date.now() - 1_000).toISOString();
    const marker = `fail-always-${Date.now()}`;
    let recovered = false;
    const { outbox, proxy } = await outboxBehindProxy(marker, () => (recovered ? 'pass' : 'fail'));
    const before = await orderCount(reader);
    const submitted = await outbox.submit(drafts([marker, 'healthy three']));
    const key = submitted.ok ? submitted.data[0]?.idempotencyKey : 'missing';

    await until(() => byNotes(outbox, marker)?.state === 'needs_review');
    expect(proxy.failedAt).toHaveLength(MAX_ORDER_FAILURES);
    expect(byNotes(outbox, 'healthy three')?.state).toBe('confirmed');
    expect(byNotes(outbox, marker)?.review).toMatchObject({
      kind: 'failed',
      message: `The service failed on this order ${MAX_ORDER_FAILURES} times; it was not placed. You can send it again or discard it.`,
    });
    expect(await orderCount(reader)).toBe(before + 1);

    recovered = true;
    const again = await outbox.retry(byNotes(outbox, marker)?.id ?? '');
    expect(again.ok && again.data.idempotencyKey).toBe(key);
    await until(() => byNotes(outbox, marker)?.state === 'confirmed');
    expect(await orderCount(reader)).toBe(before + 2);
    expect(await serviceOrdersWithNotes(since, marker)).toEqual([byNotes(outbox, marker)?.confirmed?.id]);
  });
});
