import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogProduct, CreatedWebhook, Order, WebhookDelivery, WebhookDeliveryRecord, paginated } from '../../../shared';
import { startService, type RunningService } from '../../../server/main';
import { verify } from '../../../server/webhooks/signing';
import { createTestStore } from '../../support/store-fixture';
import { startReceiver, waitFor } from '../webhooks/receiver';

let service: RunningService;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  service = await startService({
    shipAfterSeconds: 0.3,
    deliverAfterSeconds: 0.3,
    openStore: async ({ publicBaseUrl }) => {
      const test = await createTestStore({ publicBaseUrl });
      return { store: { ...test.store, close: test.close }, seeded: false, demoCredentials: test.demoCredentials };
    },
  });
});
afterAll(async () => {
  await service?.close();
  await receiver?.close();
});

describe('startService', () => {
  it('wires HTTP, the simulator and the dispatcher: a placed order reaches a receiver as confirmed, shipped, delivered', async () => {
    expect(service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    const buyer = service.demoCredentials?.buyers[0];
    expect(buyer).toBeDefined();
    const headers = { authorization: `Bearer ${buyer?.api_key}`, 'content-type': 'application/json' };

    const registered = await fetch(`${service.baseUrl}/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: receiver.url('/lifecycle'), events: ['order.confirmed', 'order.shipped', 'order.delivered'] }),
    });
    expect(registered.status).toBe(201);
    const webhook = CreatedWebhook.parse(await registered.json());

    const catalog = paginated(CatalogProduct).parse(await (await fetch(`${service.baseUrl}/products?per_page=100`, { headers })).json());
    const product = catalog.data.find((candidate) => candidate.inventory_available >= candidate.minimum_order) as CatalogProduct;
    const placed = await fetch(`${service.baseUrl}/orders`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        supplier_id: product.supplier.id,
        items: [{ product_id: product.id, quantity: product.minimum_order }],
        shipping_address: { street1: '1 Main St', city: 'Napa', state: 'CA', zip: '94558' },
      }),
    });
    expect(placed.status).toBe(201);
    const order = Order.parse(await placed.json());

    const forOrder = () =>
      receiver.received
        .filter((delivery) => delivery.path === '/lifecycle')
        .map((delivery) => ({ delivery, payload: WebhookDelivery.parse(JSON.parse(delivery.body)) }))
        .filter(({ payload }) => payload.data.id === order.id);
    const events = await waitFor(() => forOrder().length >= 3 && forOrder(), 20_000);
    expect(events.map(({ payload }) => payload.type)).toEqual(['order.confirmed', 'order.shipped', 'order.delivered']);
    for (const { delivery } of events) {
      const signed = {
        id: delivery.headers['webhook-id'] as string,
        timestamp: delivery.headers['webhook-timestamp'] as string,
        signature: delivery.headers['webhook-signature'] as string,
      };
      expect(verify(webhook.secret, signed, delivery.body, new Date())).toBe(true);
    }
    const delivered = Order.parse(events[2]?.payload.data);
    expect(delivered.status).toBe('delivered');
    expect(delivered.tracking?.tracking_url).toMatch(/^https:\/\//);
  });

  it('close() stops serving and is safe to call twice', async () => {
    const { baseUrl } = service;
    await Promise.all([service.close(), service.close()]);
    await expect(fetch(`${baseUrl}/openapi.json`)).rejects.toThrow();
  });
});

describe('startService with a public URL', () => {
  it('builds image URLs and the OpenAPI server from --public-url, and still says where it listens', async () => {
    const publicUrl = 'https://wine.example/api/v1';
    const behind = await startService({
      publicUrl,
      openStore: async ({ publicBaseUrl }) => {
        const test = await createTestStore({ publicBaseUrl, catalogSize: 200 });
        return { store: { ...test.store, close: test.close }, seeded: false, demoCredentials: test.demoCredentials };
      },
    });
    try {
      expect(behind.baseUrl).toBe(publicUrl);
      expect(behind.listenUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
      const headers = { authorization: `Bearer ${behind.demoCredentials?.buyers[0]?.api_key}` };
      const page = paginated(CatalogProduct).parse(await (await fetch(`${behind.listenUrl}/products?per_page=2`, { headers })).json());
      expect(page.data[0]?.image_url).toBe(`${publicUrl}/images/products/${page.data[0]?.id}.svg`);
      const openApi = (await (await fetch(`${behind.listenUrl}/openapi.json`)).json()) as { servers: Array<{ url: string }> };
      expect(openApi.servers[0]?.url).toBe(publicUrl);
    } finally {
      await behind.close();
    }
  });
});

describe('startService with a webhook send timeout', () => {
  it('POST /webhooks/{id}/test gives up on a silent receiver after --webhook-timeout-ms, not the default 10 s', async () => {
    // A receiver that accepts the connection and never answers.
    const sockets = new Set<Socket>();
    const blackHole = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const port = (blackHole.address() as AddressInfo).port;
    const running = await startService({
      webhookTimeoutMs: 500,
      openStore: async ({ publicBaseUrl }) => {
        const test = await createTestStore({ publicBaseUrl });
        return { store: { ...test.store, close: test.close }, seeded: false, demoCredentials: test.demoCredentials };
      },
    });
    try {
      const headers = { authorization: `Bearer ${running.demoCredentials?.buyers[0]?.api_key}`, 'content-type': 'application/json' };
      const created = await fetch(`${running.baseUrl}/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: `http://127.0.0.1:${port}/silent`, events: ['order.confirmed'] }),
      });
      const webhook = CreatedWebhook.parse(await created.json());
      const started = Date.now();
      const tested = await fetch(`${running.baseUrl}/webhooks/${webhook.id}/test`, { method: 'POST', headers: { authorization: headers.authorization } });
      const took = Date.now() - started;
      expect(tested.status).toBe(200);
      expect(WebhookDeliveryRecord.parse(await tested.json())).toMatchObject({ state: 'failed', error: 'no answer within 500 ms' });
      expect(took).toBeLessThan(5_000);
    } finally {
      await running.close();
      for (const socket of sockets) socket.destroy();
      blackHole.close();
    }
  });
});

