import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyFault, faultLine } from '../../../server/logging/fault';
import { startService, type RunningService } from '../../../server/main';
import type { Store } from '../../../server/store/types';
import { createTestStore } from '../../support/store-fixture';
import { expectProblem, orderableProduct, startHarness, type Harness } from './harness';

/** A logger stream that keeps every line. */
function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream, text: () => lines.join('\n') };
}

const STREET = 'Private Lane 4711';
const NOTES = 'Ring Ms Okafor on 555-0199';

let harness: Harness | null = null;
let service: RunningService | null = null;
afterEach(async () => {
  await harness?.close();
  await service?.close();
  harness = null;
  service = null;
});

describe('a failed query is logged by kind, route and request id, without its parameters', () => {
  it('POST /webhooks: the new whsec_ secret is not in the log', async () => {
    const sink = logSink();
    harness = await startHarness({ logger: { level: 'error', stream: sink.stream } });
    // Every new registration now fails inside PostgreSQL, as a real fault would.
    await harness.testStore.db.execute(sql.raw('ALTER TABLE webhooks ADD CONSTRAINT test_refuse_new CHECK (false) NOT VALID'));

    const result = await harness.request('POST', '/webhooks', { body: { url: 'http://127.0.0.1:9/hooks', events: ['order.confirmed'] } });
    expectProblem(result, 500, 'internal_error');

    const failed = sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.msg === 'request failed');
    expect(failed).toMatchObject({ route: '/api/v1/webhooks', method: 'POST', fault: { kind: 'database', code: '23514', sqlClass: 'integrity_constraint_violation' } });
    expect(typeof failed?.reqId).toBe('string');
    expect(sink.text()).not.toMatch(/whsec_|Failed query|params|insert into/i);
  });

  it('POST /orders: the shipping address and the notes are not in the log', async () => {
    const sink = logSink();
    harness = await startHarness({ logger: { level: 'error', stream: sink.stream } });
    const product = await orderableProduct(harness);
    await harness.testStore.db.execute(sql.raw('ALTER TABLE orders ADD CONSTRAINT test_refuse_new CHECK (false) NOT VALID'));

    const result = await harness.request('POST', '/orders', {
      body: {
        supplier_id: product.supplier.id,
        items: [{ product_id: product.id, quantity: product.minimum_order }],
        shipping_address: { street1: STREET, city: 'Yountville', state: 'CA', zip: '94599' },
        buyer_notes: NOTES,
      },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expectProblem(result, 500, 'internal_error');

    const failed = sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.msg === 'request failed');
    expect(failed).toMatchObject({ route: '/api/v1/orders', fault: { kind: 'database', code: '23514' } });
    expect(sink.text()).not.toContain(STREET);
    expect(sink.text()).not.toContain('Okafor');
    expect(sink.text()).not.toContain('Yountville');
    expect(sink.text()).not.toMatch(/Failed query|params/i);
  });

  it('authentication: neither the API key nor its hash is in the log', async () => {
    const sink = logSink();
    harness = await startHarness({ logger: { level: 'error', stream: sink.stream } });
    await harness.testStore.db.execute(sql.raw('ALTER TABLE api_keys RENAME TO api_keys_moved'));

    const key = harness.buyerB.api_key;
    expectProblem(await harness.request('GET', '/account', { key }), 500, 'internal_error');

    const failed = sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.msg === 'request failed');
    expect(failed).toMatchObject({ fault: { kind: 'database', code: '42P01' } });
    expect(sink.text()).not.toContain(key);
    expect(sink.text()).not.toContain(createHash('sha256').update(key).digest('hex'));
    await harness.testStore.db.execute(sql.raw('ALTER TABLE api_keys_moved RENAME TO api_keys'));
  });

  it('background work (the webhook dispatcher) logs the kind, not the message', async () => {
    const sink = logSink();
    const secret = 'whsec_c2VjcmV0LXRoYXQtbXVzdC1ub3QtbGVhaw==';
    service = await startService({
      logger: { level: 'error', stream: sink.stream },
      webhookRetryBaseMs: 20,
      openStore: async ({ publicBaseUrl }) => {
        const test = await createTestStore({ publicBaseUrl, catalogSize: 50 });
        const broken: Store = {
          ...test.store,
          close: test.close,
          claimDeliveries: async () => {
            const cause = Object.assign(new Error('connection terminated unexpectedly'), { code: '08006' });
            throw new DrizzleQueryError('select "secret" from "webhook_deliveries" where "secret" = $1', [secret], cause);
          },
        };
        return { store: broken, seeded: false, demoCredentials: test.demoCredentials };
      },
    });
    const deadline = Date.now() + 5_000;
    while (!sink.text().includes('webhook delivery run failed') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));

    const failed = sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.msg === 'webhook delivery run failed');
    expect(failed).toMatchObject({ fault: { kind: 'database', name: 'DrizzleQueryError', code: '08006', sqlClass: 'connection_exception' } });
    expect(sink.text()).not.toContain(secret);
    expect(sink.text()).not.toMatch(/whsec_|Failed query|params|select/i);
  });
});

describe('classifyFault', () => {
  const keyHash = 'a'.repeat(64);
  it.each([
    ['a drizzle error around a driver error', new DrizzleQueryError('select 1 where h = $1', [keyHash], Object.assign(new Error('x'), { code: '57P01' })), { kind: 'database', code: '57P01', sqlClass: 'operator_intervention' }],
    ['a drizzle error without a cause', new DrizzleQueryError('select 1 where h = $1', [keyHash]), { kind: 'database', name: 'DrizzleQueryError' }],
    ['a statement timeout', Object.assign(new Error(`canceling statement ${keyHash}`), { code: '57014' }), { kind: 'timeout', code: '57014' }],
    ['a refused connection', Object.assign(new Error(`connect ECONNREFUSED ${keyHash}`), { code: 'ECONNREFUSED' }), { kind: 'network', code: 'ECONNREFUSED' }],
    ['a plain bug', new TypeError(`cannot read ${keyHash}`), { kind: 'internal', name: 'TypeError' }],
    ['a thrown string', `whsec_${keyHash}`, { kind: 'internal' }],
  ])('%s', (_label, error, expected) => {
    const summary = classifyFault(error);
    expect(summary).toMatchObject(expected);
    expect(JSON.stringify(summary)).not.toContain(keyHash);
  });

  it('keeps only stack frames, even when the message holds lines that look like frames', () => {
    const error = new Error('note:\n    at whsec_smuggled (x.ts:1:1)');
    const summary = classifyFault(error);
    expect(summary.frames?.length).toBeGreaterThan(0);
    expect(JSON.stringify(summary)).not.toContain('whsec_');
  });

  it('gives the CLI a one-line reason without the values a database message quotes', () => {
    expect(faultLine(new DrizzleQueryError('insert into api_keys values ($1)', [keyHash], Object.assign(new Error('dup'), { code: '23505' })))).toBe(
      'database fault 23505 integrity_constraint_violation',
    );
    expect(faultLine(Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:4010'), { code: 'EADDRINUSE' }))).toBe(
      'listen EADDRINUSE: address already in use 127.0.0.1:4010',
    );
  });
});
