import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CreatedWebhook, Order, WebhookDelivery } from '../../../shared';
import { createWebhookDispatcher, type WebhookDispatcher } from '../../../server/webhooks/dispatcher';
import { verify } from '../../../server/webhooks/signing';
import { expectProblem, orderBodyFor, orderableProduct, startHarness, type Harness } from '../http/harness';
import { startReceiver, waitFor } from './receiver';

let harness: Harness;
let dispatcher: WebhookDispatcher;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let productIndex = 0;

beforeAll(async () => {
  harness = await startHarness({ onOrderEvent: async () => dispatcher.wake() });
  dispatcher = createWebhookDispatcher({ store: harness.testStore.store, mode: 'sandbox', pollIntervalMs: 25, retryBaseMs: 40, maxAttempts: 3, timeoutMs: 2_000 });
  receiver = await startReceiver();
});
afterAll(async () => {
  await dispatcher?.stop();
  await receiver?.close();
  await harness?.close();
});
afterEach(async () => {
  await dispatcher.stop();
});

async function register(path: string, events = ['order.confirmed', 'order.shipped', 'order.delivered'], key = harness.buyerA.api_key) {
  const result = await harness.request('POST', '/webhooks', { key, body: { url: receiver.url(path), events } });
  expect(result.status, result.text).toBe(201);
  return CreatedWebhook.parse(result.json);
}

async function placeOrder(key = harness.buyerA.api_key) {
  const product = await orderableProduct(harness, productIndex++);
  const result = await harness.request('POST', '/orders', { key, body: orderBodyFor(product) });
  expect(result.status, result.text).toBe(201);
  return Order.parse(result.json);
}

const deliveriesTo = (path: string) => receiver.received.filter((delivery) => delivery.path === path);