describe('startService closing while a client holds a request open', () => {
  it('answers a request in flight and closes its kept-alive connection then, without waiting for drainMs', async () => {
    // A receiver that accepts the connection and never answers: the test event below takes the send timeout.
    const sockets = new Set<Socket>();
    const blackHole = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const running = await startService({
      webhookTimeoutMs: 600,
      drainMs: 15_000,
      openStore: async ({ publicBaseUrl }) => {
        const test = await createTestStore({ publicBaseUrl });
        return { store: { ...test.store, close: test.close }, seeded: false, demoCredentials: test.demoCredentials };
      },
    });
    try {
      const authorization = `Bearer ${running.demoCredentials?.buyers[0]?.api_key}`;
      const created = await fetch(`${running.baseUrl}/webhooks`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `http://127.0.0.1:${(blackHole.address() as AddressInfo).port}/silent`, events: ['order.confirmed'] }),
      });
      const webhook = CreatedWebhook.parse(await created.json());
      // fetch keeps its connection alive, as the app's client does. Once the receiver is reached, the request is in its handler.
      const reached = new Promise<void>((resolve) => blackHole.once('connection', () => resolve()));
      const inFlight = fetch(`${running.baseUrl}/webhooks/${webhook.id}/test`, { method: 'POST', headers: { authorization } });
      await reached;
      const started = Date.now();
      await running.close();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await inFlight).status).toBe(200);
    } finally {
      await running.close();
      for (const socket of sockets) socket.destroy();
      blackHole.close();
    }
  }, 30_000);

  it('cuts the connection of a request whose body never ends after drainMs, and closes', async () => {
    const warnings: unknown[] = [];
    const running = await startService({
      drainMs: 300,
      logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(JSON.parse(line)) } },
      openStore: async ({ publicBaseUrl }) => {
        const test = await createTestStore({ publicBaseUrl });
        return { store: { ...test.store, close: test.close }, seeded: false, demoCredentials: test.demoCredentials };
      },
    });
    const { port } = new URL(running.listenUrl);
    // An order whose body says 1,000 bytes and sends ten: the request stays in flight.
    const stalled = connect(Number(port), '127.0.0.1');
    const closedByService = new Promise<void>((resolve) => stalled.once('close', () => resolve()));
    stalled.on('error', () => undefined);
    await new Promise<void>((resolve) => stalled.once('connect', () => resolve()));
    stalled.write(
      `POST /api/v1/orders HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${running.demoCredentials?.buyers[0]?.api_key}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"items":`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    try {
      await running.close();
      expect(Date.now() - started).toBeLessThan(5_000);
      await closedByService;
      expect(warnings).toEqual([expect.objectContaining({ requests: ['POST /api/v1/orders'] })]);
    } finally {
      stalled.destroy();
    }
  }, 20_000);
});
