import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Webhook } from '../../../shared';
import { webhooks } from '../../../server/db/schema';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { buyers } from './helpers';

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
  return testStore.store.createWebhook(accountId, { url, events }, `whsec_${accountId}`, now);
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

describe('webhook deliveries', () => {
  it('hands out due deliveries, logs attempts and stops when delivered or given up', async () => {
    const hook = await register(a.accountId, ['order.confirmed'], 'http://127.0.0.1:9/deliveries');
    const body = JSON.stringify({ type: 'order.confirmed', timestamp: now.toISOString(), data: { id: 'ord_x' } });
    const base = { webhookId: hook.id, url: hook.url, secret: 'ignored', eventType: 'order.confirmed' as const, body };
    await testStore.store.enqueueDeliveries([
      { ...base, nextAttemptAt: later(0) },
      { ...base, nextAttemptAt: later(60) },
    ]);
    const dueNow = (await testStore.store.dueDeliveries(new Date(later(1)), 100)).filter((delivery) => delivery.webhookId === hook.id);
    expect(dueNow).toHaveLength(1);
    expect(dueNow[0]).toMatchObject({ url: hook.url, secret: `whsec_${a.accountId}`, body, attempts: 0, eventType: 'order.confirmed', nextAttemptAt: later(0) });
    const first = dueNow[0]!;

    await testStore.store.recordDeliveryAttempt({ deliveryId: first.id, at: later(1), ok: false, statusCode: 503, error: 'HTTP 503', nextAttemptAt: later(30) });
    const dueAfterFailure = (await testStore.store.dueDeliveries(new Date(later(2)), 100)).filter((delivery) => delivery.id === first.id);
    expect(dueAfterFailure).toHaveLength(0);
    const retry = (await testStore.store.dueDeliveries(new Date(later(30)), 100)).find((delivery) => delivery.id === first.id);
    expect(retry).toMatchObject({ attempts: 1, nextAttemptAt: later(30) });

    await testStore.store.recordDeliveryAttempt({ deliveryId: first.id, at: later(31), ok: true, statusCode: 204, error: null, nextAttemptAt: null });
    const both = (await testStore.store.dueDeliveries(new Date(later(3_600)), 100)).filter((delivery) => delivery.webhookId === hook.id);
    expect(both.map((delivery) => delivery.id)).not.toContain(first.id);
    expect(both).toHaveLength(1);

    await testStore.store.recordDeliveryAttempt({ deliveryId: both[0]!.id, at: later(61), ok: false, statusCode: null, error: 'connection refused', nextAttemptAt: null });
    expect((await testStore.store.dueDeliveries(new Date(later(7_200)), 100)).filter((delivery) => delivery.webhookId === hook.id)).toHaveLength(0);

    const log = await testStore.store.deliveryLog(hook.id, 10);
    expect(log.map((entry) => [entry.at, entry.ok, entry.statusCode, entry.error, entry.eventType])).toEqual([
      [later(61), false, null, 'connection refused', 'order.confirmed'],
      [later(31), true, 204, null, 'order.confirmed'],
      [later(1), false, 503, 'HTTP 503', 'order.confirmed'],
    ]);
    expect(log[2]!.nextAttemptAt).toBe(later(30));
    expect(await testStore.store.deliveryLog(hook.id, 2)).toHaveLength(2);
  });

  it('delivers nothing to a registration that was deleted or made inactive', async () => {
    const deleted = await register(a.accountId, ['order.shipped'], 'http://127.0.0.1:9/gone');
    const inactive = await register(a.accountId, ['order.shipped'], 'http://127.0.0.1:9/paused');
    const delivery = (webhookId: string) => ({ webhookId, url: 'x', secret: 'x', eventType: 'order.shipped' as const, body: '{}', nextAttemptAt: later(0) });
    await testStore.store.enqueueDeliveries([delivery(deleted.id), delivery(inactive.id)]);
    const dueBefore = (await testStore.store.dueDeliveries(new Date(later(1)), 1_000)).map((entry) => entry.webhookId);
    expect(dueBefore).toEqual(expect.arrayContaining([deleted.id, inactive.id]));

    await testStore.store.deleteWebhook(a.accountId, deleted.id);
    await testStore.db.update(webhooks).set({ active: false }).where(eq(webhooks.id, inactive.id));
    const dueAfter = (await testStore.store.dueDeliveries(new Date(later(1)), 1_000)).map((entry) => entry.webhookId);
    expect(dueAfter).not.toContain(deleted.id);
    expect(dueAfter).not.toContain(inactive.id);
  });

  it('ignores an attempt for an unknown delivery', async () => {
    await expect(
      testStore.store.recordDeliveryAttempt({ deliveryId: 'dlv_unknown', at: later(0), ok: true, statusCode: 200, error: null, nextAttemptAt: null }),
    ).resolves.toBeUndefined();
  });
});