describe('webhook deliveries to a real receiver', () => {
  it('order.confirmed arrives signed per Standard Webhooks, with the order as data', async () => {
    const webhook = await register('/signed');
    dispatcher.start();
    const order = await placeOrder();
    const [delivery] = await waitFor(() => deliveriesTo('/signed').length > 0 && deliveriesTo('/signed'));
    const headers = delivery?.headers ?? {};
    const id = headers['webhook-id'] as string;
    const timestamp = headers['webhook-timestamp'] as string;
    const signature = headers['webhook-signature'] as string;
    expect(headers['content-type']).toBe('application/json');
    expect(timestamp).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(30);
    const body = delivery?.body ?? '';
    expect(verify(webhook.secret, { id, timestamp, signature }, body, new Date())).toBe(true);
    const independent = createHmac('sha256', Buffer.from(webhook.secret.slice('whsec_'.length), 'base64')).update(`${id}.${timestamp}.${body}`).digest('base64');
    expect(signature).toBe(`v1,${independent}`);
    const payload = WebhookDelivery.parse(JSON.parse(body));
    expect(payload.type).toBe('order.confirmed');
    expect(Order.parse(payload.data)).toEqual(order);
  });

  it('a failing receiver gets retries with the same id and signature until it accepts; each attempt is logged', async () => {
    const webhook = await register('/flaky', ['order.confirmed']);
    receiver.answerNext('/flaky', 500, 503);
    dispatcher.start();
    await placeOrder();
    const attempts = await waitFor(() => deliveriesTo('/flaky').length >= 3 && deliveriesTo('/flaky'));
    expect(attempts.map((attempt) => attempt.answeredWith)).toEqual([500, 503, 204]);
    expect(new Set(attempts.map((attempt) => attempt.headers['webhook-id'])).size).toBe(1);
    expect(new Set(attempts.map((attempt) => attempt.body)).size).toBe(1);
    const log = await waitFor(async () => {
      const entries = await harness.testStore.store.deliveryLog(webhook.id, 10);
      return entries.length >= 3 && entries;
    });
    expect(log.map((entry) => [entry.ok, entry.statusCode])).toEqual([
      [true, 204],
      [false, 503],
      [false, 500],
    ]);
    expect(log[0]?.nextAttemptAt).toBeNull();
    expect(log[1]?.nextAttemptAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(deliveriesTo('/flaky')).toHaveLength(3);
  });

  it('gives up after the maximum number of attempts', async () => {
    const webhook = await register('/down', ['order.confirmed']);
    receiver.answerNext('/down', 500, 500, 500, 500, 500);
    dispatcher.start();
    await placeOrder();
    await waitFor(() => deliveriesTo('/down').length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(deliveriesTo('/down')).toHaveLength(3);
    const log = await harness.testStore.store.deliveryLog(webhook.id, 10);
    expect(log).toHaveLength(3);
    expect(log[0]).toMatchObject({ ok: false, nextAttemptAt: null });
  });

  it('a deleted registration receives nothing, even for an event queued before the delete', async () => {
    const webhook = await register('/deleted', ['order.confirmed']);
    await placeOrder();
    const deleted = await harness.request('DELETE', `/webhooks/${webhook.id}`);
    expect(deleted.status).toBe(200);
    await placeOrder();
    await dispatcher.runOnce();
    expect(deliveriesTo('/deleted')).toHaveLength(0);
    expect(await harness.testStore.store.deliveryLog(webhook.id, 10)).toHaveLength(0);
  });

  it('only subscribed events and only the owning account', async () => {
    await register('/shipped-only', ['order.shipped']);
    await register('/other-account', ['order.confirmed'], harness.buyerB.api_key);
    await placeOrder();
    await dispatcher.runOnce();
    expect(deliveriesTo('/shipped-only')).toHaveLength(0);
    expect(deliveriesTo('/other-account')).toHaveLength(0);
    await placeOrder(harness.buyerB.api_key);
    await dispatcher.runOnce();
    expect(deliveriesTo('/other-account')).toHaveLength(1);
  });
});

describe('production mode', () => {
  let production: Harness;
  beforeAll(async () => {
    production = await startHarness({ mode: 'production' });
  });
  afterAll(async () => {
    await production?.close();
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://[::1]/hook',
    'http://10.0.0.5/hook',
    'http://169.254.169.254/hook',
    // loopback in IPv6 clothing: compatible, NAT64, 6to4, translated, Teredo
    'http://[::127.0.0.1]/hook',
    'http://[64:ff9b::7f00:1]/hook',
    'http://[2002:7f00:1::]/hook',
    'http://[::ffff:0:127.0.0.1]/hook',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook',
  ])(
    'refuses to register %s (422 pointing at /url) and stores nothing',
    async (url) => {
      const before = await production.testStore.store.listWebhooks(production.buyerA.account_id);
      const problem = expectProblem(await production.request('POST', '/webhooks', { body: { url, events: ['order.shipped'] } }), 422, 'validation_failed');
      expect(problem.errors?.[0]?.pointer).toBe('/url');
      expect(await production.testStore.store.listWebhooks(production.buyerA.account_id)).toEqual(before);
    },
  );

  it('accepts a public https URL', async () => {
    const result = await production.request('POST', '/webhooks', { body: { url: 'https://hooks.example.com/in', events: ['order.shipped'] } });
    expect(result.status).toBe(201);
  });

  it('refuses at delivery time too, after DNS resolution, logging the refusal', async () => {
    const viaName = await register('/by-name', ['order.confirmed']);
    await harness.testStore.store.deleteWebhook(harness.buyerA.account_id, viaName.id);
    const created = await harness.request('POST', '/webhooks', {
      body: { url: receiver.url('/by-name').replace('127.0.0.1', 'localhost'), events: ['order.confirmed'] },
    });
    const byName = CreatedWebhook.parse(created.json);
    const literal = await register('/literal', ['order.confirmed']);
    const strict = createWebhookDispatcher({ store: harness.testStore.store, mode: 'production', retryBaseMs: 60_000, timeoutMs: 2_000 });
    await placeOrder();
    await strict.runOnce();
    expect(deliveriesTo('/by-name')).toHaveLength(0);
    expect(deliveriesTo('/literal')).toHaveLength(0);
    const [nameAttempt] = await harness.testStore.store.deliveryLog(byName.id, 1);
    expect(nameAttempt).toMatchObject({ ok: false, statusCode: null });
    expect(nameAttempt?.error).toMatch(/non-public address/);
    const [literalAttempt] = await harness.testStore.store.deliveryLog(literal.id, 1);
    expect(literalAttempt?.error).toMatch(/non-public address 127\.0\.0\.1/);
  });

  it('a delivery refused because its target is not public is given up at once with the reason, never retried', async () => {
    const refusedHook = await register('/refused-final', ['order.confirmed']);
    const strict = createWebhookDispatcher({ store: harness.testStore.store, mode: 'production', retryBaseMs: 1, timeoutMs: 2_000 });
    await placeOrder();
    await strict.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await strict.runOnce();
    const page = await harness.testStore.store.listDeliveryRecords(harness.buyerA.account_id, refusedHook.id, { page: 1, per_page: 10 });
    await harness.testStore.store.deleteWebhook(harness.buyerA.account_id, refusedHook.id);
    expect(page?.data).toHaveLength(1);
    expect(page?.data[0]).toMatchObject({ state: 'failed', attempts: 1, next_retry_at: null, status_code: null });
    expect(page?.data[0]?.error).toMatch(/non-public address 127\.0\.0\.1/);
    expect(deliveriesTo('/refused-final')).toHaveLength(0);
  });

  it('refuses at delivery time a name whose DNS answer is loopback in IPv6 clothing', async () => {
    const local = new URL(receiver.url('/'));
    const created = await harness.request('POST', '/webhooks', {
      body: { url: `http://hooks.example.com:${local.port}/dressed`, events: ['order.confirmed'] },
    });
    const dressed = CreatedWebhook.parse(created.json);
    const asked: string[] = [];
    const strict = createWebhookDispatcher({
      store: harness.testStore.store,
      mode: 'production',
      retryBaseMs: 60_000,
      timeoutMs: 2_000,
      resolve: async (name) => (asked.push(name), [{ address: '::ffff:127.0.0.1', family: 6 }]),
    });
    await placeOrder();
    await strict.runOnce();
    await harness.testStore.store.deleteWebhook(harness.buyerA.account_id, dressed.id);
    expect(asked).toContain('hooks.example.com');
    expect(deliveriesTo('/dressed')).toHaveLength(0);
    const [attempt] = await harness.testStore.store.deliveryLog(dressed.id, 1);
    expect(attempt).toMatchObject({ ok: false, statusCode: null });
    expect(attempt?.error).toMatch(/non-public address ::ffff:127\.0\.0\.1/);
  });
});
