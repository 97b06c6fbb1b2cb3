import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreateOrderBody } from '../../../shared';
import { OrderDraft, type OutboxEntry } from '../../../shared/bridge';
import { loadOutboxFile, OUTBOX_FILE_NAME, recordLine, saveOutboxFile } from '../../../electron/core/outbox';
import { orderBody } from '../api/fixtures';
import { queuedOutboxEntry } from '../../support/outbox-entries';
import { confirmedResult, draft, failedResult, manualTime, openOutbox, readOutboxFile, scriptedSend, tempDir } from './outbox-harness';

/**
 * Issue 26 point 2 in the outbox: an order with a line of bottles (a split case) beside a line of
 * cases of the same product is kept on disk with its units, survives a restart, and is sent with
 * `unit: 'bottle'`; a stored record whose unit is not one the contract knows is not read as cases.
 */
const bottlesAndCases: CreateOrderBody = {
  ...orderBody,
  items: [
    { product_id: 'prod_1', quantity: 2 },
    { product_id: 'prod_1', quantity: 5, unit: 'bottle' },
  ],
};
const STAMP = '2026-11-22T09:00:00.000Z';

const cleanups: Array<() => Promise<void>> = [];
const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((outbox) => outbox.close()));
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
async function dir() {
  const made = await tempDir();
  cleanups.push(made.cleanup);
  return made.dir;
}

describe('an order with a line of bottles in the outbox (issue 26)', () => {
  it('is accepted as a draft with cases and bottles of one product, and refused with a unit the contract does not know', () => {
    expect(OrderDraft.safeParse(draft(bottlesAndCases)).success).toBe(true);
    const crate = { ...bottlesAndCases, items: [{ product_id: 'prod_1', quantity: 5, unit: 'crate' }] };
    expect(OrderDraft.safeParse(draft(crate as unknown as CreateOrderBody)).success).toBe(false);
    // Two lines of bottles of one product are one line too many.
    const twice = { ...bottlesAndCases, items: [bottlesAndCases.items[1]!, bottlesAndCases.items[1]!] };
    expect(OrderDraft.safeParse(draft(twice)).success).toBe(false);
  });

  it('queued offline, survives a restart with its units, and is sent with unit bottle', async () => {
    const folder = await dir();
    const time = manualTime();
    const offline = scriptedSend(failedResult('offline'));
    const first = await openOutbox(folder, time, { send: offline.send }).opened;
    const submitted = await first.submit([draft(bottlesAndCases)]);
    expect(submitted.ok).toBe(true);
    await first.whenIdle();
    expect(first.list()[0]?.state).toBe('queued');
    await first.close();
    // On disk, the line of bottles says so.
    expect((await readOutboxFile(folder)).entries[0]?.order.items).toEqual(bottlesAndCases.items);

    const online = scriptedSend(confirmedResult(bottlesAndCases));
    const again = await openOutbox(folder, time, { send: online.send }).opened;
    opened.push(again);
    expect(again.list()[0]?.order.items).toEqual(bottlesAndCases.items);
    again.kick();
    time.advance(60_000);
    await again.whenIdle();
    expect(online.sent.map((entry) => entry.order.items)).toEqual([bottlesAndCases.items]);
    expect(online.sent[0]?.idempotencyKey).toBe(offline.sent[0]?.idempotencyKey);
    expect(again.list()[0]?.state).toBe('confirmed');
  });

  it('reads a file of before split cases (no units) as it was, and sets aside a record whose unit it does not know rather than send it as cases', async () => {
    const folder = await dir();
    const before = queuedOutboxEntry({ id: 'out_before', accountId: 'org_buyer1', order: orderBody, estimatedTotalCents: 20_000, createdAt: STAMP });
    const bottles = queuedOutboxEntry({ id: 'out_bottles', accountId: 'org_buyer1', order: bottlesAndCases, estimatedTotalCents: 30_000, createdAt: STAMP });
    await saveOutboxFile(folder, [before, bottles]);
    expect(await loadOutboxFile(folder, STAMP)).toEqual({ entries: [before, bottles], problem: null });

    // A record written with an unknown unit (by a later version, or damaged with a valid checksum).
    const crate = { ...bottles, id: 'out_crate', order: { ...bottlesAndCases, items: [{ product_id: 'prod_1', quantity: 5, unit: 'crate' }] } } as unknown as OutboxEntry;
    const file = path.join(folder, OUTBOX_FILE_NAME);
    const [header, ...records] = (await readFile(file, 'utf8')).trimEnd().split('\n');
    const counted = JSON.stringify({ ...(JSON.parse(header ?? '{}') as object), entries: 3 });
    await writeFile(file, `${[counted, ...records, recordLine(crate)].join('\n')}\n`);
    const loaded = await loadOutboxFile(folder, `${STAMP}-crate`);
    expect(loaded.entries.map((entry) => entry.id)).toEqual(['out_before', 'out_bottles']);
    expect(loaded.problem?.unreadable).toBe(1);
  });
});
