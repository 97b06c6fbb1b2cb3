import { readFile, readdir, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTBOX_FILE_NAME } from '../../../electron/core/outbox';
import type { SendResult } from '../../../electron/core/outbox';
import { orderBody } from '../api/fixtures';
import { confirmedResult, draft, failedResult, manualTime, openOutbox, readOutboxFile, scriptedSend, tempDir } from './outbox-harness';

const secondOrder = { ...orderBody, supplier_id: 'sup_def', items: [{ product_id: 'prod_2', quantity: 1 }] };
let cleanups: Array<() => Promise<void>> = [];
/** Every outbox a test opened, closed after it (also when it fails) before its folder goes. */
const openedOutboxes: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(openedOutboxes.splice(0).map((outbox) => outbox.close()));
  await Promise.all(cleanups.map((cleanup) => cleanup()));
  cleanups = [];
});
function open(...args: Parameters<typeof openOutbox>) {
  const handle = openOutbox(...args);
  void handle.opened.then((outbox) => openedOutboxes.push(outbox), () => undefined);
  return handle;
}
async function dir() {
  const made = await tempDir();
  cleanups.push(made.cleanup);
  return made.dir;
}

describe('outbox: durability', () => {
  it('has the entry on disk with its key when submit resolves, and marks it sending on disk before the request', async () => {
    const folder = await dir();
    const time = manualTime();
    let stateOnDiskDuringSend: string | undefined;
    const { send } = scriptedSend(async () => {
      stateOnDiskDuringSend = (await readOutboxFile(folder)).entries[0]?.state;
      return confirmedResult(orderBody);
    });
    const outbox = await open(folder, time, { send }).opened;
    const submitted = await outbox.submit([draft(orderBody)]);
    expect(submitted.ok).toBe(true);
    const entry = submitted.ok ? submitted.data[0] : undefined;
    const onDisk = (await readOutboxFile(folder)).entries;
    expect(onDisk.map((stored) => [stored.id, stored.idempotencyKey])).toEqual([[entry?.id, entry?.idempotencyKey]]);
    expect(entry?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await outbox.whenIdle();
    expect(stateOnDiskDuringSend).toBe('sending');
    const confirmed = (await readOutboxFile(folder)).entries[0];
    expect(confirmed?.state).toBe('confirmed');
    expect(confirmed?.confirmed?.id).toBe('ord_1');
  });

  it('reports a storage error and keeps nothing when the file cannot be written', async () => {
    const folder = await dir();
    const blocked = path.join(folder, 'not-a-folder');
    await writeFile(blocked, 'x');
    const { send } = scriptedSend(confirmedResult(orderBody));
    const outbox = await open(blocked, manualTime(), { send }).opened;
    const submitted = await outbox.submit([draft(orderBody)]);
    expect(!submitted.ok && submitted.error.code).toBe('storage_error');
    expect(outbox.list()).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });

  it('resends an entry left in sending by a crash, with the same Idempotency-Key', async () => {
    const folder = await dir();
    const time = manualTime();
    let requestLeft!: () => void;
    const requestSent = new Promise<void>((resolve) => (requestLeft = resolve));
    const first = scriptedSend(() => {
      requestLeft();
      return new Promise<SendResult>(() => undefined);
    });
    const crashed = await open(folder, time, { send: first.send }).opened;
    const submitted = await crashed.submit([draft(orderBody)]);
    await requestSent;
    await crashed.close();

    const second = scriptedSend(confirmedResult(orderBody));
    const restarted = await open(folder, time, { send: second.send }).opened;
    await restarted.whenIdle();
    expect(second.sent).toHaveLength(1);
    expect(second.sent[0]?.idempotencyKey).toBe(submitted.ok ? submitted.data[0]?.idempotencyKey : 'missing');
    expect(second.sent[0]?.attempts).toBe(2);
    expect(restarted.list()[0]?.state).toBe('confirmed');
  });

  it.each([
    ['foreign JSON', JSON.stringify({ hello: 'world' }), /not a Caseworks outbox/],
    ['another version', JSON.stringify({ format: 'caseworks-outbox', version: 99, entries: 0 }), /another version/],
  ])('moves aside a file that is %s and starts empty', async (_label, contents, reason) => {
    const folder = await dir();
    await writeFile(path.join(folder, OUTBOX_FILE_NAME), contents);
    const { send } = scriptedSend(confirmedResult(orderBody));
    const harness = open(folder, manualTime(), { send });
    const outbox = await harness.opened;
    expect(outbox.list()).toEqual([]);
    expect(outbox.loadProblem?.message).toMatch(reason);
    expect(outbox.loadProblem?.unreadable).toBeNull();
    expect(harness.problems[0]).toMatch(reason);
    const files = await readdir(folder);
    const aside = files.find((name) => name.startsWith(`${OUTBOX_FILE_NAME}.damaged-`));
    expect(aside).toBeDefined();
    expect(outbox.loadProblem?.keptAs).toBe(path.join(folder, aside ?? ''));
    expect(await readFile(path.join(folder, aside ?? ''), 'utf8')).toBe(contents);
    expect((await outbox.submit([draft(orderBody)])).ok).toBe(true);
    await outbox.whenIdle();
  });

  it('cut short on disk, keeps every order before the cut and says how many could not be read and where the copy is', async () => {
    const folder = await dir();
    const time = manualTime();
    const { send } = scriptedSend(...Array.from({ length: 5 }, () => failedResult('offline')));
    const writer = await open(folder, time, { send }).opened;
    await writer.submit(Array.from({ length: 5 }, (_, index) => draft(orderBody, `Winery ${index + 1}`)));
    await writer.whenIdle();
    await writer.close();
    const [name] = (await readdir(folder)).filter((file) => file.startsWith('outbox.json'));
    const file = path.join(folder, name ?? 'missing');
    await truncate(file, Math.floor((await stat(file)).size * 0.7));

    const reader = await open(folder, time, { send }).opened;
    const kept = reader.list().map((entry) => entry.supplierName);
    expect(kept.length, 'the orders before the cut are kept').toBeGreaterThanOrEqual(3);
    expect(kept).toEqual(['Winery 1', 'Winery 2', 'Winery 3', 'Winery 4', 'Winery 5'].slice(0, kept.length));
    expect(reader.loadProblem?.unreadable).toBe(5 - kept.length);
    expect(reader.loadProblem?.message).toContain(reader.loadProblem?.keptAs ?? 'no copy');
    expect((await stat(reader.loadProblem?.keptAs ?? '')).isFile()).toBe(true);
    await reader.whenIdle();
  });

  it('keeps the good entries of a file with a damaged record, and a copy of the original', async () => {
    const folder = await dir();
    const time = manualTime();
    const { send } = scriptedSend(failedResult('rejected'), failedResult('rejected'));
    const writer = await open(folder, time, { send }).opened;
    await writer.submit([draft(orderBody), draft(secondOrder, 'Dale Cellars')]);
    await writer.whenIdle();
    await writer.close();
    const file = path.join(folder, OUTBOX_FILE_NAME);
    const [header, first, second] = (await readFile(file, 'utf8')).split('\n');
    // One byte of the first record changed: its checksum no longer matches, the second still does.
    const damaged = [header, first?.replace('Hill Winery', 'Hill Winerz'), second, ''].join('\n');
    await writeFile(file, damaged);
    const reader = await open(folder, time, { send }).opened;
    expect(reader.list().map((entry) => entry.supplierName)).toEqual(['Dale Cellars']);
    expect(reader.loadProblem).toMatchObject({ unreadable: 1, message: expect.stringMatching(/^1 queued order could not be read/) });
    expect(await readFile(reader.loadProblem?.keptAs ?? '', 'utf8')).toBe(damaged);
    await reader.whenIdle();
  });
});

describe('outbox: sending', () => {
  it('does not let a rejected order block the next one', async () => {
    const folder = await dir();
    const fields = [{ pointer: '/items/0/quantity', detail: 'only 1 case left' }];
    const { send, sent } = scriptedSend(
      failedResult('rejected', { problemCode: 'insufficient_inventory', fields, message: 'Not enough stock.' }),
      confirmedResult(secondOrder, 'ord_2'),
    );
    const outbox = await open(folder, manualTime(), { send }).opened;
    await outbox.submit([draft(orderBody), draft(secondOrder)]);
    await outbox.whenIdle();
    expect(sent).toHaveLength(2);
    const [rejected, placed] = outbox.list();
    expect(rejected).toMatchObject({ state: 'needs_review', review: { code: 'insufficient_inventory', message: 'Not enough stock.', fields } });
    expect(placed).toMatchObject({ state: 'confirmed', confirmed: { id: 'ord_2' } });
    expect(outbox.pendingCount()).toBe(1);
  });

  it('retry() resends with the same key; update() sends the new order with a new key; discard() removes it', async () => {
    const folder = await dir();
    const { send, sent } = scriptedSend(failedResult('rejected'), failedResult('rejected'), confirmedResult(secondOrder, 'ord_9'));
    const outbox = await open(folder, manualTime(), { send }).opened;
    const [entry] = (await outbox.submit([draft(orderBody)])).ok ? outbox.list() : [];
    await outbox.whenIdle();
    const retried = await outbox.retry(entry?.id ?? '');
    expect(retried.ok).toBe(true);
    await outbox.whenIdle();
    expect(sent.map((attempt) => attempt.idempotencyKey)).toEqual([entry?.idempotencyKey, entry?.idempotencyKey]);

    const updated = await outbox.update(entry?.id ?? '', secondOrder);
    await outbox.whenIdle();
    expect(sent[2]?.order).toEqual(secondOrder);
    expect(sent[2]?.idempotencyKey).not.toBe(entry?.idempotencyKey);
    expect(updated.ok && updated.data.idempotencyKey).toBe(sent[2]?.idempotencyKey);
    expect(outbox.list()[0]?.state).toBe('confirmed');

    expect(await outbox.discard(entry?.id ?? '')).toEqual({ ok: true, data: { discarded: true } });
    expect((await readOutboxFile(folder)).entries).toEqual([]);
  });

  it('refuses to update a confirmed order and to discard one being sent', async () => {
    const folder = await dir();
    let release!: (result: SendResult) => void;
    let started!: () => void;
    const sendStarted = new Promise<void>((resolve) => (started = resolve));
    const { send } = scriptedSend(() => {
      started();
      return new Promise<SendResult>((resolve) => (release = resolve));
    });
    const outbox = await open(folder, manualTime(), { send }).opened;
    await outbox.submit([draft(orderBody)]);
    await sendStarted;
    const id = outbox.list()[0]?.id ?? '';
    expect(outbox.list()[0]?.state).toBe('sending');
    expect((await outbox.discard(id)).ok).toBe(false);
    release(confirmedResult(orderBody));
    await outbox.whenIdle();
    expect((await outbox.update(id, secondOrder)).ok).toBe(false);
  });

  it('backs off with jitter after a retryable failure and sends again when the time comes', async () => {
    const folder = await dir();
    const time = manualTime();
    const { send, sent } = scriptedSend(failedResult('service_error'), failedResult('service_error'), confirmedResult(orderBody));
    const outbox = await open(folder, time, { send }).opened;
    await outbox.submit([draft(orderBody)]);
    await outbox.whenIdle();
    // random 0.5 → half of base 2 s for the first retry, half of 4 s for the second
    expect(outbox.list()[0]).toMatchObject({ state: 'queued', attempts: 1, failures: 1, lastError: 'failed: service_error' });
    expect(time.waits()).toEqual([1_000]);
    time.advance(999);
    await outbox.whenIdle();
    expect(sent).toHaveLength(1);
    time.advance(1);
    await outbox.whenIdle();
    expect(sent).toHaveLength(2);
    expect(time.waits()).toEqual([2_000]);
    time.advance(2_000);
    await outbox.whenIdle();
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((attempt) => attempt.idempotencyKey)).size).toBe(1);
    expect(outbox.list()[0]?.state).toBe('confirmed');
  });

  it('waits at least as long as Retry-After asks', async () => {
    const folder = await dir();
    const time = manualTime();
    const { send } = scriptedSend(failedResult('rate_limited', { retryAfterMs: 45_000 }), confirmedResult(orderBody));
    const outbox = await open(folder, time, { send }).opened;
    await outbox.submit([draft(orderBody)]);
    await outbox.whenIdle();
    expect(time.waits()).toEqual([45_000]);
  });

  it('holds the whole queue after a connection failure instead of trying each order', async () => {
    const folder = await dir();
    const time = manualTime();
    const { send, sent } = scriptedSend(failedResult('offline'));
    const outbox = await open(folder, time, { send }).opened;
    await outbox.submit([draft(orderBody), draft(secondOrder)]);
    await outbox.whenIdle();
    expect(sent).toHaveLength(1);
  });

  it('kick() sends at once, skipping the wait', async () => {
    const folder = await dir();
    const time = manualTime();
    const { send, sent } = scriptedSend(failedResult('offline'), confirmedResult(orderBody));
    const outbox = await open(folder, time, { send }).opened;
    await outbox.submit([draft(orderBody)]);
    await outbox.whenIdle();
    outbox.kick();
    await outbox.whenIdle();
    expect(sent).toHaveLength(2);
    expect(outbox.list()[0]?.state).toBe('confirmed');
  });

  it('pauses on 401 without marking the order rejected, until kicked', async () => {
    const folder = await dir();
    const time = manualTime();
    const { send, sent } = scriptedSend(failedResult('unauthorized'), confirmedResult(orderBody));
    const outbox = await open(folder, time, { send }).opened;
    await outbox.submit([draft(orderBody), draft(secondOrder)]);
    await outbox.whenIdle();
    expect(sent).toHaveLength(1);
    expect(outbox.list().map((entry) => entry.state)).toEqual(['queued', 'queued']);
    expect(time.waits()).toEqual([]);
    time.advance(3_600_000);
    await outbox.whenIdle();
    expect(sent).toHaveLength(1);
    outbox.kick();
    await outbox.whenIdle();
    expect(sent).toHaveLength(3);
  });

  it('sends only the signed-in account’s orders and keeps the others through sign-out', async () => {
    const folder = await dir();
    const time = manualTime();
    const { send, sent } = scriptedSend(failedResult('offline'), confirmedResult(orderBody));
    const harness = open(folder, time, { send });
    const outbox = await harness.opened;
    await outbox.submit([draft(orderBody)]);
    await outbox.whenIdle();
    harness.signIn(null);
    outbox.kick();
    await outbox.whenIdle();
    harness.signIn('org_other');
    outbox.kick();
    await outbox.whenIdle();
    expect(sent).toHaveLength(1);
    expect(outbox.list()).toEqual([]);
    expect(outbox.list('all')).toHaveLength(1);
    expect(outbox.pendingCount('org_buyer1')).toBe(1);
    expect(harness.changes.at(-1)).toEqual([]);
    harness.signIn('org_buyer1');
    outbox.kick();
    await outbox.whenIdle();
    expect(sent).toHaveLength(2);
    expect(outbox.list()[0]?.state).toBe('confirmed');
  });

  it('refuses orders while nobody is signed in, and invalid drafts', async () => {
    const folder = await dir();
    const { send } = scriptedSend(confirmedResult(orderBody));
    const harness = open(folder, manualTime(), { send });
    const outbox = await harness.opened;
    expect(await outbox.submit([{ ...draft(orderBody), order: { ...orderBody, items: [] } }])).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    harness.signIn(null);
    expect(await outbox.submit([draft(orderBody)])).toMatchObject({ ok: false, error: { code: 'not_configured' } });
  });

  it('asks for review when the confirmation could not be read, keeping the key for a safe resend', async () => {
    const folder = await dir();
    const { send } = scriptedSend(failedResult('bad_response'));
    const outbox = await open(folder, manualTime(), { send }).opened;
    await outbox.submit([draft(orderBody)]);
    await outbox.whenIdle();
    expect(outbox.list()[0]?.state).toBe('needs_review');
    expect(outbox.list()[0]?.review?.message).toMatch(/may have been placed/);
  });

  it('treats a send that throws as a retryable failure', async () => {
    const folder = await dir();
    const time = manualTime();
    const { send } = scriptedSend(() => Promise.reject(new Error('boom')));
    const outbox = await open(folder, time, { send }).opened;
    await outbox.submit([draft(orderBody)]);
    await outbox.whenIdle();
    expect(outbox.list()[0]).toMatchObject({ state: 'queued', attempts: 1 });
    expect(time.waits()).toHaveLength(1);
  });

  it('drops confirmed entries after the retention period', async () => {
    const folder = await dir();
    const time = manualTime();
    const { send } = scriptedSend(confirmedResult(orderBody));
    const outbox = await open(folder, time, { send, confirmedRetentionMs: 60_000 }).opened;
    await outbox.submit([draft(orderBody)]);
    await outbox.whenIdle();
    await outbox.close();
    time.advance(61_000);
    const reopened = await open(folder, time, { send, confirmedRetentionMs: 60_000 }).opened;
    expect(reopened.list()).toEqual([]);
    expect((await readOutboxFile(folder)).entries).toEqual([]);
  });
});
