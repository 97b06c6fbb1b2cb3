import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedWebhook, Order, WEBHOOKS_PER_ACCOUNT_MAX, WebhookList } from '../../../shared';
import { createWebhookDispatcher, type WebhookDispatcher } from '../../../server/webhooks/dispatcher';
import { expectProblem, orderBodyFor, orderableProduct, startHarness, type Harness } from '../http/harness';
import { startReceiver, waitFor } from './receiver';

const SEND_TIMEOUT_MS = 2_000;

let harness: Harness;
let dispatcher: WebhookDispatcher;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** Connections to the black hole now open: A's sends in flight. */
const sockets = new Set<Socket>();
let mostOpen = 0;
const blackHole = createServer((socket) => {
  sockets.add(socket);
  mostOpen = Math.max(mostOpen, sockets.size);
  socket.on('close', () => sockets.delete(socket));
});

beforeAll(async () => {
  harness = await startHarness({ onOrderEvent: async () => dispatcher.wake() });
  dispatcher = createWebhookDispatcher({ store: harness.testStore.store, mode: 'sandbox', pollIntervalMs: 100, retryBaseMs: 60_000, timeoutMs: SEND_TIMEOUT_MS });
  receiver = await startReceiver();
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await dispatcher?.stop();
  for (const socket of sockets) socket.destroy();
  blackHole.close();
  await receiver?.close();
  await harness?.close();
});

const holeUrl = (index: number) => `http://127.0.0.1:${(blackHole.address() as AddressInfo).port}/hole/${index}`;

async function register(key: string, url: string) {
  const created = await harness.request('POST', '/webhooks', { key, body: { url, events: ['order.confirmed'] } });
  expect(created.status, created.text).toBe(201);
  return CreatedWebhook.parse(created.json);
}

async function clearWebhooks(key: string) {
  const list = WebhookList.parse((await harness.request('GET', '/webhooks', { key })).json);
  for (const hook of list.data) await harness.request('DELETE', `/webhooks/${hook.id}`, { key });
}

describe("one account's slow receivers do not delay another account's deliveries", () => {
  it("B's order.confirmed arrives within a send timeout while A's 40 registrations are black holes", async () => {
    const a = harness.buyerA.api_key;
    const b = harness.buyerB.api_key;
    await clearWebhooks(a);
    await clearWebhooks(b);
    for (let index = 0; index < 40; index += 1) await register(a, holeUrl(index));
    await register(b, receiver.url('/b-fast'));
    dispatcher.start();
    try {
      const product = await orderableProduct(harness, 2);
      expect((await harness.request('POST', '/orders', { key: a, body: orderBodyFor(product) })).status).toBe(201);
      // A's sends have started before B orders.
      await waitFor(() => sockets.size >= 2);
      const placed = await harness.request('POST', '/orders', { key: b, body: orderBodyFor(product) });
      const placedAt = Date.now();
      const order = Order.parse(placed.json);
      const arrived = await waitFor(() => receiver.received.find((delivery) => delivery.path === '/b-fast' && delivery.body.includes(order.id)), 30_000);
      const latency = arrived.receivedAt - placedAt;
      // Without a fair share, B's delivery waited behind 40 / 8 rounds of A's timeouts (5 × 2 s).
      expect(latency).toBeLessThan(SEND_TIMEOUT_MS);
      // A never held more than its share of the slots (2 of 8).
      expect(mostOpen).toBe(2);
    } finally {
      await dispatcher.stop();
      await clearWebhooks(a);
      await clearWebhooks(b);
    }
  }, 60_000);
});

describe('the cap on registrations per account', () => {
  it(`accepts ${WEBHOOKS_PER_ACCOUNT_MAX}, refuses the next with 409 webhook_limit_reached, and accepts again after a delete`, async () => {
    const key = harness.buyerA.api_key;
    await clearWebhooks(key);
    const first = await register(key, receiver.url('/cap/0'));
    for (let index = 1; index < WEBHOOKS_PER_ACCOUNT_MAX; index += 1) await register(key, receiver.url(`/cap/${index}`));
    const refused = await harness.request('POST', '/webhooks', { key, body: { url: receiver.url('/cap/over'), events: ['order.confirmed'] } });
    const problem = expectProblem(refused, 409, 'webhook_limit_reached');
    expect(problem.detail).toContain(String(WEBHOOKS_PER_ACCOUNT_MAX));
    expect(WebhookList.parse((await harness.request('GET', '/webhooks', { key })).json).data).toHaveLength(WEBHOOKS_PER_ACCOUNT_MAX);
    // The other account is not affected.
    const other = await register(harness.buyerB.api_key, receiver.url('/cap/other'));
    await harness.request('DELETE', `/webhooks/${other.id}`, { key: harness.buyerB.api_key });

    await harness.request('DELETE', `/webhooks/${first.id}`, { key });
    await register(key, receiver.url('/cap/again'));
    await clearWebhooks(key);
  }, 120_000);

  it('concurrent registrations cannot pass the cap together', async () => {
    const key = harness.buyerA.api_key;
    await clearWebhooks(key);
    for (let index = 0; index < WEBHOOKS_PER_ACCOUNT_MAX - 3; index += 1) await register(key, receiver.url(`/race/${index}`));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => harness.request('POST', '/webhooks', { key, body: { url: receiver.url(`/race/extra-${index}`), events: ['order.confirmed'] } })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(9);
    expect(WebhookList.parse((await harness.request('GET', '/webhooks', { key })).json).data).toHaveLength(WEBHOOKS_PER_ACCOUNT_MAX);
    await clearWebhooks(key);
  }, 120_000);
});
