import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order, type CatalogProduct, type CreateOrderBody } from '../../../shared';
import { expectProblem, orderBodyFor, orderableProduct, startHarness, type Harness, type HttpResult } from './harness';

let harness: Harness;
let product: CatalogProduct;
let good: CreateOrderBody;

beforeAll(async () => {
  harness = await startHarness();
  product = await orderableProduct(harness, 1);
  good = orderBodyFor(product);
});
afterAll(() => harness?.close());

/** A request with headers given as raw pairs, so one name can be sent twice. */
function rawRequest(method: string, path: string, headerPairs: string[], body?: string): Promise<HttpResult> {
  const url = new URL(harness.baseUrl + path);
  return new Promise((resolve, reject) => {
    // Given as raw pairs, the headers get no Host from Node: it is added here.
    const headers = ['host', url.host, ...headerPairs];
    const sent = httpRequest({ host: url.hostname, port: url.port, method, path: url.pathname, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: new Headers(Object.entries(response.headers).map(([name, value]) => [name, String(value)])),
          text,
          json: text ? (JSON.parse(text) as unknown) : undefined,
        }),
      );
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('text is stored as it was sent', () => {
  it('invalid UTF-8 bytes inside a JSON string → 400, and nothing is stored', async () => {
    const before = (await harness.testStore.store.listOrders(harness.buyerA.account_id, { page: 1, per_page: 1 })).meta.total;
    const json = Buffer.from(JSON.stringify({ ...good, buyer_notes: 'Napa MARK' }));
    const mark = json.indexOf('MARK');
    const broken = Buffer.concat([json.subarray(0, mark), Buffer.from([0xc3, 0x28, 0xff]), json.subarray(mark + 4)]);
    const problem = expectProblem(await harness.request('POST', '/orders', { rawBody: broken, headers: { 'content-type': 'application/json' } }), 400, 'bad_request');
    expect(problem.detail).toMatch(/UTF-8/);
    expect((await harness.testStore.store.listOrders(harness.buyerA.account_id, { page: 1, per_page: 1 })).meta.total).toBe(before);
  });

  it('a leading U+FEFF in buyer_notes comes back as sent, on creation and on reading', async () => {
    for (const notes of ['\ufeffNapa', '\ufeff', '\ufeff\ufeffdouble']) {
      const created = await harness.request('POST', '/orders', { body: { ...good, buyer_notes: notes } });
      expect(created.status, created.text).toBe(201);
      const order = Order.parse(created.json);
      expect(order.buyer_notes).toBe(notes);
      expect(Order.parse((await harness.request('GET', `/orders/${order.id}`)).json).buyer_notes).toBe(notes);
    }
  });
});

describe('who is calling is never a guess', () => {
  it('two Authorization headers → 400, whichever keys they carry', async () => {
    const keyA = `Bearer ${harness.buyerA.api_key}`;
    const keyB = `Bearer ${harness.buyerB.api_key}`;
    for (const pair of [[keyB, keyA], [keyA, keyA]]) {
      const answer = await rawRequest('GET', '/account', ['authorization', pair[0] as string, 'authorization', pair[1] as string]);
      expectProblem(answer, 400, 'bad_request');
    }
    const one = await rawRequest('GET', '/account', ['authorization', keyB]);
    expect(one.status).toBe(200);
  });
});

describe('body-less actions accept an empty body sent as application/json', () => {
  it('POST /orders/{id}/cancel and POST /webhooks/{id}/test with Content-Type: application/json and no body', async () => {
    const order = Order.parse((await harness.request('POST', '/orders', { body: good })).json);
    const cancelled = await harness.request('POST', `/orders/${order.id}/cancel`, { rawBody: '', headers: { 'content-type': 'application/json' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(Order.parse(cancelled.json).status).toBe('cancelled');

    const webhook = (await harness.request('POST', '/webhooks', { body: { url: 'http://127.0.0.1:9/hook', events: ['order.confirmed'] } })).json as { id: string };
    const tested = await harness.request('POST', `/webhooks/${webhook.id}/test`, { rawBody: '', headers: { 'content-type': 'application/json' } });
    expect(tested.status, tested.text).toBe(200);
    await harness.request('DELETE', `/webhooks/${webhook.id}`);
  });

  it('an operation that takes a body still refuses an empty one', async () => {
    expectProblem(await harness.request('POST', '/orders', { rawBody: '', headers: { 'content-type': 'application/json' } }), 400, 'bad_request');
  });
});
