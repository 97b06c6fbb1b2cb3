import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CreatedWebhook, Order, Webhook, WebhookDeliveryRecord, paginated, type CatalogProduct } from '../../../shared';
import { verify } from '../../../server/webhooks/signing';
import { expectProblem, orderBodyFor, orderableProduct, startHarness, type Harness } from './harness';
import { startReceiver } from '../webhooks/receiver';

/**
 * The service's extensions over real HTTP (PGlite, or PostgreSQL when DATABASE_URL is set):
 * cancelling an order, a registration's deliveries, a test event, pausing and resuming.
 */

const DATABASE = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const TEST_TIMEOUT_MS = 400;
const DeliveryPage = paginated(WebhookDeliveryRecord);

let harness: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let product: CatalogProduct;

beforeAll(async () => {
  harness = await startHarness({ webhookTestTimeoutMs: TEST_TIMEOUT_MS });
  receiver = await startReceiver();
  product = await orderableProduct(harness, 3);
});

afterAll(async () => {
  await receiver?.close();
  await harness?.close();
});

const created: Array<{ id: string; key: string }> = [];
afterEach(async () => {
  for (const webhook of created.splice(0)) await harness.request('DELETE', `/webhooks/${webhook.id}`, { key: webhook.key });
});

async function placeOrder(key = harness.buyerA.api_key): Promise<Order> {
  const result = await harness.request('POST', '/orders', { key, body: orderBodyFor(product) });
  expect(result.status, result.text).toBe(201);
  return Order.parse(result.json);
}

async function stockOf(productId: string): Promise<number> {
  const result = await harness.request('GET', `/products/${productId}`);
  return (result.json as { inventory_available: number }).inventory_available;
}

async function register(events: string[], url: string, key = harness.buyerA.api_key): Promise<CreatedWebhook> {
  const result = await harness.request('POST', '/webhooks', { key, body: { url, events } });
  expect(result.status, result.text).toBe(201);
  const webhook = CreatedWebhook.parse(result.json);
  created.push({ id: webhook.id, key });
  return webhook;
}

async function deliveries(webhookId: string, query = '', key = harness.buyerA.api_key) {
  const result = await harness.request('GET', `/webhooks/${webhookId}/deliveries${query}`, { key });
  expect(result.status, result.text).toBe(200);
  return DeliveryPage.parse(result.json);
}

