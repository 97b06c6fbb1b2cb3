import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetName } from '../../../shared/bridge/datasets';
import type { Order } from '../../../shared/schemas';
import { bridgeContract } from '../../../shared/bridge/contract';
import { createExtensionRegistry, createServiceClient, extensionsInDocument, type ServiceClient } from '../../../electron/core/api';
import { createProductImageAddresses } from '../../../electron/core/images/product-image-urls';
import { createExtensionHandlers, OFFLINE_CANCEL } from '../../../electron/bridge/handlers/extensions';
import { createOfflineReads, type OfflineReads } from '../../../electron/core/offline/offline-reads';
import { createOfflineCopy } from '../../../electron/core/offline/offline-copy';
import { DISK_FULL_MESSAGE } from '../../../electron/core/offline/offline-host';
import type { OfflineStore } from '../../../electron/core/offline/offline-store';
import type { SyncEngine } from '../../../electron/core/sync/sync-engine';
import { bridgeErrorOf } from '../../../electron/bridge/bridge-failure';
import { succeed, type Outcome } from '../../../electron/core/failure';
import type { BridgeError } from '../../../shared/bridge/result';
import { buildOpenApiDocument } from '../../../server/openapi/document';
import { orderableBody, startRealService, type RealService } from '../api/real-service-harness';

/** The offline copy as the handlers see it: only what they keep is recorded. */
function recordingOffline() {
  const kept: Order[] = [];
  const none = async () => succeed(null);
  const offline: OfflineReads = {
    suppliers: none,
    orders: none,
    orderDetail: none,
    productDetail: none,
    account: none,
    webhooks: none,
    orderHistory: none,
    keepProductDetail: async () => succeed(undefined),
    keepOrderDetail: async (order) => {
      kept.push(order);
      return succeed(undefined);
    },
  };
  return { offline, kept };
}

/** The offline copy as the app reads it, whose worker refuses to keep anything: the disk is full. */
function fullDiskOffline(): OfflineReads {
  const refused = async () => ({ ok: false as const, code: 'disk_full' as const, message: DISK_FULL_MESSAGE });
  const store: Pick<OfflineStore, 'putOrderDetails' | 'putProductDetails'> = { putOrderDetails: refused, putProductDetails: refused };
  const scope = { baseUrl: 'http://127.0.0.1:9/api/v1', accountId: 'org_1' };
  const engine: Pick<SyncEngine, 'accountId' | 'copy'> = { accountId: scope.accountId, copy: createOfflineCopy({ store: store as OfflineStore, scope: () => scope }) };
  return createOfflineReads(() => engine as SyncEngine);
}

function handlersFor(client: ServiceClient | null, options: { online?: boolean; fetch?: typeof fetch; offline?: OfflineReads } = {}) {
  const changed: DatasetName[] = [];
  const recording = recordingOffline();
  const offline = options.offline ?? recording.offline;
  const kept = recording.kept;
  const extensions = createExtensionRegistry({ fetch: options.fetch ?? globalThis.fetch });
  const handlers = createExtensionHandlers({
    client: () => client,
    online: () => options.online ?? true,
    offline,
    now: () => new Date(),
    images: createProductImageAddresses(),
    changed: (dataset) => changed.push(dataset),
    extensions,
  });
  return { handlers, changed, kept, extensions };
}

/** What the one bridge mapping makes of a handler's failure: the error that crosses to the renderer. */
async function failureOf(answer: Promise<Outcome<unknown>>): Promise<BridgeError> {
  const outcome = await answer;
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome.data)}`);
  return bridgeErrorOf(outcome.error);
}

/** A handler's data; a failure fails the test with its words. */
async function dataOf<T>(answer: Promise<Outcome<T>>): Promise<T> {
  const outcome = await answer;
  if (!outcome.ok) throw new Error(`expected data, got ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.data;
}

