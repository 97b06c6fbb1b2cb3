import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_WHILE_TYPING, countsAsTyping, createTypingActivity } from '../../../electron/core/sync/typing-activity';
import type { BridgeCall, BridgeParsedInput } from '../../../shared/bridge/contract';
import { CatalogSearchInput } from '../../../shared/bridge/search';

describe('typing activity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A background request that runs until `finish` is called; `started` says whether the gate let it go. */
  function request(activity: ReturnType<typeof createTypingActivity>, name: string, log: string[]) {
    const state = { started: false, done: false, finish: () => {} };
    const finished = new Promise<void>((resolve) => (state.finish = resolve));
    void activity
      .background(async () => {
        state.started = true;
        log.push(name);
        await finished;
        return name;
      })
      .then(() => (state.done = true));
    return state;
  }

  const typingGate = (whileTyping = { requests: 1, pauseMs: 50 }) => createTypingActivity({ quietMs: 1_000, whileTyping, now: () => Date.now() });

  /** Whether a `whenNotTyping` wait has ended, as the fake clock moves. */
  const waiting = (activity: ReturnType<typeof typingGate>, atMostMs: number) => {
    const state = { done: false };
    void activity.whenNotTyping(atMostMs).then(() => (state.done = true));
    return state;
  };

  describe('whenNotTyping', () => {
    it('resolves at once when the buyer is not typing', async () => {
      const wait = waiting(typingGate(), 5_000);
      await vi.advanceTimersByTimeAsync(0);
      expect(wait.done).toBe(true);
    });

    it('while the buyer types, waits until the whole quiet interval has passed after the last key', async () => {
      const activity = typingGate();
      activity.touch();
      const wait = waiting(activity, 5_000);
      await vi.advanceTimersByTimeAsync(600);
      activity.touch();
      await vi.advanceTimersByTimeAsync(999);
      expect(wait.done, 'a key 600 ms in: still typing 999 ms after it').toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(wait.done).toBe(true);
    });

    it('resolves after at most atMostMs however long the buyer keeps typing', async () => {
      const activity = typingGate();
      activity.touch();
      const wait = waiting(activity, 2_500);
      for (let elapsed = 0; elapsed < 2_400; elapsed += 200) {
        await vi.advanceTimersByTimeAsync(200);
        activity.touch();
      }
      expect(wait.done).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      expect(wait.done).toBe(true);
    });
  });

  it('isTyping: from a keystroke until the whole quiet interval has passed after it', async () => {
    const activity = typingGate();
    expect(activity.isTyping()).toBe(false);
    activity.touch();
    expect(activity.isTyping()).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(activity.isTyping()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(activity.isTyping()).toBe(false);
  });

  it('lets every background request go at once when the buyer is not typing', async () => {
    const activity = typingGate();
    const log: string[] = [];
    const requests = ['a', 'b', 'c', 'd'].map((name) => request(activity, name, log));
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.every((entry) => entry.started)).toBe(true);
  });

  it('while the buyer types, lets one request go at a time, each next one a pause after the last ended', async () => {
    const activity = typingGate({ requests: 1, pauseMs: 50 });
    const log: string[] = [];
    activity.touch();
    const [a, b, c] = ['a', 'b', 'c'].map((name) => request(activity, name, log));
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(300);
    expect(log, 'the second waits for the first, however long it takes').toEqual(['a']);
    activity.touch();
    a!.finish();
    await vi.advanceTimersByTimeAsync(49);
    expect(log, 'and then for the pause').toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['a', 'b']);
    expect(b!.started && !c!.started).toBe(true);
  });

  it('lets all waiting requests go once typing has stopped for the whole interval after the last key', async () => {
    const activity = typingGate({ requests: 1, pauseMs: 50 });
    const log: string[] = [];
    activity.touch();
    const requests = ['a', 'b', 'c', 'd'].map((name) => request(activity, name, log));
    await vi.advanceTimersByTimeAsync(600);
    activity.touch();
    await vi.advanceTimersByTimeAsync(999);
    expect(log).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['a', 'b', 'c', 'd']);
    expect(requests.every((entry) => entry.started)).toBe(true);
  });

  it('as shipped, keeps details arriving one at a time however long the buyer types', async () => {
    const activity = createTypingActivity({ now: () => Date.now() });
    let inFlight = 0;
    let mostAtOnce = 0;
    let done = 0;
    activity.touch();
    // Twenty requests of 20 ms each, asked for at once, as the detail download does.
    const requests = Array.from({ length: 20 }, () =>
      activity.background(async () => {
        inFlight += 1;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight -= 1;
        done += 1;
      }),
    );
    // The buyer types a key every 150 ms for three seconds.
    for (let key = 0; key < 20; key += 1) {
      activity.touch();
      await vi.advanceTimersByTimeAsync(150);
    }
    expect(done, 'all twenty finished while the buyer was still typing').toBe(20);
    expect(mostAtOnce).toBe(BACKGROUND_WHILE_TYPING.requests);
    await Promise.all(requests);
  });

  it('passes a request’s failure through and frees its place for the next', async () => {
    const activity = typingGate({ requests: 1, pauseMs: 0 });
    activity.touch();
    const failing = activity.background(() => Promise.reject(new Error('refused')));
    const next = activity.background(() => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('refused');
    await vi.advanceTimersByTimeAsync(0);
    await expect(next).resolves.toBe('next');
  });

  it('notes a typed search only when it asks something new: not the same search refreshed as the catalog grows, nor its next page', async () => {
    const activity = typingGate();
    const search = (input: Partial<BridgeParsedInput<'searchCatalog'>>): BridgeCall => ({ method: 'searchCatalog', input: CatalogSearchInput.parse({ asYouType: true, ...input }) });
    const typingNow = async () => {
      const wait = waiting(activity, 60_000);
      await vi.advanceTimersByTimeAsync(0);
      return !wait.done;
    };
    activity.noteCall(search({ text: 'cab', limit: 60 }));
    expect(await typingNow()).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    activity.noteCall(search({ text: 'cab', limit: 60 }));
    activity.noteCall(search({ text: 'cab', offset: 60, limit: 200 }));
    expect(await typingNow(), 'the same search again and its next page').toBe(false);
    activity.noteCall(search({ text: 'ca', limit: 60 }));
    expect(await typingNow(), 'a key taken back').toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    activity.noteCall(search({ text: 'ca', limit: 60, inStock: true }));
    expect(await typingNow(), 'a filter changed with it').toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    activity.noteCall({ method: 'lookupProductCode', input: { code: '0123' } });
    expect(await typingNow()).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    activity.noteCall({ method: 'lookupProductCode', input: { code: '0123' } });
    expect(await typingNow()).toBe(false);
  });

  it('counts the search box’s searches and code lookups as typing, not other searches, browsing, ordering or status reads', () => {
    const search = (input: Partial<BridgeParsedInput<'searchCatalog'>>): BridgeCall => ({ method: 'searchCatalog', input: CatalogSearchInput.parse(input) });
    expect(countsAsTyping(search({ text: 'caber', asYouType: true }))).toBe(true);
    expect(countsAsTyping({ method: 'lookupProductCode', input: { code: '0123' } })).toBe(true);
    // The free-shipping hint and similar wines search the catalog too, but nobody is typing them.
    expect(countsAsTyping(search({ supplierId: 'sup_1', inStock: true, sort: 'price_desc', limit: 40 }))).toBe(false);
    expect(countsAsTyping(search({ varietal: 'Merlot', region: 'Napa' }))).toBe(false);
    expect(countsAsTyping({ method: 'getProduct', input: { id: 'prd_1' } })).toBe(false);
    expect(countsAsTyping({ method: 'getSyncStatus', input: {} })).toBe(false);
  });
});
