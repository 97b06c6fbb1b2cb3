import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countsAsTyping, createTypingActivity } from '../../../electron/core/app/typing-activity';

describe('typing activity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const watch = (promise: Promise<void>) => {
    const state = { done: false };
    void promise.then(() => (state.done = true));
    return state;
  };

  it('lets background work go at once when the buyer is not typing', async () => {
    const activity = createTypingActivity({ quietMs: 1_000, now: () => Date.now() });
    const waiting = watch(activity.whenQuiet());
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting.done).toBe(true);
  });

  it('holds background work until typing has stopped for the whole interval after the last key', async () => {
    const activity = createTypingActivity({ quietMs: 1_000, now: () => Date.now() });
    activity.touch();
    const waiting = watch(activity.whenQuiet());
    await vi.advanceTimersByTimeAsync(600);
    activity.touch();
    await vi.advanceTimersByTimeAsync(600);
    expect(waiting.done).toBe(false);
    await vi.advanceTimersByTimeAsync(399);
    expect(waiting.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(waiting.done).toBe(true);
  });

  it('never holds a background request longer than the longest wait, however long the buyer types', async () => {
    const activity = createTypingActivity({ quietMs: 1_000, longestWaitMs: 3_000, now: () => Date.now() });
    activity.touch();
    const waiting = watch(activity.whenQuiet());
    for (let key = 0; key < 19; key += 1) {
      await vi.advanceTimersByTimeAsync(150);
      activity.touch();
    }
    expect(waiting.done).toBe(false);
    await vi.advanceTimersByTimeAsync(150);
    expect(waiting.done).toBe(true);
  });

  it('counts the calls of search as you type, not browsing, ordering or status reads', () => {
    expect(countsAsTyping('searchCatalog')).toBe(true);
    expect(countsAsTyping('lookupProductCode')).toBe(true);
    expect(countsAsTyping('getProduct')).toBe(false);
    expect(countsAsTyping('submitOrders')).toBe(false);
    expect(countsAsTyping('getSyncStatus')).toBe(false);
  });
});