describe('the service extensions through the bridge handlers, on the real service', () => {
  let real: RealService;
  let client: ServiceClient;

  beforeAll(async () => {
    real = await startRealService();
    client = createServiceClient({ baseUrl: real.baseUrl, getApiKey: () => real.apiKey, maxAttempts: 1 });
  }, 60_000);
  afterAll(async () => {
    await real?.stop();
  });

  it('learns every extension from the OpenAPI document', async () => {
    const { handlers } = handlersFor(client);
    const offered = await dataOf(handlers.getServiceExtensions());
    expect(bridgeContract.getServiceExtensions.output.parse(offered)).toEqual({
      cancelOrder: true,
      webhookDeliveries: true,
      webhookTest: true,
      webhookPause: true,
      orderCancelledEvent: true,
      orderBackups: true,
    });
  });

  it('cancels an order: the order comes back cancelled, is kept for offline reading, and orders and catalog are synced', async () => {
    const placed = await client.call('createOrder', { body: await orderableBody(client) });
    if (!placed.ok || placed.notModified) throw new Error('could not place an order');
    const { handlers, changed, kept } = handlersFor(client);
    const cancelled = bridgeContract.cancelOrder.output.parse(await dataOf(handlers.cancelOrder({ id: placed.data.id })));
    expect(cancelled).toMatchObject({ id: placed.data.id, status: 'cancelled' });
    expect(cancelled.timeline.at(-1)?.event).toBe('order_cancelled');
    expect(kept.map((order) => order.status)).toEqual(['cancelled']);
    expect(changed).toEqual(['orders', 'catalog']);
  });

  it('cancels an order though the offline copy refuses to keep it (a full disk): the service cancelled it, the buyer is told so', async () => {
    const placed = await client.call('createOrder', { body: await orderableBody(client) });
    if (!placed.ok || placed.notModified) throw new Error('could not place an order');
    const { handlers, changed } = handlersFor(client, { offline: fullDiskOffline() });
    expect(await handlers.cancelOrder({ id: placed.data.id })).toMatchObject({ ok: true, data: { id: placed.data.id, status: 'cancelled' } });
    expect(changed).toEqual(['orders', 'catalog']);
  });

  it('does nothing offline and says so', async () => {
    const placed = await client.call('createOrder', { body: await orderableBody(client) });
    if (!placed.ok || placed.notModified) throw new Error('could not place an order');
    const { handlers, changed } = handlersFor(client, { online: false });
    const failure = await failureOf(handlers.cancelOrder({ id: placed.data.id }));
    expect(failure.code).toBe('offline');
    expect(failure.message).toBe(OFFLINE_CANCEL);
    expect(changed).toEqual([]);
    const read = await client.call('getOrder', { params: { id: placed.data.id } });
    expect(read.ok && !read.notModified && read.data.status).toBe('confirmed');
  });

  it('passes the service refusal of a shipped order on by its code, and syncs the orders it was about', async () => {
    const placed = await client.call('createOrder', { body: await orderableBody(client) });
    if (!placed.ok || placed.notModified) throw new Error('could not place an order');
    const shipment = { carrier: 'UPS', tracking_number: '1Z1', tracking_url: 'https://example.com/t/1', estimated_delivery: '2030-01-01' };
    await real.service.store.markShipped(placed.data.id, shipment, new Date());
    const { handlers, extensions, changed } = handlersFor(client);
    const failure = await failureOf(handlers.cancelOrder({ id: placed.data.id }));
    expect(failure.code).toBe('rejected');
    expect(failure.message).toContain(placed.data.order_number);
    // The refusal says the order moved on: the offline copy's orders are synced at once.
    expect(changed).toEqual(['orders']);
    expect((await extensions.known(real.baseUrl)).cancelOrder).toBe(true);
  });

  it('sends a test event, lists deliveries, pauses and resumes', async () => {
    const created = await client.call('createWebhook', { body: { url: 'http://127.0.0.1:9/unreachable', events: ['order.cancelled'] } });
    if (!created.ok || created.notModified) throw new Error('could not register a webhook');
    const { handlers, changed } = handlersFor(client);
    const attempt = bridgeContract.sendWebhookTest.output.parse(await dataOf(handlers.sendWebhookTest({ id: created.data.id })));
    expect(attempt).toMatchObject({ event: 'webhook.test', state: 'failed', attempts: 1, status_code: null });
    const listed = bridgeContract.listWebhookDeliveries.output.parse(await dataOf(handlers.listWebhookDeliveries({ id: created.data.id, page: 1, perPage: 10 })));
    expect(listed.items.map((delivery) => delivery.webhook_id)).toEqual([attempt.webhook_id]);
    expect((await dataOf(handlers.setWebhookActive({ id: created.data.id, active: false }))).active).toBe(false);
    expect((await failureOf(handlers.sendWebhookTest({ id: created.data.id }))).code).toBe('rejected');
    expect((await dataOf(handlers.setWebhookActive({ id: created.data.id, active: true }))).active).toBe(true);
    expect(changed).toEqual(['webhooks', 'webhooks']);
  });
});

