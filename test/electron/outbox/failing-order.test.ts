import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_ORDER_FAILURES, type SendResult } from '../../../electron/core/outbox';
import type { CreateOrderBody } from '../../../shared';
import type { OutboxEntry } from '../../../shared/bridge';
import { orderBody } from '../api/fixtures';
import { confirmedResult, draft, failedResult, manualTime, openOutbox, readOutboxFile, tempDir } from './outbox-harness';

const failing = orderBody;
const healthy: CreateOrderBody = { ...orderBody, supplier_id: 'sup_def', items: [{ product_id: 'prod_2', quantity: 1 }] };
const alsoHealthy: CreateOrderBody = { ...orderBody, supplier_id: 'sup_ghi', items: [{ product_id: 'prod_3', quantity: 1 }] };
const later: CreateOrderBody = { ...orderBody, supplier_id: 'sup_jkl', items: [{ product_id: 'prod_4', quantity: 1 }] };

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()));
  cleanups = [];
});
async function dir() {
  const made = await tempDir();
  cleanups.push(made.cleanup);
  return made.dir;
}

/** A send that answers each order by its supplier, and records what was sent, in order. */
function sendBySupplier(answers: Record<string, (entry: OutboxEntry) => SendResult | Promise<SendResult>>) {
  const sent: OutboxEntry[] = [];
  const send = vi.fn(async (entry: OutboxEntry) => {
    sent.push(structuredClone(entry));
    const answer = answers[entry.order.supplier_id];
    if (!answer) return confirmedResult(entry.order, `ord_${entry.order.supplier_id}`);
    return answer(entry);
  });
  const triesOf = (body: CreateOrderBody) => sent.filter((entry) => entry.order.supplier_id === body.supplier_id).length;
  return { send, sent, triesOf };
}

const timeoutResult: SendResult = { ok: false, error: { code: 'timeout', message: 'no answer', retryable: true, status: null, problemCode: null, retryAfterMs: null } };
const stateOf = (entries: OutboxEntry[], body: CreateOrderBody) => entries.find((entry) => entry.order.supplier_id === body.supplier_id);

/** Runs the outbox's own timers until nothing more is due within `ms`, one second at a time. */
async function runFor(time: ReturnType<typeof manualTime>, idle: () => Promise<void>, ms: number) {
  for (let passed = 0; passed < ms; passed += 1_000) {
    time.advance(1_000);
    await idle();
  }
}

