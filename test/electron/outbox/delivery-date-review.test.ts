import { afterEach, describe, expect, it } from 'vitest';
import { orderBody } from '../api/fixtures';
import { START, confirmedResult, draft, failedResult, manualTime, openOutbox, readOutboxFile, scriptedSend, tempDir } from './outbox-harness';

/**
 * Issue 26.3: a queued order asking for a delivery date whose order cutoff passes before it is sent
 * goes to review and is never sent with that date (nor with one the buyer did not choose).
 */
const MINUTE = 60_000;
const dated = { ...orderBody, requested_delivery_date: '2026-11-24' };
/** The cutoff the cart showed: 30 minutes after the test clock's start. */
const cutoffAt = new Date(START + 30 * MINUTE).toISOString();
const datedDraft = () => ({ ...draft(dated), deliveryCutoffAt: cutoffAt });

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});
async function setUp(send: ReturnType<typeof scriptedSend>['send']) {
  const folder = await tempDir();
  const time = manualTime();
  const handle = openOutbox(folder.dir, time, { send });
  const outbox = await handle.opened;
  closers.push(folder.cleanup, () => outbox.close());
  return { outbox, time, folder: folder.dir };
}

describe('outbox: a delivery date whose cutoff passed while offline', () => {
  it('goes to review at the cutoff without being sent, while the outbox holds offline, and says why', async () => {
    const { send, sent } = scriptedSend(failedResult('offline'));
    const { outbox, time, folder } = await setUp(send);
    expect((await outbox.submit([datedDraft()])).ok).toBe(true);
    await outbox.whenIdle();
    expect(sent).toHaveLength(1); // tried once, offline: the outbox holds
    expect(outbox.list()[0]?.state).toBe('queued');

    time.advance(30 * MINUTE); // the cutoff, before the hold ends
    await outbox.whenIdle();
    const entry = outbox.list()[0];
    expect(sent).toHaveLength(1);
    expect(entry).toMatchObject({
      state: 'needs_review',
      review: { kind: 'refused', code: 'delivery_date_unavailable', fields: [{ pointer: '/requested_delivery_date', detail: 'its order cutoff has passed' }] },
    });
    expect(entry?.review?.message).toContain('The order cutoff for delivery on Tuesday, November 24, 2026 passed before this order could be sent');
    expect((await readOutboxFile(folder)).entries[0]?.state).toBe('needs_review');

    // Back online, the outbox sends nothing by itself.
    outbox.kick();
    time.advance(10 * MINUTE);
    await outbox.whenIdle();
    expect(sent).toHaveLength(1);
  });

  it('is not sent when it comes due after its cutoff (sending again as it is puts it back to review)', async () => {
    const { send, sent } = scriptedSend(confirmedResult(dated));
    const { outbox, time } = await setUp(send);
    // Written with a cutoff already passed (the clock moved on between the cart and the outbox).
    time.advance(31 * MINUTE);
    await outbox.submit([datedDraft()]);
    await outbox.whenIdle();
    expect(sent).toHaveLength(0);
    const entry = outbox.list()[0]!;
    expect(entry.state).toBe('needs_review');
    await outbox.retry(entry.id);
    await outbox.whenIdle();
    expect(sent).toHaveLength(0);
    expect(outbox.list()[0]?.state).toBe('needs_review');
  });

  it('is sent once the buyer chose another date or none; a date the cutoff has not reached is sent as chosen', async () => {
    const { send, sent } = scriptedSend(confirmedResult(dated));
    const { outbox, time } = await setUp(send);
    time.advance(31 * MINUTE);
    await outbox.submit([datedDraft()]);
    await outbox.whenIdle();
    const entry = outbox.list()[0]!;
    const { requested_delivery_date: _passed, ...withoutDate } = entry.order;
    await outbox.update(entry.id, withoutDate);
    await outbox.whenIdle();
    expect(sent.map((one) => one.order.requested_delivery_date)).toEqual([undefined]);
    expect(outbox.list()[0]?.state).toBe('confirmed');

    // Before its cutoff an order goes with exactly the date the buyer chose.
    const later = { ...dated, requested_delivery_date: '2026-11-27' };
    await outbox.submit([{ ...draft(later), deliveryCutoffAt: new Date(START + 3 * 86_400_000).toISOString() }]);
    await outbox.whenIdle();
    expect(sent.map((one) => one.order.requested_delivery_date)).toEqual([undefined, '2026-11-27']);
  });

  it('leaves an order without a date, or a stored entry without a cutoff, to the service', async () => {
    const { send, sent } = scriptedSend(confirmedResult(orderBody));
    const { outbox, time } = await setUp(send);
    time.advance(31 * MINUTE);
    await outbox.submit([draft(orderBody), draft(dated)]);
    await outbox.whenIdle();
    expect(sent).toHaveLength(2);
  });
});