describe('a service without the extensions', () => {
  let server: Server;
  let baseUrl = '';
  const requests: string[] = [];
  let documentStatus = 404;

  beforeAll(async () => {
    // The seed's interface only: its document (when it has one) lists no extension, and any
    // route it does not have is 404 (405 for a known path with another method).
    const seedDocument = buildOpenApiDocument('/api/v1') as { paths: Record<string, Record<string, unknown>> };
    for (const path of ['/orders/{id}/cancel', '/webhooks/{id}/deliveries', '/webhooks/{id}/test']) delete seedDocument.paths[path];
    delete seedDocument.paths['/webhooks/{id}']?.patch;
    const events = (seedDocument.paths['/webhooks']?.post as { requestBody: { content: Record<string, { schema: { properties: { events: { items: { enum: string[] } } } } }> } })
      .requestBody.content['application/json']!.schema.properties.events.items;
    events.enum = events.enum.filter((event) => event !== 'order.cancelled');
    const orderItem = (seedDocument.paths['/orders']?.post as { requestBody: { content: Record<string, { schema: { properties: { items: { items: { properties: Record<string, unknown> } } } } }> } })
      .requestBody.content['application/json']!.schema.properties.items.items;
    delete orderItem.properties.backup_product_id;
    server = createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      if (request.url === '/api/v1/openapi.json' && documentStatus === 200) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seedDocument));
        return;
      }
      const status = request.method === 'PATCH' ? 405 : 404;
      response.writeHead(status, { 'content-type': 'application/problem+json' });
      response.end(JSON.stringify({ type: 'about:blank', title: 'Not found', status, detail: 'There is no such route.', code: status === 405 ? 'method_not_allowed' : 'not_found' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  afterEach(() => {
    requests.length = 0;
  });

  const clientOf = () => createServiceClient({ baseUrl, getApiKey: () => 'sk_test_abcdefgh', maxAttempts: 1 });

  it('with a document listing none: offers none, and calls none', async () => {
    documentStatus = 200;
    const { handlers } = handlersFor(clientOf());
    expect(Object.values(await dataOf(handlers.getServiceExtensions())).some(Boolean)).toBe(false);
    const failure = await failureOf(handlers.cancelOrder({ id: 'ord_abc123' }));
    expect(failure.code).toBe('not_found');
    expect(failure.message).toBe('This service does not offer cancelling orders.');
    expect(requests).toEqual(['GET /api/v1/openapi.json']);
  });

  it('without a document: tries an extension once, learns from its 404/405, and remembers it for this service', async () => {
    documentStatus = 404;
    const { handlers } = handlersFor(clientOf());
    expect(await dataOf(handlers.getServiceExtensions())).toEqual({ cancelOrder: true, webhookDeliveries: true, webhookTest: true, webhookPause: true, orderCancelledEvent: false, orderBackups: false });
    expect((await failureOf(handlers.cancelOrder({ id: 'ord_abc123' }))).message).toBe('This service does not offer cancelling orders.');
    expect((await failureOf(handlers.setWebhookActive({ id: 'wh_abc123', active: false }))).message).toBe('This service does not offer pausing webhooks.');
    expect(await dataOf(handlers.getServiceExtensions())).toMatchObject({ cancelOrder: false, webhookPause: false, webhookTest: true });
    await failureOf(handlers.cancelOrder({ id: 'ord_abc123' }));
    expect(requests).toEqual(['GET /api/v1/openapi.json', 'POST /api/v1/orders/ord_abc123/cancel', 'PATCH /api/v1/webhooks/wh_abc123']);
  });

  it('reads the document of the real service and of the seed alike', () => {
    const full = buildOpenApiDocument('/api/v1') as { paths: Record<string, Record<string, unknown>> };
    expect(Object.values(extensionsInDocument(full)).every(Boolean)).toBe(true);
    expect(extensionsInDocument({ paths: {} })).toEqual({ cancelOrder: false, webhookDeliveries: false, webhookTest: false, webhookPause: false, orderCancelledEvent: false, orderBackups: false });
  });
});