describe('outbox: one failing order', () => {
  it('does not hold up the orders behind it: a 503 on one order gives that order alone a wait', async () => {
    const time = manualTime();
    const { send, triesOf } = sendBySupplier({ [failing.supplier_id]: () => failedResult('service_error') });
    const outbox = await openOutbox(await dir(), time, { send }).opened;
    await outbox.submit([draft(failing), draft(healthy), draft(alsoHealthy)]);
    await outbox.whenIdle();

    expect(triesOf(healthy)).toBe(1);
    expect(triesOf(alsoHealthy)).toBe(1);
    expect(stateOf(outbox.list(), healthy)?.state).toBe('confirmed');
    expect(stateOf(outbox.list(), alsoHealthy)?.state).toBe('confirmed');
    expect(stateOf(outbox.list(), failing)).toMatchObject({ state: 'queued', failures: 1 });
    expect(stateOf(outbox.list(), failing)?.nextAttemptAt).not.toBeNull();
    await outbox.close();
  });

  it.each([
    ['a 5xx', failedResult('service_error')],
    ['no answer in time', timeoutResult],
  ])('lets the next order go at once after %s on the first', async (_label, failure) => {
    const time = manualTime();
    const { send, sent } = sendBySupplier({ [failing.supplier_id]: () => failure });
    const outbox = await openOutbox(await dir(), time, { send }).opened;
    await outbox.submit([draft(failing), draft(healthy)]);
    await outbox.whenIdle();
    expect(sent.map((entry) => entry.order.supplier_id)).toEqual([failing.supplier_id, healthy.supplier_id]);
    await outbox.close();
  });

  it.each([
    ['unreachable', failedResult('offline'), 1_000],
    ['a 429 with Retry-After', failedResult('rate_limited', { retryAfterMs: 30_000 }), 30_000],
  ])('holds the whole outbox when the service is %s, and counts it against no order', async (_label, failure, holdMs) => {
    const time = manualTime();
    let answer: SendResult = failure;
    const { send, sent } = sendBySupplier({ [failing.supplier_id]: () => answer });
    const outbox = await openOutbox(await dir(), time, { send }).opened;
    await outbox.submit([draft(failing), draft(healthy)]);
    await outbox.whenIdle();
    expect(sent).toHaveLength(1);
    expect(time.waits()).toEqual([holdMs]);
    expect(stateOf(outbox.list(), failing)).toMatchObject({ state: 'queued', failures: 0 });

    time.advance(holdMs - 1);
    await outbox.whenIdle();
    expect(sent).toHaveLength(1);
    answer = confirmedResult(failing);
    time.advance(1);
    await outbox.whenIdle();
    expect(sent.map((entry) => entry.order.supplier_id)).toEqual([failing.supplier_id, failing.supplier_id, healthy.supplier_id]);
    expect(outbox.list().map((entry) => entry.state)).toEqual(['confirmed', 'confirmed']);
    await outbox.close();
  });

  it(`moves to needs_review after ${MAX_ORDER_FAILURES} failures, says why in plain words, and is never dropped or tried again by itself`, async () => {
    const time = manualTime();
    const folder = await dir();
    const { send, triesOf } = sendBySupplier({ [failing.supplier_id]: () => failedResult('service_error') });
    const outbox = await openOutbox(folder, time, { send }).opened;
    await outbox.submit([draft(failing)]);
    await outbox.whenIdle();
    await runFor(time, () => outbox.whenIdle(), 10 * 60_000);

    expect(triesOf(failing)).toBe(MAX_ORDER_FAILURES);
    const [entry] = outbox.list();
    expect(entry).toMatchObject({ state: 'needs_review', failures: MAX_ORDER_FAILURES, review: { kind: 'failed' } });
    expect(entry?.review?.message).toBe(`The service failed on this order ${MAX_ORDER_FAILURES} times; it was not placed. You can send it again or discard it.`);
    expect(time.waits()).toEqual([]);

    await runFor(time, () => outbox.whenIdle(), 60 * 60_000);
    outbox.kick();
    await outbox.whenIdle();
    expect(triesOf(failing)).toBe(MAX_ORDER_FAILURES);
    expect((await readOutboxFile(folder)).entries).toMatchObject([{ state: 'needs_review', idempotencyKey: entry?.idempotencyKey }]);
    await outbox.close();
  });

  it('sends it again with the same Idempotency-Key and a fresh count when the buyer asks', async () => {
    const time = manualTime();
    let recovered = false;
    const { send, sent } = sendBySupplier({ [failing.supplier_id]: (entry) => (recovered ? confirmedResult(entry.order, 'ord_late') : failedResult('service_error')) });
    const outbox = await openOutbox(await dir(), time, { send }).opened;
    await outbox.submit([draft(failing)]);
    await outbox.whenIdle();
    await runFor(time, () => outbox.whenIdle(), 10 * 60_000);
    const [waiting] = outbox.list();
    expect(waiting?.state).toBe('needs_review');

    const again = await outbox.retry(waiting?.id ?? '');
    expect(again.ok && again.data).toMatchObject({ state: 'queued', failures: 0, review: null });
    await outbox.whenIdle();
    expect(sent).toHaveLength(MAX_ORDER_FAILURES + 1);
    await runFor(time, () => outbox.whenIdle(), 10 * 60_000);
    expect(sent).toHaveLength(2 * MAX_ORDER_FAILURES);
    expect(outbox.list()[0]?.state).toBe('needs_review');

    recovered = true;
    await outbox.retry(waiting?.id ?? '');
    await outbox.whenIdle();
    expect(new Set(sent.map((attempt) => attempt.idempotencyKey))).toEqual(new Set([waiting?.idempotencyKey]));
    expect(outbox.list()[0]).toMatchObject({ state: 'confirmed', confirmed: { id: 'ord_late' } });
    await outbox.close();
  });

  it('keeps its count of failures across a restart', async () => {
    const time = manualTime();
    const folder = await dir();
    const { send, triesOf } = sendBySupplier({ [failing.supplier_id]: () => failedResult('service_error') });
    const first = await openOutbox(folder, time, { send }).opened;
    await first.submit([draft(failing)]);
    await first.whenIdle();
    time.advance(1_000);
    await first.whenIdle();
    expect(triesOf(failing)).toBe(2);
    await first.close();

    const restarted = await openOutbox(folder, time, { send }).opened;
    await restarted.whenIdle();
    await runFor(time, () => restarted.whenIdle(), 10 * 60_000);
    expect(triesOf(failing)).toBe(MAX_ORDER_FAILURES);
    expect(restarted.list()[0]?.state).toBe('needs_review');
    await restarted.close();
  });

  it('says the order may have been placed when the last failures were timeouts', async () => {
    const time = manualTime();
    const { send } = sendBySupplier({ [failing.supplier_id]: () => timeoutResult });
    const outbox = await openOutbox(await dir(), time, { send }).opened;
    await outbox.submit([draft(failing)]);
    await outbox.whenIdle();
    await runFor(time, () => outbox.whenIdle(), 10 * 60_000);
    expect(outbox.list()[0]).toMatchObject({ state: 'needs_review', review: { kind: 'failed' } });
    expect(outbox.list()[0]?.review?.message).toMatch(/may or may not have been placed/);
    await outbox.close();
  });

  it('keeps refused orders apart: they ask for a fix, not a resend', async () => {
    const time = manualTime();
    const { send } = sendBySupplier({ [failing.supplier_id]: () => failedResult('rejected', { problemCode: 'insufficient_inventory' }) });
    const outbox = await openOutbox(await dir(), time, { send }).opened;
    await outbox.submit([draft(failing)]);
    await outbox.whenIdle();
    expect(outbox.list()[0]).toMatchObject({ state: 'needs_review', review: { kind: 'refused', code: 'insufficient_inventory' } });
    await outbox.close();
  });
});