describe(`POST /orders/{id}/cancel over HTTP on ${DATABASE}`, () => {
  it('cancels a confirmed order: cancelled, cancelled_at, an order_cancelled entry, stock back, order.cancelled queued', async () => {
    const hook = await register(['order.cancelled'], receiver.url('/cancelled'));
    const shippedOnly = await register(['order.shipped'], receiver.url('/shipped'));
    const before = await stockOf(product.id);
    const order = await placeOrder();
    expect(await stockOf(product.id)).toBe(before - product.minimum_order);

    const result = await harness.request('POST', `/orders/${order.id}/cancel`);
    expect(result.status, result.text).toBe(200);
    const cancelled = Order.parse(result.json);
    expect(cancelled.id).toBe(order.id);
    expect(cancelled.status).toBe('cancelled');
    expect(Date.parse(cancelled.cancelled_at ?? '')).toBeGreaterThanOrEqual(Date.parse(order.created_at));
    expect(cancelled.timeline.map((entry) => entry.event)).toEqual(['order_placed', 'order_confirmed', 'order_cancelled']);
    expect(await stockOf(product.id)).toBe(before);

    // The order reads cancelled afterwards, in the list too, and the list filter knows the status.
    expect(Order.parse((await harness.request('GET', `/orders/${order.id}`)).json).status).toBe('cancelled');
    const listed = (await harness.request('GET', '/orders?status=cancelled&per_page=100')).json as { data: Array<{ id: string; status: string }> };
    expect(listed.data.find((item) => item.id === order.id)?.status).toBe('cancelled');

    const queued = await deliveries(hook.id);
    expect(queued.data).toHaveLength(1);
    expect(queued.data[0]).toMatchObject({ event: 'order.cancelled', order_id: order.id, state: 'pending', attempts: 0, status_code: null });
    expect((await deliveries(shippedOnly.id)).data).toHaveLength(0);
  });

  it('answers a cancelled order again, unchanged, with no second event and no second restock', async () => {
    const hook = await register(['order.cancelled'], receiver.url('/again'));
    const order = await placeOrder();
    const first = Order.parse((await harness.request('POST', `/orders/${order.id}/cancel`)).json);
    const stock = await stockOf(product.id);
    const again = await harness.request('POST', `/orders/${order.id}/cancel`);
    expect(again.status, again.text).toBe(200);
    expect(Order.parse(again.json)).toEqual(first);
    expect(await stockOf(product.id)).toBe(stock);
    expect((await deliveries(hook.id)).meta.total).toBe(1);
  });

  it('refuses a shipped or delivered order with 409 order_not_cancellable and changes nothing', async () => {
    const order = await placeOrder();
    const at = new Date();
    const shipment = { carrier: 'UPS', tracking_number: '1Z999', tracking_url: 'https://example.com/t/1Z999', estimated_delivery: '2030-01-01' };
    expect(await harness.testStore.store.markShipped(order.id, shipment, at)).not.toBeNull();
    const stock = await stockOf(product.id);
    const problem = expectProblem(await harness.request('POST', `/orders/${order.id}/cancel`), 409, 'order_not_cancellable');
    expect(problem.detail).toContain(order.order_number);
    expect(Order.parse((await harness.request('GET', `/orders/${order.id}`)).json).status).toBe('shipped');
    expect(await stockOf(product.id)).toBe(stock);

    expect(await harness.testStore.store.markDelivered(order.id, new Date(at.getTime() + 1000))).not.toBeNull();
    expectProblem(await harness.request('POST', `/orders/${order.id}/cancel`), 409, 'order_not_cancellable');
    expect(Order.parse((await harness.request('GET', `/orders/${order.id}`)).json).status).toBe('delivered');
  });

  it("answers 404 for another account's order, an unknown id and a malformed one, and 401 without a key", async () => {
    const order = await placeOrder(harness.buyerB.api_key);
    expectProblem(await harness.request('POST', `/orders/${order.id}/cancel`), 404, 'not_found');
    expect(Order.parse((await harness.request('GET', `/orders/${order.id}`, { key: harness.buyerB.api_key })).json).status).toBe('confirmed');
    expectProblem(await harness.request('POST', '/orders/ord_doesnotexist/cancel'), 404, 'not_found');
    expectProblem(await harness.request('POST', '/orders/not-an-id/cancel'), 404, 'not_found');
    expectProblem(await harness.request('POST', '/orders/ord_x/cancel?force=1'), 400, 'validation_failed');
    expectProblem(await harness.request('POST', `/orders/${order.id}/cancel`, { key: null }), 401, 'unauthorized');
    expectProblem(await harness.request('GET', `/orders/${order.id}/cancel`), 405, 'method_not_allowed');
  });

  it('a cancel racing the shipment ends in one state, never both: stock, timeline and events agree', { timeout: 60_000 }, async () => {
    const cancelHook = await register(['order.cancelled', 'order.shipped'], receiver.url('/race'));
    const rounds = 24;
    const outcomes = { cancelled: 0, shipped: 0 };
    for (let round = 0; round < rounds; round += 1) {
      const before = await stockOf(product.id);
      const order = await placeOrder();
      const at = new Date();
      const shipment = { carrier: 'UPS', tracking_number: `1Z${round}`, tracking_url: `https://example.com/t/${round}`, estimated_delivery: '2030-01-01' };
      // Half the rounds race the simulator's batch claim, half a direct move of this order; the
      // shipment starts at once or a few milliseconds after the cancel, so either may get there first.
      const head = round % 6;
      const cancelling = harness.request('POST', `/orders/${order.id}/cancel`);
      if (head > 0) await new Promise((resolve) => setTimeout(resolve, head * 2));
      const ship =
        round % 2 === 0
          ? harness.testStore.store.shipDueOrders(new Date(at.getTime() + 60_000), 500, () => shipment, at).then((moved) => moved.find((entry) => entry.order.id === order.id)?.order ?? null)
          : harness.testStore.store.markShipped(order.id, shipment, at);
      const [cancel, shipped] = await Promise.all([cancelling, ship]);
      const final = Order.parse((await harness.request('GET', `/orders/${order.id}`)).json);
      const events = final.timeline.map((entry) => entry.event);
      if (final.status === 'cancelled') {
        outcomes.cancelled += 1;
        expect(cancel.status).toBe(200);
        expect(shipped).toBeNull();
        expect(events).not.toContain('order_shipped');
        expect(events.filter((event) => event === 'order_cancelled')).toHaveLength(1);
        expect(final.tracking ?? null).toBeNull();
        expect(await stockOf(product.id)).toBe(before);
      } else {
        outcomes.shipped += 1;
        expect(final.status).toBe('shipped');
        expectProblem(cancel, 409, 'order_not_cancellable');
        expect(shipped?.status).toBe('shipped');
        expect(events).not.toContain('order_cancelled');
        expect(final.cancelled_at).toBeUndefined();
        expect(await stockOf(product.id)).toBe(before - product.minimum_order);
      }
      const forOrder = (await deliveries(cancelHook.id, '?per_page=100')).data.filter((delivery) => delivery.order_id === order.id);
      expect(forOrder.map((delivery) => delivery.event)).toEqual([final.status === 'cancelled' ? 'order.cancelled' : 'order.shipped']);
    }
    expect(outcomes.cancelled + outcomes.shipped).toBe(rounds);
    console.log(`cancel vs ship on ${DATABASE}: ${rounds} rounds, ${outcomes.cancelled} cancelled, ${outcomes.shipped} shipped`);
  });
});

