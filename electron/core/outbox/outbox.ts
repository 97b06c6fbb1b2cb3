import { CreateOrderBody } from '../../../shared';
import { OrderDrafts, type OrderDraft, type OutboxEntry, type OutboxProblem } from '../../../shared/bridge';
import { serviceError } from '../api/service-error';
import { failWith, succeed, type Outcome } from '../failure';
import { outcomeOf, type RetryTiming, type SendResult } from './send-outcome';
import { cutoffAfterUpdate, deliveryDateLapsed, lapsedForReview } from './delivery-date-review';

export interface OutboxTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Where an outbox keeps its entries: `outboxFileIn(folder)` on disk (outbox-file.ts), or memory in tests. */
export interface OutboxStorage {
  /** The stored entries, and what could not be read of them; `stamp` marks a damaged file set aside. */
  load(stamp: string): Promise<{ entries: OutboxEntry[]; problem: OutboxProblem | null }>;
  /** Replaces the stored entries (atomically: all or nothing). */
  save(entries: readonly OutboxEntry[]): Promise<void>;
}

export interface OutboxOptions {
  /** Where its entries are kept, e.g. `outboxFileIn(folder)` (the file `OUTBOX_FILE_NAME` in that folder). */
  storage: OutboxStorage;
  /** Sends one order, e.g. `client.call('createOrder', { body: entry.order, idempotencyKey: entry.idempotencyKey })`. */
  send: (entry: OutboxEntry) => Promise<SendResult>;
  /** The signed-in account; only its entries are sent. */
  currentAccountId: () => string | null;
  /** Told about every change, with the current account's entries. */
  onChange?: (entries: OutboxEntry[]) => void;
  /** Told about storage problems (a damaged file set aside, a failed write), in plain words. */
  onProblem?: (message: string) => void;
  now?: () => Date;
  random?: () => number;
  timers?: OutboxTimers;
  newIdempotencyKey?: () => string;
  retry?: Partial<Omit<RetryTiming, 'random'>>;
  /** How long a confirmed entry stays visible unless dismissed. */
  confirmedRetentionMs?: number;
}

export interface Outbox {
  /** Stores the orders durably (on disk before this resolves), then sends them in the background. */
  submit(drafts: OrderDraft[]): Promise<Outcome<OutboxEntry[]>>;
  /** The current account's entries, oldest first; `all` includes other accounts' entries. */
  list(scope?: 'current' | 'all'): OutboxEntry[];
  /**
   * Sends an entry now, or again after it waited for review, with its Idempotency-Key (a retry of
   * the same order can never duplicate it). An entry sent again after repeated failures gets a
   * fresh count of failures.
   */
  retry(id: string): Promise<Outcome<OutboxEntry>>;
  /** Replaces the order of an entry awaiting review; the changed order gets a new Idempotency-Key. */
  update(id: string, order: CreateOrderBody): Promise<Outcome<OutboxEntry>>;
  /** Removes an entry that is not being sent right now (also dismisses a confirmed one). */
  discard(id: string): Promise<Outcome<{ discarded: boolean }>>;
  /** Try now: connectivity came back, or the sign-in changed. Ends an outbox-wide wait or pause; an order's own backoff stays. */
  kick(): void;
  /** Number of entries not yet confirmed, for an account (default: all accounts). */
  pendingCount(accountId?: string): number;
  /** Resolves when nothing is being sent or written. */
  whenIdle(): Promise<void>;
  /** Stops sending and waits for pending writes; does not wait for an order in flight. */
  close(): Promise<void>;
  /** What could not be read of the stored file at start-up, if anything. */
  readonly loadProblem: OutboxProblem | null;
}