describe('outbox: fair order', () => {
  it('sends due entries oldest first, and a waiting entry never blocks a due one', async () => {
    const time = manualTime();
    let failFirstTry = true;
    let releaseHealthy!: () => void;
    let healthyStarted!: () => void;
    const started = new Promise<void>((resolve) => (healthyStarted = resolve));
    const { send, sent } = sendBySupplier({
      [failing.supplier_id]: (entry) => {
        if (!failFirstTry) return confirmedResult(entry.order, 'ord_a');
        failFirstTry = false;
        return failedResult('service_error');
      },
      [healthy.supplier_id]: (entry) => {
        healthyStarted();
        return new Promise<SendResult>((resolve) => (releaseHealthy = () => resolve(confirmedResult(entry.order, 'ord_b'))));
      },
    });
    const harness = openOutbox(await dir(), time, { send });
    const outbox = await harness.opened;
    await outbox.submit([draft(failing), draft(healthy)]);
    // The first order failed and waits 1 s (random 0.5 of 2 s); the second is on its way.
    await started;
    time.advance(5_000);
    await outbox.submit([draft(later)]);
    releaseHealthy();
    await outbox.whenIdle();
    // Both the older waiting order (now due) and the newer one are due: the older goes first.
    expect(sent.map((entry) => entry.order.supplier_id)).toEqual([failing.supplier_id, healthy.supplier_id, failing.supplier_id, later.supplier_id]);
    expect(outbox.list().map((entry) => entry.state)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    await outbox.close();
  });

  it('sends a newer due order while an older one waits out its backoff', async () => {
    const time = manualTime();
    const { send, sent } = sendBySupplier({ [failing.supplier_id]: () => failedResult('service_error', { retryAfterMs: 600_000 }) });
    const outbox = await openOutbox(await dir(), time, { send }).opened;
    await outbox.submit([draft(failing)]);
    await outbox.whenIdle();
    time.advance(1_000);
    await outbox.submit([draft(healthy)]);
    await outbox.whenIdle();
    expect(sent.map((entry) => entry.order.supplier_id)).toEqual([failing.supplier_id, healthy.supplier_id]);
    expect(stateOf(outbox.list(), healthy)?.state).toBe('confirmed');
    expect(time.waits()).toEqual([599_000]);
    await outbox.close();
  });
});
