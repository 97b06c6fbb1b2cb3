import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { BRIDGE_SOCKET_PATH } from '../../../shared/bridge/socket-messages';
import { BRIDGE_METHODS, type BridgeMethod } from '../../../shared/bridge/contract';
import { startBrowserShell, type BrowserShell } from '../../../electron/web/browser-shell';
import { validBridgeInputs } from '../../support/bridge-samples';
import { copyServiceTemplate, seededServiceTemplate } from '../../support/e2e-service-template';

const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-leak-'));
const rendererDir = path.join(dataDir, 'renderer');
mkdirSync(rendererDir);
writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Caseworks</title>');

let shell: BrowserShell;
let apiKey: string;
let baseUrl: string;
const logs: string[] = [];
/** Everything the page could ever see: every message of the bridge socket, replies and events. */
const seenByPage: string[] = [];
let eventStream = '';

let socket: WebSocket;
let nextId = 1;
const replies = new Map<number, (text: string) => void>();

/** A call as the page makes it, over the bridge socket; every text the socket brings is kept. */
async function call(method: string, input: unknown): Promise<{ ok: boolean; data?: unknown; error?: { code: string; message: string } }> {
  const id = nextId;
  nextId += 1;
  const text = await new Promise<string>((resolve) => {
    replies.set(id, resolve);
    socket.send(JSON.stringify({ id, method, input }));
  });
  return (JSON.parse(text) as { result: { ok: boolean } }).result;
}

beforeAll(async () => {
  copyServiceTemplate(await seededServiceTemplate(120), path.join(dataDir, 'embedded-service'));
  shell = await startBrowserShell({
    dataDir,
    rendererDir,
    embeddedService: { shipDelayMs: 1000, deliverDelayMs: 2000 },
    log: (message) => logs.push(message),
    core: { syncIntervalMs: 0, offlineProbeMs: 300, client: { timeoutMs: 5_000, maxAttempts: 2, baseDelayMs: 20, maxDelayMs: 50 } },
  });
  const credentials = JSON.parse(readFileSync(path.join(dataDir, 'embedded-service', 'demo-credentials.json'), 'utf8')) as {
    buyers: { api_key: string }[];
  };
  apiKey = credentials.buyers[0]!.api_key;
  baseUrl = shell.core.embeddedService()!.baseUrl;
  socket = new WebSocket(`ws://127.0.0.1:${shell.port}${BRIDGE_SOCKET_PATH}`, {
    origin: `http://127.0.0.1:${shell.port}`,
    headers: { 'x-caseworks-token': shell.token },
  });
  socket.on('message', (data) => {
    const text = String(data);
    seenByPage.push(text);
    const message = JSON.parse(text) as { kind: string; id?: number };
    if (message.kind === 'event') eventStream += text;
    else replies.get(message.id ?? -1)?.(text);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
}, 180_000);

afterAll(async () => {
  socket?.close();
  await shell?.close();
});

describe('the API key in a whole browser-shell session', () => {
  it('starts on the demo and keeps a connected key in memory only', async () => {
    expect(apiKey.length).toBeGreaterThan(8);
    expect(await call('getSession', {})).toMatchObject({ ok: true, data: { mode: 'demo', keyStorage: 'embedded-demo' } });
    expect(await call('connectService', { baseUrl, apiKey: `${apiKey}-wrong` })).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const connected = await call('connectService', { baseUrl, apiKey });
    expect(connected).toMatchObject({ ok: true, data: { mode: 'custom', keyStorage: 'memory-only', weakStorageAvailable: false } });
    expect((connected.data as { keyStorageDescription: string }).keyStorageDescription).toMatch(/memory only/);
  });

  it('never sends the key to the page, in any result or event, nor writes it to the log', async () => {
    await shell.core.whenIdle();
    const products = (await call('searchCatalog', { inStock: true, limit: 20 })).data as { items: { id: string; supplier: { id: string; name: string }; minimum_order: number }[] };
    const product = products.items[0]!;
    const orders = (await call('listOrders', {})).data as { items: { id: string }[] };
    const real: Partial<Record<BridgeMethod, unknown>> = {
      getProduct: { id: product.id },
      getSupplier: { id: product.supplier.id },
      listSupplierProducts: { id: product.supplier.id },
      getOrder: { id: orders.items[0]?.id ?? 'ord_none1' },
      submitOrders: {
        drafts: [
          {
            order: {
              supplier_id: product.supplier.id,
              items: [{ product_id: product.id, quantity: product.minimum_order }],
              shipping_address: { street1: '1 Vine St', city: 'Napa', state: 'CA', zip: '94558' },
            },
            supplierName: product.supplier.name,
            estimatedTotalCents: 100,
          },
        ],
      },
      createWebhook: { url: 'https://hooks.example.com/caseworks', events: ['order.shipped'] },
    };
    const order: BridgeMethod[] = [...BRIDGE_METHODS.filter((method) => method !== 'signOut' && method !== 'useDemoService'), 'signOut'];
    for (const method of order) await call(method, real[method] ?? validBridgeInputs[method]);
    await call('getOrder', { id: 'ord_doesnotexist' });
    await call('getProduct', { id: 42 });
    await shell.core.whenIdle();

    expect(seenByPage.length).toBeGreaterThan(BRIDGE_METHODS.length);
    expect(eventStream).toContain('"type":"session-changed"');
    for (const text of [...seenByPage, eventStream, ...logs]) expect(text).not.toContain(apiKey);
  });
});