const DEFAULT_RETRY = { baseDelayMs: 2_000, maxDelayMs: 5 * 60_000, minDelayMs: 1_000 };
/** Confirmed orders stay in the outbox list a week (or until dismissed), then live on in Orders only. */
export const CONFIRMED_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Every order goes through the outbox. Its whole state is one versioned file written atomically,
 * one checksummed record per order (outbox-file.ts); an entry is marked `sending` on disk before
 * its request leaves, and keeps its Idempotency-Key
 * across attempts and restarts, so a crash at any point resends the same key and the service
 * replays instead of creating a second order.
 *
 * One order is sent at a time, the oldest of those that are due. A failure about one order (5xx,
 * timeout) gives that entry its own backoff and the next one goes on; after
 * `MAX_ORDER_FAILURES` it waits in `needs_review`, as a refused order does. Only failures about
 * the connection or the account (unreachable, 429, 401) hold or pause the whole outbox.
 */
export async function createOutbox(options: OutboxOptions): Promise<Outbox> {
  const now = options.now ?? (() => new Date());
  const timers: OutboxTimers = options.timers ?? {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const timing: RetryTiming = { ...DEFAULT_RETRY, ...options.retry, random: options.random ?? Math.random };
  const newKey = options.newIdempotencyKey ?? (() => globalThis.crypto.randomUUID());
  const retentionMs = options.confirmedRetentionMs ?? CONFIRMED_RETENTION_MS;

  const loaded = await options.storage.load(now().toISOString());
  if (loaded.problem) options.onProblem?.(loaded.problem.message);
  let entries: OutboxEntry[] = loaded.entries;
  let paused = false;
  /** After a connection-wide failure nothing is sent before this time (ms), unless kicked. */
  let holdUntil = 0;
  /** Outbox-wide holds in a row, for the connection's own backoff; any answer about an order ends the run. */
  let holds = 0;
  let timer: unknown = null;
  let pumping: Promise<void> | null = null;
  let writes: Promise<void> = Promise.resolve();
  let closed = false;

  const nowIso = () => now().toISOString();
  const current = () => options.currentAccountId();
  const find = (id: string) => entries.find((entry) => entry.id === id);

  function visible(): OutboxEntry[] {
    const account = current();
    return entries.filter((entry) => entry.accountId === account);
  }

  function emit(): void {
    options.onChange?.(visible());
  }

  function replace(updated: OutboxEntry): void {
    entries = entries.map((entry) => (entry.id === updated.id ? updated : entry));
  }

  /** Writes the state as it is now; later writes queue behind earlier ones. */
  function persist(): Promise<void> {
    // A closed outbox never writes: the account's outbox may already be open again on the same file.
    if (closed) return Promise.reject(new Error('the outbox is closed'));
    const snapshot = entries;
    const write = writes.then(() => options.storage.save(snapshot));
    writes = write.catch(() => undefined);
    return write;
  }

  /** Applies a change and keeps it only if it reached the disk. */
  async function commit(next: OutboxEntry[]): Promise<Outcome<null>> {
    const previous = entries;
    entries = next;
    try {
      await persist();
    } catch {
      entries = previous;
      const message = 'The queued orders could not be saved to disk. Check free space and permissions.';
      options.onProblem?.(message);
      return failWith('storage_error', message, true);
    }
    emit();
    return succeed(null);
  }

  function pruneConfirmed(list: OutboxEntry[]): OutboxEntry[] {
    const cutoff = now().getTime() - retentionMs;
    return list.filter((entry) => entry.state !== 'confirmed' || Date.parse(entry.updatedAt) > cutoff);
  }

  function isSendable(entry: OutboxEntry, account: string | null): boolean {
    return entry.accountId === account && (entry.state === 'queued' || entry.state === 'sending');
  }

  function dueAt(entry: OutboxEntry): number {
    return Math.max(holdUntil, entry.nextAttemptAt ? Date.parse(entry.nextAttemptAt) : 0);
  }

  function nextDue(): OutboxEntry | null {
    if (paused || closed) return null;
    const account = current();
    if (account === null) return null;
    const nowMs = now().getTime();
    const due = entries.filter((entry) => isSendable(entry, account) && dueAt(entry) <= nowMs);
    due.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return due[0] ?? null;
  }

  function arm(): void {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (paused || closed) return;
    const account = current();
    const sendable = entries.filter((entry) => isSendable(entry, account));
    // A queued order's delivery cutoff wakes the outbox even while it holds (offline), to put it to review.
    // (One already passed is reviewed by the next drain, at the entry's own due time.)
    const nowMs = now().getTime();
    const cutoffs = sendable.flatMap((entry) => (entry.state === 'queued' && entry.deliveryCutoffAt ? [Date.parse(entry.deliveryCutoffAt)] : [])).filter((at) => at > nowMs);
    const waits = [...sendable.map(dueAt), ...cutoffs];
    if (waits.length === 0) return;
    const delay = Math.max(0, Math.min(...waits) - nowMs);
    timer = timers.setTimeout(() => {
      timer = null;
      pump();
    }, delay);
  }

  function pump(): void {
    if (pumping || closed) return;
    const run = drain();
    pumping = run;
    run
      .catch(() => options.onProblem?.('Sending queued orders stopped unexpectedly; it will resume on the next try.'))
      .finally(() => {
        if (pumping === run) pumping = null;
        arm();
      });
  }

  /** Sends due entries one after another until none is due. */
  async function drain(): Promise<void> {
    await Promise.resolve();
    if (!(await reviewLapsedDates())) return;
    for (let entry = nextDue(); entry; entry = nextDue()) {
      await sendOne(entry);
      if (!(await reviewLapsedDates())) return;
    }
  }

  /**
   * Puts to review the current account's queued orders whose delivery date's cutoff has passed
   * (delivery-date-review.ts), before anything is sent. False when that could not be saved: then
   * nothing is sent for a while, so no such order leaves with its passed date.
   */
  async function reviewLapsedDates(): Promise<boolean> {
    const account = current();
    const at = now();
    if (!entries.some((entry) => entry.accountId === account && deliveryDateLapsed(entry, at))) return true;
    const saved = await commit(entries.map((entry) => (entry.accountId === account && deliveryDateLapsed(entry, at) ? lapsedForReview(entry, at.toISOString()) : entry)));
    if (!saved.ok) holdUntil = now().getTime() + Math.max(timing.minDelayMs, timing.baseDelayMs);
    return saved.ok;
  }

  async function sendOne(entry: OutboxEntry): Promise<void> {
    const sending: OutboxEntry = { ...entry, state: 'sending', attempts: entry.attempts + 1, updatedAt: nowIso() };
    const marked = await commit(entries.map((candidate) => (candidate.id === entry.id ? sending : candidate)));
    if (!marked.ok) {
      holdUntil = now().getTime() + Math.max(timing.minDelayMs, timing.baseDelayMs);
      return;
    }
    let result: SendResult;
    try {
      result = await options.send(sending);
    } catch {
      result = {
        ok: false,
        error: serviceError({ code: 'internal', message: 'The order could not be sent.', retryable: true }),
      };
    }
    const outcome = outcomeOf(sending, result, nowIso(), timing, holds);
    if (outcome.kind === 'hold') {
      holds += 1;
      holdUntil = now().getTime() + outcome.delayMs;
    } else if (outcome.kind === 'pause') {
      paused = true;
    } else {
      holds = 0;
    }
    replace(outcome.entry);
    // Closed while the order was in flight: it is `sending` on disk and is sent again with its key.
    if (closed) return;
    try {
      await persist();
    } catch {
      options.onProblem?.('The state of a queued order could not be saved; it will be sent again with the same key, which is safe.');
    }
    emit();
  }

  async function submit(drafts: OrderDraft[]): Promise<Outcome<OutboxEntry[]>> {
    const parsed = OrderDrafts.safeParse(drafts);
    if (!parsed.success) return failWith('invalid_input', 'These orders are not complete or not valid.');
    const account = current();
    if (account === null) return failWith('not_configured', 'Sign in to a service before placing orders.');
    const stamp = nowIso();
    const created = parsed.data.map<OutboxEntry>((draft) => ({
      id: `out_${newKey().replace(/-/g, '')}`,
      idempotencyKey: newKey(),
      accountId: account,
      order: draft.order,
      supplierName: draft.supplierName,
      estimatedTotalCents: draft.estimatedTotalCents,
      deliveryCutoffAt: draft.deliveryCutoffAt ?? null,
      state: 'queued',
      attempts: 0,
      failures: 0,
      createdAt: stamp,
      updatedAt: stamp,
      nextAttemptAt: null,
      lastError: null,
      review: null,
      confirmed: null,
    }));
    const saved = await commit([...pruneConfirmed(entries), ...created]);
    if (!saved.ok) return saved;
    pump();
    return succeed(created);
  }

  async function retry(id: string): Promise<Outcome<OutboxEntry>> {
    const entry = find(id);
    if (!entry || entry.accountId !== current()) return failWith('not_found', 'That queued order no longer exists.');
    if (entry.state === 'confirmed') return failWith('rejected', 'That order has already been placed.');
    if (entry.state === 'sending') return succeed(entry);
    const failures = entry.state === 'needs_review' ? 0 : entry.failures;
    const again: OutboxEntry = { ...entry, state: 'queued', failures, review: null, nextAttemptAt: null, updatedAt: nowIso() };
    const saved = await commit(entries.map((candidate) => (candidate.id === id ? again : candidate)));
    if (!saved.ok) return saved;
    paused = false;
    holdUntil = 0;
    pump();
    return succeed(again);
  }

  async function update(id: string, order: CreateOrderBody): Promise<Outcome<OutboxEntry>> {
    const body = CreateOrderBody.safeParse(order);
    if (!body.success) return failWith('invalid_input', 'The changed order is not complete or not valid.');
    const entry = find(id);
    if (!entry || entry.accountId !== current()) return failWith('not_found', 'That queued order no longer exists.');
    if (entry.state === 'confirmed' || entry.state === 'sending') {
      return failWith('rejected', entry.state === 'confirmed' ? 'That order has already been placed.' : 'That order is being sent right now.', entry.state === 'sending');
    }
    const changed: OutboxEntry = {
      ...entry,
      order: body.data,
      deliveryCutoffAt: cutoffAfterUpdate(entry, body.data.requested_delivery_date),
      idempotencyKey: newKey(),
      state: 'queued',
      attempts: 0,
      failures: 0,
      review: null,
      lastError: null,
      nextAttemptAt: null,
      updatedAt: nowIso(),
    };
    const saved = await commit(entries.map((candidate) => (candidate.id === id ? changed : candidate)));
    if (!saved.ok) return saved;
    paused = false;
    pump();
    return succeed(changed);
  }

  async function discard(id: string): Promise<Outcome<{ discarded: boolean }>> {
    const entry = find(id);
    if (!entry || entry.accountId !== current()) return succeed({ discarded: false });
    if (entry.state === 'sending') return failWith('rejected', 'That order is being sent right now; try again in a moment.', true);
    const saved = await commit(entries.filter((candidate) => candidate.id !== id));
    if (!saved.ok) return saved;
    arm();
    return succeed({ discarded: true });
  }

  /** Ends a hold or pause about the connection or the sign-in; an order's own backoff stays. */
  function kick(): void {
    paused = false;
    holdUntil = 0;
    holds = 0;
    emit();
    pump();
  }

  async function whenIdle(): Promise<void> {
    while (pumping) await pumping.catch(() => undefined);
    await writes;
  }

  /**
   * Stops sending. An order in flight is not waited for: it is `sending` on disk, so the next
   * start resends it with the same key and the service replays the answer.
   */
  async function close(): Promise<void> {
    closed = true;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    await writes;
  }

  const pruned = pruneConfirmed(entries);
  if (pruned.length !== entries.length) {
    entries = pruned;
    await persist().catch(() => options.onProblem?.('The queued orders could not be saved to disk.'));
  }
  pump();

  return {
    submit,
    list: (scope = 'current') => (scope === 'all' ? [...entries] : visible()),
    retry,
    update,
    discard,
    kick,
    pendingCount: (accountId) => entries.filter((entry) => entry.state !== 'confirmed' && (accountId === undefined || entry.accountId === accountId)).length,
    whenIdle,
    close,
    loadProblem: loaded.problem,
  };
}
