import type { z } from 'zod';
import { OutboxReview, type OutboxEntry, type OutboxProblem } from '../../../shared/bridge';
import type { Order } from '../../../shared/schemas';
import { serviceError } from '../../../electron/core/api/service-error';
import { createOutbox, type Outbox, type OutboxStorage } from '../../../electron/core/outbox/outbox';
import type { SendResult } from '../../../electron/core/outbox/send-outcome';

/**
 * The app's own outbox (electron/core/outbox/outbox.ts) over entries kept in memory, sending to a
 * service that answers an order only when a test says how: `confirm` accepts it, `reject` turns it
 * down or fails on it until the outbox gives up. Until then the order is on its way (`sending`),
 * and, as in the app, the orders after it wait their turn. The entries the screens see are the
 * real outbox's, so this fake cannot drift from it.
 */
export function createFakeOutbox(currentAccountId: () => string | null) {
  let stored: readonly OutboxEntry[] = [];
  let problem: OutboxProblem | null = null;
  /** Orders sent and not answered yet, by entry id. */
  const waiting = new Map<string, (result: SendResult) => void>();
  /** How the service answers an order when it is sent, by entry id; `keep` answers every attempt so. */
  const verdicts = new Map<string, { result: SendResult; keep: boolean }>();
  const storage: OutboxStorage = {
    load: async () => ({ entries: [...stored], problem }),
    save: async (entries) => {
      stored = [...entries];
    },
  };
  let keys = 0;
  const open = (): Promise<Outbox> =>
    createOutbox({
      storage,
      currentAccountId,
      newIdempotencyKey: () => `key-${++keys}`,
      retry: { baseDelayMs: 0, maxDelayMs: 0, minDelayMs: 0 },
      send: (entry) => {
        const verdict = verdicts.get(entry.id);
        if (verdict && !verdict.keep) verdicts.delete(entry.id);
        return verdict ? Promise.resolve(verdict.result) : new Promise<SendResult>((resolve) => waiting.set(entry.id, resolve));
      },
    });
  let outbox = open();
  let opened: Outbox | null = null;
  const track = (box: Promise<Outbox>) => void box.then((ready) => (opened = ready));
  track(outbox);
  /** Sets how the service answers `entryId` (now, if it is waiting) and waits until the outbox has settled on `settled`. */
  async function answer(entryId: string, result: SendResult, settled: (entry: OutboxEntry) => boolean, keep = false): Promise<OutboxEntry> {
    const box = await outbox;
    if (!entryOf(box, entryId)) throw new Error(`no outbox entry ${entryId}`);
    verdicts.set(entryId, { result, keep });
    const resolve = waiting.get(entryId);
    waiting.delete(entryId);
    if (resolve) {
      if (!keep) verdicts.delete(entryId);
      resolve(result);
    }
    await waitFor(() => settled(entryOf(box, entryId)!), `the outbox did not settle ${entryId} (is an older order still waiting for its answer?)`);
    verdicts.delete(entryId);
    return entryOf(box, entryId)!;
  }

  return {
    /** The outbox open now. */
    outbox: () => outbox,
    /** The signed-in account's entries now. */
    entries: (): OutboxEntry[] => opened?.list() ?? [],
    /** The outbox opens again from what is stored, as the app finds it at start-up (`problem`: what it could not read). */
    setProblem(next: OutboxProblem | null) {
      problem = next;
      const previous = outbox;
      opened = null;
      outbox = previous.then(async (box) => {
        await box.close();
        return open();
      });
      track(outbox);
    },
    /** The service accepts the order: its answer is `order`. */
    confirm: (entryId: string, order: Order) =>
      answer(entryId, { ok: true, notModified: false, data: order, etag: null, status: 201 }, (entry) => entry.state === 'confirmed'),
    /** The service turns the order down (`review.kind` 'refused'), or fails on it until the outbox gives up ('failed', in the outbox's own words). */
    reject(entryId: string, given: z.input<typeof OutboxReview>): Promise<OutboxEntry> {
      const review = OutboxReview.parse(given);
      const inReview = (entry: OutboxEntry) => entry.state === 'needs_review';
      if (review.kind === 'failed') {
        return answer(entryId, { ok: false, error: serviceError({ code: 'service_error', message: 'The service failed.', retryable: true, status: 503 }) }, inReview, true);
      }
      const refusal = serviceError({ code: 'rejected', problemCode: review.code, message: review.message, fields: review.fields, retryable: false, status: 422 });
      return answer(entryId, { ok: false, error: refusal }, inReview);
    },
  };
}

export type FakeOutbox = ReturnType<typeof createFakeOutbox>;

function entryOf(box: Outbox, id: string): OutboxEntry | undefined {
  return box.list('all').find((entry) => entry.id === id);
}

async function waitFor(done: () => boolean, failure: string): Promise<void> {
  for (let turn = 0; turn < 200; turn += 1) {
    if (done()) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error(failure);
}
