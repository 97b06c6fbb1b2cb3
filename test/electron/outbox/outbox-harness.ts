import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import type { OutboxEntry } from '../../../shared/bridge';
import type { CreateOrderBody } from '../../../shared';
import { createOutbox, OUTBOX_FILE_NAME, outboxFileIn, type OutboxOptions, type SendResult } from '../../../electron/core/outbox';
import { orderFor } from '../api/fixtures';

export const START = Date.parse('2026-11-22T09:00:00.000Z');

/** A clock and timers that only move when the test says so. */
export function manualTime() {
  let nowMs = START;
  const pending = new Map<number, { at: number; callback: () => void }>();
  let nextHandle = 1;
  const timers = {
    setTimeout: (callback: () => void, ms: number) => {
      const handle = nextHandle++;
      pending.set(handle, { at: nowMs + ms, callback });
      return handle;
    },
    clearTimeout: (handle: unknown) => {
      pending.delete(handle as number);
    },
  };
  return {
    now: () => new Date(nowMs),
    timers,
    /** Moves the clock and fires the timers that came due. */
    advance(ms: number) {
      nowMs += ms;
      for (const [handle, timer] of [...pending]) {
        if (timer.at <= nowMs) {
          pending.delete(handle);
          timer.callback();
        }
      }
    },
    /** Delays of the timers waiting now. */
    waits: () => [...pending.values()].map((timer) => timer.at - nowMs),
  };
}

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'caseworks-outbox-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The outbox file as it is on disk: its header and each record's entry (the checksums not checked). */
export async function readOutboxFile(dir: string): Promise<{ header: { format: string; version: number; entries: number }; entries: OutboxEntry[] }> {
  const [header, ...records] = (await readFile(path.join(dir, OUTBOX_FILE_NAME), 'utf8')).split('\n').filter((line) => line !== '');
  return {
    header: JSON.parse(header ?? 'null') as { format: string; version: number; entries: number },
    entries: records.map((line) => JSON.parse(line.slice(line.indexOf(' ') + 1)) as OutboxEntry),
  };
}

export const confirmedResult = (body: CreateOrderBody, id = 'ord_1'): SendResult => ({
  ok: true,
  notModified: false,
  data: orderFor(body, id),
  etag: null,
  status: 201,
});

export const failedResult = (
  code: 'offline' | 'rejected' | 'rate_limited' | 'unauthorized' | 'service_error' | 'bad_response',
  extra: { retryAfterMs?: number; problemCode?: string; fields?: Array<{ pointer: string; detail: string }>; message?: string } = {},
): SendResult => ({
  ok: false,
  error: {
    code,
    message: extra.message ?? `failed: ${code}`,
    retryable: ['offline', 'rate_limited', 'service_error'].includes(code),
    status: null,
    problemCode: extra.problemCode ?? null,
    retryAfterMs: extra.retryAfterMs ?? null,
    ...(extra.fields ? { fields: extra.fields } : {}),
  },
});

/** A send that answers each call from a queue of results and records the entries it was given. */
export function scriptedSend(...results: Array<SendResult | (() => Promise<SendResult>)>) {
  const sent: OutboxEntry[] = [];
  const send = vi.fn(async (entry: OutboxEntry) => {
    sent.push(structuredClone(entry));
    const next = results.length > 1 ? results.shift() : results[0];
    if (!next) throw new Error('no scripted result');
    return typeof next === 'function' ? next() : next;
  });
  return { send, sent };
}

export function openOutbox(dir: string, time: ReturnType<typeof manualTime>, overrides: Partial<OutboxOptions> & Pick<OutboxOptions, 'send'>) {
  let account: string | null = 'org_buyer1';
  const changes: OutboxEntry[][] = [];
  const problems: string[] = [];
  const opened = createOutbox({
    storage: outboxFileIn(dir),
    currentAccountId: () => account,
    onChange: (entries) => changes.push(entries),
    onProblem: (message) => problems.push(message),
    now: time.now,
    timers: time.timers,
    random: () => 0.5,
    retry: { baseDelayMs: 2_000, maxDelayMs: 60_000, minDelayMs: 500 },
    ...overrides,
  });
  return {
    opened,
    changes,
    problems,
    signIn: (id: string | null) => {
      account = id;
    },
  };
}

export const draft = (order: CreateOrderBody, supplierName = 'Hill Winery') => ({ order, supplierName, estimatedTotalCents: 20_000 });
