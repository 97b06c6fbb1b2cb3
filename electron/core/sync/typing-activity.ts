import type { BridgeCall } from '../../../shared/bridge/contract';

/**
 * The calls of search as you type, one per keystroke, each wanted on screen at once: the catalog
 * search box's searches and code lookups. Other catalog searches (similar wines, the free-shipping
 * hint) are not typing.
 */
export function countsAsTyping(call: BridgeCall): boolean {
  if (call.method === 'lookupProductCode') return true;
  return call.method === 'searchCatalog' && call.input.asYouType === true;
}

/**
 * What a typed search asks, without the page of it (offset, limit): a keystroke changes it; the
 * same search asked again (its results refreshed as the catalog grows during a sync) or its next
 * page (scrolling) does not. Null for a call that is not typing (countsAsTyping).
 */
export function typedSearchOf(call: BridgeCall): string | null {
  if (!countsAsTyping(call)) return null;
  if (call.method === 'lookupProductCode') return `code ${call.input.code}`;
  if (call.method !== 'searchCatalog' || call.input.offset > 0) return null;
  const { offset: _offset, limit: _limit, asYouType: _asYouType, ...asked } = call.input;
  return JSON.stringify(asked);
}

/** The buyer counts as typing until this long after the last keystroke's search. */
export const TYPING_QUIET_MS = 1_000;
/**
 * While the buyer types, background requests (all background work together) go one at a time with
 * this pause after each. Measured with `bench:ui` at 50,000 products on two cores, keystroke to
 * painted results p95 while the detail download ran (README, bench:ui): every request held,
 * 37.7 ms and no details fetched; four at a time, 48.2 ms; one at a time, 44.4 and 51.6 ms; with
 * a 2 ms pause, median 40.2 ms (36.9–47.2) at about 208 details a second; with a 5 ms pause,
 * median 37.7 ms (33.1–40.1) at about 120 a second, as fast as holding them.
 */
export const BACKGROUND_WHILE_TYPING = { requests: 1, pauseMs: 5 } as const;

/**
 * While the buyer types, each page a sync hands to the offline worker waits for typing to stop, at
 * most this long (`whenNotTyping`): the worker reads and writes a feed page in one synchronous
 * transaction (50–70 ms at a million products), and every search sent meanwhile waits behind it
 * (bench:ui typing while the first sync runs: every search was posted behind a page's read or
 * write). A long stretch of typing slows a sync, never stops it.
 */
export const WRITES_HELD_WHILE_TYPING_MS = 5_000;

/**
 * When the buyer last typed a search, and a gate for background work (product details, images, the
 * periodic re-sync): each request goes at once while the buyer is not typing; while typing, only
 * `whileTyping.requests` run at a time, each next one `whileTyping.pauseMs` after the last ended,
 * and the rest wait for that or for typing to stop for `quietMs`. On a machine with two cores,
 * downloads at full speed and the service answering them measurably slowed each keystroke.
 */
export function createTypingActivity({
  quietMs = TYPING_QUIET_MS,
  whileTyping = BACKGROUND_WHILE_TYPING,
  now = () => performance.now(),
}: { quietMs?: number; whileTyping?: { requests: number; pauseMs: number }; now?: () => number } = {}) {
  let lastCall = Number.NEGATIVE_INFINITY;
  /** Background requests let through while the buyer was typing and still running, and when the last of them ended. */
  let narrowInFlight = 0;
  let narrowEnded = Number.NEGATIVE_INFINITY;
  const waiting = new Set<() => void>();

  const typing = () => now() - lastCall < quietMs;
  const wakeAll = () => {
    for (const wake of [...waiting]) wake();
  };

  /** Resolves when a narrow slot may be free or typing may have stopped, whichever comes first. */
  const change = () =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        waiting.delete(wake);
        resolve();
      };
      const pauseEnds = narrowInFlight < whileTyping.requests ? narrowEnded + whileTyping.pauseMs : Number.POSITIVE_INFINITY;
      const timer = setTimeout(wake, Math.max(0, Math.min(lastCall + quietMs, pauseEnds) - now()));
      waiting.add(wake);
    });

  const touch = (): void => {
    lastCall = now();
  };
  /** The last typed search noted (typedSearchOf): the same one again is not a keystroke. */
  let lastTyped: string | null = null;
  return {
    touch,
    /** Whether the buyer typed a search less than `quietMs` ago. */
    isTyping: typing,
    /** The dispatcher's `onCall`: a call that is the buyer typing (countsAsTyping) is noted when it asks something new (typedSearchOf). */
    noteCall(call: BridgeCall): void {
      const typed = typedSearchOf(call);
      if (typed === null || typed === lastTyped) return;
      lastTyped = typed;
      touch();
    },
    /** Resolves once the buyer is not typing (at once when not), or `atMostMs` after the call, whichever is first. */
    async whenNotTyping(atMostMs: number): Promise<void> {
      const until = now() + atMostMs;
      while (typing() && now() < until) {
        await new Promise<void>((resolve) => setTimeout(resolve, Math.max(1, Math.min(lastCall + quietMs, until) - now())));
      }
    },
    /** Runs one background request under the gate; what it returns or throws passes through. */
    async background<T>(task: () => Promise<T>): Promise<T> {
      for (;;) {
        if (!typing()) return task();
        if (narrowInFlight < whileTyping.requests && now() - narrowEnded >= whileTyping.pauseMs) break;
        await change();
      }
      narrowInFlight += 1;
      try {
        return await task();
      } finally {
        narrowInFlight -= 1;
        narrowEnded = now();
        wakeAll();
      }
    },
  };
}

export type TypingActivity = ReturnType<typeof createTypingActivity>;
