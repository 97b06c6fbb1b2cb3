import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countsAsForeground, createForegroundActivity } from '../../../electron/core/app/foreground-activity';

describe('foreground activity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets background work go at once when the buyer has asked for nothing', async () => {
    const activity = createForegroundActivity({ quietMs: 1_000, now: () => Date.now() });
    let done = false;
    void activity.whenQuiet().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('holds background work until the app has been quiet for the whole interval after the last call', async () => {
    const activity = createForegroundActivity({ quietMs: 1_000, now: () => Date.now() });
    activity.touch();
    let done = false;
    void activity.whenQuiet().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(600);
    activity.touch();
    await vi.advanceTimersByTimeAsync(600);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(399);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('counts the buyer’s calls, not the status reads the app makes on its own', () => {
    expect(countsAsForeground('searchCatalog')).toBe(true);
    expect(countsAsForeground('getProduct')).toBe(true);
    expect(countsAsForeground('getSyncStatus')).toBe(false);
    expect(countsAsForeground('getSession')).toBe(false);
    expect(countsAsForeground('listOutbox')).toBe(false);
  });
});