describe(`webhook deliveries, test events, pause and resume over HTTP on ${DATABASE}`, () => {
  it('sends a signed webhook.test now and answers with the attempt; the list shows it, newest first, paginated', async () => {
    const hook = await register(['order.confirmed'], receiver.url('/test-ok'));
    receiver.answerNext('/test-fail', 500);
    const failing = await register(['order.confirmed'], receiver.url('/test-fail'));

    const ok = await harness.request('POST', `/webhooks/${hook.id}/test`);
    expect(ok.status, ok.text).toBe(200);
    const attempt = WebhookDeliveryRecord.parse(ok.json);
    expect(attempt).toMatchObject({ event: 'webhook.test', order_id: null, state: 'delivered', attempts: 1, status_code: 204, error: null, next_retry_at: null });
    expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
    const received = receiver.received.find((delivery) => delivery.path === '/test-ok');
    expect(received).toBeDefined();
    expect(received!.headers['webhook-id']).toBe(attempt.webhook_id);
    expect(JSON.parse(received!.body)).toMatchObject({ type: 'webhook.test', data: { webhook: hook.id } });
    const signed = { id: String(received!.headers['webhook-id']), timestamp: String(received!.headers['webhook-timestamp']), signature: String(received!.headers['webhook-signature']) };
    expect(verify(hook.secret, signed, received!.body, new Date())).toBe(true);
    expect(verify(failing.secret, signed, received!.body, new Date())).toBe(false);

    const failed = WebhookDeliveryRecord.parse((await harness.request('POST', `/webhooks/${failing.id}/test`)).json);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, status_code: 500, next_retry_at: null });
    expect(failed.error).toContain('500');

    // An order event and a second test: newest first, and pages of one.
    const order = await placeOrder();
    await harness.request('POST', `/webhooks/${hook.id}/test`);
    const all = await deliveries(hook.id);
    expect(all.meta.total).toBe(3);
    expect(all.data.map((delivery) => delivery.event)).toEqual(['webhook.test', 'order.confirmed', 'webhook.test']);
    expect(all.data[1]).toMatchObject({ order_id: order.id, state: 'pending', attempts: 0 });
    expect(all.data[2]!.webhook_id).toBe(attempt.webhook_id);
    const second = await deliveries(hook.id, '?per_page=1&page=2');
    expect(second.meta).toEqual({ total: 3, page: 2, per_page: 1, total_pages: 3 });
    expect(second.data.map((delivery) => delivery.webhook_id)).toEqual([all.data[1]!.webhook_id]);
    expect((await deliveries(hook.id, '?page=9')).data).toEqual([]);
    expectProblem(await harness.request('GET', `/webhooks/${hook.id}/deliveries?per_page=0`), 400, 'validation_failed');
  });

  it('reports a receiver that does not answer in time as failed, within the bound', async () => {
    const slow = await startReceiver({ delayMs: 5_000 });
    try {
      const hook = await register(['order.confirmed'], slow.url('/slow'));
      const started = Date.now();
      const result = await harness.request('POST', `/webhooks/${hook.id}/test`);
      const took = Date.now() - started;
      expect(result.status, result.text).toBe(200);
      const attempt = WebhookDeliveryRecord.parse(result.json);
      expect(attempt).toMatchObject({ state: 'failed', status_code: null, attempts: 1 });
      expect(attempt.error).toContain(`${TEST_TIMEOUT_MS} ms`);
      expect(took).toBeLessThan(4_000);
      expect(attempt.duration_ms).toBeGreaterThanOrEqual(TEST_TIMEOUT_MS - 50);
    } finally {
      await slow.close();
    }
  });

  it('pauses and resumes: a paused registration is sent nothing, resuming does not replay what it missed', async () => {
    const hook = await register(['order.cancelled'], receiver.url('/pause'));
    const paused = await harness.request('PATCH', `/webhooks/${hook.id}`, { body: { active: false } });
    expect(paused.status, paused.text).toBe(200);
    expect(Webhook.parse(paused.json)).toMatchObject({ id: hook.id, active: false, events: ['order.cancelled'] });
    const listed = (await harness.request('GET', '/webhooks')).json as { data: Webhook[] };
    expect(listed.data.find((webhook) => webhook.id === hook.id)?.active).toBe(false);

    const missed = await placeOrder();
    expect((await harness.request('POST', `/orders/${missed.id}/cancel`)).status).toBe(200);
    expect((await deliveries(hook.id)).meta.total).toBe(0);
    expectProblem(await harness.request('POST', `/webhooks/${hook.id}/test`), 409, 'webhook_paused');
    expect((await deliveries(hook.id)).meta.total).toBe(0);

    const resumed = await harness.request('PATCH', `/webhooks/${hook.id}`, { body: { active: true } });
    expect(Webhook.parse(resumed.json).active).toBe(true);
    expect((await deliveries(hook.id)).meta.total).toBe(0);
    const later = await placeOrder();
    await harness.request('POST', `/orders/${later.id}/cancel`);
    const after = await deliveries(hook.id);
    expect(after.data.map((delivery) => delivery.order_id)).toEqual([later.id]);
  });

  it('a paused registration\'s already-queued deliveries are not claimed until it resumes', async () => {
    const hook = await register(['order.confirmed'], receiver.url('/queued'));
    await placeOrder();
    await harness.request('PATCH', `/webhooks/${hook.id}`, { body: { active: false } });
    const claim = { instanceId: 'test-instance', now: new Date(Date.now() + 60_000), leaseMs: 10_000, limit: 500 };
    const whilePaused = await harness.testStore.store.claimDeliveries(claim);
    expect(whilePaused.filter((delivery) => delivery.webhookId === hook.id)).toEqual([]);
    await harness.testStore.store.releaseDeliveries('test-instance');
    await harness.request('PATCH', `/webhooks/${hook.id}`, { body: { active: true } });
    const resumed = await harness.testStore.store.claimDeliveries({ ...claim, instanceId: 'test-instance-2' });
    expect(resumed.filter((delivery) => delivery.webhookId === hook.id)).toHaveLength(1);
    await harness.testStore.store.releaseDeliveries('test-instance-2');
  });

  it('refuses bad PATCH bodies with 400 and changes nothing', async () => {
    const hook = await register(['order.shipped'], receiver.url('/strict'));
    for (const body of [{ active: 'false' }, { active: 1 }, { active: null }, {}, { active: false, url: 'https://example.com/x' }, { active: false, events: [] }, [false]]) {
      const problem = expectProblem(await harness.request('PATCH', `/webhooks/${hook.id}`, { body }), 400, 'validation_failed');
      expect(problem.errors?.length ?? 0, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expectProblem(await harness.request('PATCH', `/webhooks/${hook.id}`, { rawBody: '{"active":', headers: { 'content-type': 'application/json' } }), 400, 'bad_request');
    const listed = (await harness.request('GET', '/webhooks')).json as { data: Webhook[] };
    expect(listed.data.find((webhook) => webhook.id === hook.id)?.active).toBe(true);
  });

  it("answers 404 for another account's registration, a deleted one and unknown ids on every extension", async () => {
    const others = await register(['order.shipped'], receiver.url('/other'), harness.buyerB.api_key);
    const mine = await register(['order.shipped'], receiver.url('/deleted'));
    await harness.request('DELETE', `/webhooks/${mine.id}`);
    for (const id of [others.id, mine.id, 'wh_doesnotexist', 'nope']) {
      expectProblem(await harness.request('GET', `/webhooks/${id}/deliveries`), 404, 'not_found');
      expectProblem(await harness.request('POST', `/webhooks/${id}/test`), 404, 'not_found');
      expectProblem(await harness.request('PATCH', `/webhooks/${id}`, { body: { active: false } }), 404, 'not_found');
    }
    const theirs = (await harness.request('GET', '/webhooks', { key: harness.buyerB.api_key })).json as { data: Webhook[] };
    expect(theirs.data.find((webhook) => webhook.id === others.id)?.active).toBe(true);
    expect(receiver.received.filter((delivery) => delivery.path === '/other')).toEqual([]);
  });

  it('accepts order.cancelled as an event name for POST /webhooks', async () => {
    const hook = await register(['order.confirmed', 'order.shipped', 'order.delivered', 'order.cancelled'], receiver.url('/all'));
    expect(hook.events).toContain('order.cancelled');
    expectProblem(await harness.request('POST', '/webhooks', { body: { url: receiver.url('/x'), events: ['webhook.test'] } }), 400, 'validation_failed');
  });

  it('marks every extension in the OpenAPI document, and says resuming does not replay', async () => {
    const document = (await harness.request('GET', '/openapi.json', { key: null })).json as { paths: Record<string, Record<string, { 'x-caseworks-extension'?: boolean; description?: string; responses: Record<string, unknown> }>> };
    const extensions = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).filter(([, operation]) => operation['x-caseworks-extension'] === true).map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(extensions.sort()).toEqual(['GET /catalog/changes', 'GET /webhooks/{id}/deliveries', 'PATCH /webhooks/{id}', 'POST /orders/{id}/cancel', 'POST /webhooks/{id}/test']);
    expect(document.paths['/webhooks/{id}']?.patch?.description).toMatch(/does not replay/);
    expect(document.paths['/orders/{id}/cancel']?.post?.responses).toHaveProperty('409');
    expect(document.paths['/orders/{id}']?.get?.['x-caseworks-extension']).toBeUndefined();
  });
});
