import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Webhook } from '../../../shared';
import { webhooks } from '../../../server/db/schema';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { buyers, createdWebhook } from './helpers';

let testStore: TestStore;
let a: ReturnType<typeof buyers>['a'];
let b: ReturnType<typeof buyers>['b'];
beforeAll(async () => {
  testStore = await createTestStore();
  ({ a, b } = buyers(testStore));
});
afterAll(() => testStore?.close());

const now = new Date('2026-11-22T10:00:00.000Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
const ALL_EVENTS = ['order.confirmed', 'order.shipped', 'order.delivered'] as const;

async function register(accountId: string, events: Array<(typeof ALL_EVENTS)[number]> = [...ALL_EVENTS], url = 'http://127.0.0.1:9/hook') {
  return createdWebhook(await testStore.store.createWebhook(accountId, { url, events }, `whsec_${accountId}`, now));
}

describe('webhook registrations', () => {
  it('creates, lists and deletes an account’s own registrations only', async () => {
    const seeded = await testStore.store.listWebhooks(a.accountId);
    expect(seeded).toHaveLength(1);
    const created = await register(a.accountId, ['order.shipped']);
    expect(Webhook.strict().parse(created)).toEqual({ id: created.id, url: 'http://127.0.0.1:9/hook', events: ['order.shipped'], active: true, created_at: now.toISOString() });
    expect((await testStore.store.listWebhooks(a.accountId)).map((webhook) => webhook.id)).toContain(created.id);
    expect((await testStore.store.listWebhooks(b.accountId)).map((webhook) => webhook.id)).not.toContain(created.id);

    expect(await testStore.store.deleteWebhook(b.accountId, created.id)).toBe(false);
    expect(await testStore.store.deleteWebhook(a.accountId, created.id)).toBe(true);
    expect(await testStore.store.deleteWebhook(a.accountId, created.id)).toBe(false);
    expect(await testStore.store.deleteWebhook(a.accountId, 'wh_unknown')).toBe(false);
    expect((await testStore.store.listWebhooks(a.accountId)).map((webhook) => webhook.id)).not.toContain(created.id);
  });

  it('targets only active registrations of the account that subscribe to the event', async () => {
    const shippedOnly = await register(b.accountId, ['order.shipped'], 'http://127.0.0.1:9/shipped');
    const inactive = await register(b.accountId, ['order.shipped'], 'http://127.0.0.1:9/inactive');
    await testStore.db.update(webhooks).set({ active: false }).where(eq(webhooks.id, inactive.id));
    const deleted = await register(b.accountId, ['order.shipped'], 'http://127.0.0.1:9/deleted');
    await testStore.store.deleteWebhook(b.accountId, deleted.id);

    const shippedTargets = await testStore.store.webhookTargets(b.accountId, 'order.shipped');
    const ids = shippedTargets.map((target) => target.id);
    expect(ids).toContain(shippedOnly.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(deleted.id);
    const target = shippedTargets.find((entry) => entry.id === shippedOnly.id)!;
    expect(target).toMatchObject({ accountId: b.accountId, secret: `whsec_${b.accountId}`, url: 'http://127.0.0.1:9/shipped' });
    expect((await testStore.store.webhookTargets(b.accountId, 'order.delivered')).map((entry) => entry.id)).not.toContain(shippedOnly.id);
    expect((await testStore.store.webhookTargets(a.accountId, 'order.shipped')).map((entry) => entry.id)).not.toContain(shippedOnly.id);
  });
});

const policy = { maxAttempts: 4, retryBaseMs: 1_000, maxRetryDelayMs: 3_000 };
const claim = (seconds: number, instanceId = 'instance-a', limit = 1_000) =>
  testStore.store.claimDeliveries({ instanceId, now: new Date(later(seconds)), leaseMs: 60_000, limit });
const attempt = (deliveryId: string, seconds: number, ok: boolean, statusCode: number | null, error: string | null, instanceId = 'instance-a') =>
  testStore.store.recordDeliveryAttempt({ deliveryId, instanceId, at: later(seconds), ok, statusCode, error, policy });

describe('webhook deliveries', () => {
  it('claims due deliveries, logs attempts and stops when delivered', async () => {
    const hook = await register(a.accountId, ['order.confirmed'], 'http://127.0.0.1:9/deliveries');
    const body = JSON.stringify({ type: 'order.confirmed', timestamp: now.toISOString(), data: { id: 'ord_x' } });
    const base = { webhookId: hook.id, url: hook.url, secret: 'ignored', eventType: 'order.confirmed' as const, body };
    await testStore.store.enqueueDeliveries([
      { ...base, nextAttemptAt: later(0) },
      { ...base, nextAttemptAt: later(60) },
    ]);
    const dueNow = (await claim(1)).filter((delivery) => delivery.webhookId === hook.id);
    expect(dueNow).toHaveLength(1);
    expect(dueNow[0]).toMatchObject({ url: hook.url, secret: `whsec_${a.accountId}`, body, attempts: 0, eventType: 'order.confirmed', nextAttemptAt: later(0) });
    const first = dueNow[0]!;

    expect(await attempt(first.id, 1, false, 503, 'HTTP 503')).toEqual({ state: 'pending', attempts: 1, nextAttemptAt: later(2) });
    expect((await claim(1.5)).map((delivery) => delivery.id)).not.toContain(first.id);
    const retry = (await claim(2)).find((delivery) => delivery.id === first.id);
    expect(retry).toMatchObject({ attempts: 1, nextAttemptAt: later(2) });

    expect(await attempt(first.id, 3, true, 204, null)).toEqual({ state: 'delivered', attempts: 2, nextAttemptAt: null });
    const rest = (await claim(3_600)).filter((delivery) => delivery.webhookId === hook.id);
    expect(rest.map((delivery) => delivery.id)).not.toContain(first.id);
    expect(rest).toHaveLength(1);

    const log = await testStore.store.deliveryLog(hook.id, 10);
    expect(log.map((entry) => [entry.at, entry.ok, entry.statusCode, entry.error, entry.eventType, entry.nextAttemptAt])).toEqual([
      [later(3), true, 204, null, 'order.confirmed', null],
      [later(1), false, 503, 'HTTP 503', 'order.confirmed', later(2)],
    ]);
    expect(await testStore.store.deliveryLog(hook.id, 1)).toHaveLength(1);
  });

  it('computes the next delay and the give-up from the row: doubling from the base, capped, exactly maxAttempts attempts', async () => {
    const hook = await register(a.accountId, ['order.confirmed'], 'http://127.0.0.1:9/backoff');
    await testStore.store.enqueueDeliveries([{ webhookId: hook.id, url: hook.url, secret: 'x', eventType: 'order.confirmed', body: '{}', nextAttemptAt: later(0) }]);
    const outcomes = [];
    let at = 0;
    for (let round = 0; round < policy.maxAttempts; round += 1) {
      const [claimed] = (await claim(at)).filter((delivery) => delivery.webhookId === hook.id);
      expect(claimed?.attempts).toBe(round);
      const outcome = await attempt(claimed!.id, at, false, 500, 'HTTP 500');
      outcomes.push(outcome);
      at = outcome?.nextAttemptAt ? (Date.parse(outcome.nextAttemptAt) - now.getTime()) / 1000 : at;
    }
    // Delays of 1 s, 2 s, then the 3 s cap; the fourth failure gives up.
    expect(outcomes).toEqual([
      { state: 'pending', attempts: 1, nextAttemptAt: later(1) },
      { state: 'pending', attempts: 2, nextAttemptAt: later(3) },
      { state: 'pending', attempts: 3, nextAttemptAt: later(6) },
      { state: 'failed', attempts: 4, nextAttemptAt: null },
    ]);
    expect((await claim(100_000)).filter((delivery) => delivery.webhookId === hook.id)).toHaveLength(0);
  });

  it('a claimed delivery is no other instance’s until its lease runs out; a lost claim records nothing', async () => {
    const hook = await register(a.accountId, ['order.confirmed'], 'http://127.0.0.1:9/leases');
    await testStore.store.enqueueDeliveries([{ webhookId: hook.id, url: hook.url, secret: 'x', eventType: 'order.confirmed', body: '{}', nextAttemptAt: later(0) }]);
    const mine = (delivery: { webhookId: string }) => delivery.webhookId === hook.id;
    const [claimed] = (await claim(0, 'instance-a')).filter(mine);
    expect(claimed).toBeDefined();
    expect((await claim(59, 'instance-b')).filter(mine)).toHaveLength(0);
    // instance-a died: at 60 s its lease has run out and instance-b takes the delivery over.
    const [takenOver] = (await claim(60, 'instance-b')).filter(mine);
    expect(takenOver?.id).toBe(claimed!.id);
    expect(await attempt(claimed!.id, 61, true, 204, null, 'instance-a')).toBeNull();
    expect(await attempt(claimed!.id, 61, true, 204, null, 'instance-b')).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(await testStore.store.deliveryLog(hook.id, 10)).toHaveLength(1);
  });

  it('releasing gives an instance’s claims back at once', async () => {
    const hook = await register(a.accountId, ['order.confirmed'], 'http://127.0.0.1:9/release');
    await testStore.store.enqueueDeliveries([{ webhookId: hook.id, url: hook.url, secret: 'x', eventType: 'order.confirmed', body: '{}', nextAttemptAt: later(0) }]);
    const mine = (delivery: { webhookId: string }) => delivery.webhookId === hook.id;
    expect((await claim(0, 'stopping')).filter(mine)).toHaveLength(1);
    expect(await testStore.store.releaseDeliveries('stopping')).toBeGreaterThanOrEqual(1);
    expect((await claim(1, 'instance-b')).filter(mine)).toHaveLength(1);
  });

  it('delivers nothing to a registration that was deleted or made inactive', async () => {
    const deleted = await register(a.accountId, ['order.shipped'], 'http://127.0.0.1:9/gone');
    const inactive = await register(a.accountId, ['order.shipped'], 'http://127.0.0.1:9/paused');
    const delivery = (webhookId: string) => ({ webhookId, url: 'x', secret: 'x', eventType: 'order.shipped' as const, body: '{}', nextAttemptAt: later(100_000) });
    await testStore.store.enqueueDeliveries([delivery(deleted.id), delivery(inactive.id)]);
    await testStore.store.deleteWebhook(a.accountId, deleted.id);
    await testStore.db.update(webhooks).set({ active: false }).where(eq(webhooks.id, inactive.id));
    const due = (await claim(100_001)).map((entry) => entry.webhookId);
    expect(due).not.toContain(deleted.id);
    expect(due).not.toContain(inactive.id);
  });

  it('ignores an attempt for an unknown delivery', async () => {
    await expect(attempt('dlv_unknown', 0, true, 200, null)).resolves.toBeNull();
  });
});
