/**
 * Page-side instruments, as plain JavaScript strings: they run in the browser through
 * `page.evaluate`, which the page's Content-Security-Policy does not govern, and strings keep the
 * TypeScript transform from adding helpers the page does not have.
 */

/** What the catalog shows: its result count, whether a search is running, and the first product. */
export const READ_RESULTS = `() => {
  const status = [...document.querySelectorAll('[role=status]')].find((el) => /^[0-9][0-9,]* products?/.test(el.textContent.trim()));
  const text = status ? status.textContent.trim() : '';
  const count = /^([0-9][0-9,]*)/.exec(text);
  const first = document.querySelector('.results-scroll a.product-name');
  return {
    count: count ? Number(count[1].replace(/,/g, '')) : null,
    searching: text.includes('searching'),
    first: first ? first.getAttribute('href') : null,
  };
}`;

export interface ResultsState {
  count: number | null;
  searching: boolean;
  first: string | null;
}

export interface ExpectedResults extends ResultsState {
  /** The bridge round trip of this search, from the page. */
  tookMs: number;
}

/** A first-page search the page sent over its bridge socket. */
export interface TimedCall {
  text: string;
  sentAt: number;
  repliedAt: number | null;
  /** What its reply said: the result count and the first product (absent until a reply that succeeded). */
  count?: number;
  first?: string | null;
}

export interface TimedState extends ResultsState {
  /** performance.now() when the DOM changed. */
  at: number;
  /** performance.now() after the next animation frame (and the task after it) had run: painted. */
  paintedAt: number | null;
}

/**
 * Records every keydown in the catalog search field (event.timeStamp, same clock as
 * performance.now()); on every DOM change in <main>, what the results show and when the next frame
 * was painted after it; and every first-page search the page sends over its bridge socket, with
 * when it was sent and when its reply arrived (before the page's own handler sees it); and how many
 * searches for a later page (offset past 0: loading more) it sent.
 */
export const INSTALL_PROBE = `(() => {
  const read = ${READ_RESULTS};
  const keys = [];
  const states = [];
  const calls = [];
  let laterPages = 0;
  const pendingCalls = new Map();
  const watchedSockets = new WeakSet();
  let waiting = [];
  document.addEventListener('keydown', (event) => {
    if (event.target && event.target.id === 'catalog-search') keys.push(event.timeStamp);
  }, true);
  const watchReplies = (socket) => {
    if (watchedSockets.has(socket)) return;
    watchedSockets.add(socket);
    const handler = socket.onmessage;
    socket.onmessage = function (message) {
      const reply = JSON.parse(message.data);
      const call = reply.kind === 'reply' ? pendingCalls.get(reply.id) : undefined;
      if (call) {
        call.repliedAt = performance.now();
        if (reply.result && reply.result.ok) {
          const item = reply.result.data.items[0];
          call.count = reply.result.data.total;
          call.first = item ? '#/product/' + encodeURIComponent(item.id) : null;
        }
        pendingCalls.delete(reply.id);
      }
      return handler.call(this, message);
    };
  };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const call = JSON.parse(data);
    if (call.method === 'searchCatalog' && call.input && call.input.offset === 0) {
      watchReplies(this);
      const entry = { text: call.input.text ?? '', sentAt: performance.now(), repliedAt: null };
      calls.push(entry);
      pendingCalls.set(call.id, entry);
    } else if (call.method === 'searchCatalog' && call.input && call.input.offset > 0) {
      laterPages += 1;
    }
    return send.call(this, data);
  };
  const observer = new MutationObserver(() => {
    const entry = { ...read(), at: performance.now(), paintedAt: null };
    states.push(entry);
    waiting.push(entry);
    if (waiting.length === 1) {
      requestAnimationFrame(() => setTimeout(() => {
        const now = performance.now();
        for (const pending of waiting) pending.paintedAt = now;
        waiting = [];
      }, 0));
    }
  });
  observer.observe(document.querySelector('main'), { subtree: true, childList: true, characterData: true, attributes: true });
  globalThis.__caseworksProbe = {
    read,
    reset() { keys.length = 0; states.length = 0; calls.length = 0; laterPages = 0; },
    dump() { return { keys: [...keys], states: states.map((state) => ({ ...state })), calls: calls.map((call) => ({ ...call })), laterPages }; },
  };
})()`;

export const READ_NOW = `globalThis.__caseworksProbe.read()`;
export const RESET = `globalThis.__caseworksProbe.reset()`;
export const DUMP = `globalThis.__caseworksProbe.dump()`;

/**
 * Searches through the bridge as the catalog screen does, over a socket of its own, to know what
 * each keystroke should show; also returns how long the bridge took (`tookMs`), which separates
 * the core's share of a keystroke's latency from the renderer's.
 */
export function expectedResultsScript(text: string): string {
  return `(() => new Promise((resolve, reject) => {
    const socket = new WebSocket('ws://' + location.host + '/bridge/socket');
    let started = 0;
    socket.onerror = () => reject(new Error('The probe could not open a bridge socket'));
    socket.onopen = () => {
      started = performance.now();
      socket.send(JSON.stringify({ id: 1, method: 'searchCatalog', input: { text: ${JSON.stringify(text.trim())}, offset: 0, limit: 60 } }));
    };
    socket.onmessage = (message) => {
      const tookMs = performance.now() - started;
      const reply = JSON.parse(message.data);
      if (reply.kind !== 'reply') return;
      socket.close();
      if (!reply.result.ok) return reject(new Error(reply.result.error.message));
      const first = reply.result.data.items[0];
      resolve({
        count: reply.result.data.total,
        searching: false,
        first: first ? '#/product/' + encodeURIComponent(first.id) : null,
        tookMs,
      });
    };
  }))()`;
}

/** How many rows (table) or cards the results list has in the DOM now, and the furthest one loaded. */
export const COUNT_RENDERED = `(() => {
  const scroller = document.querySelector('.results-scroll');
  const rows = scroller ? scroller.querySelectorAll('tbody tr, li.product-card') : [];
  let furthest = 0;
  for (const row of rows) {
    const position = Number(row.getAttribute('aria-rowindex') ?? Number(row.getAttribute('aria-posinset') ?? 0) + 1) - 1;
    if (position > furthest) furthest = position;
  }
  return { rows: rows.length, furthest };
})()`;

export const SCROLL_TO_END = `(() => {
  const scroller = document.querySelector('.results-scroll');
  scroller.scrollTop = scroller.scrollHeight;
  return scroller.scrollTop;
})()`;

const sameResults = (a: ResultsState, b: ResultsState) => a.count === b.count && a.first === b.first;

/** Where one keystroke's time went, in milliseconds; the stages add up to `total`. */
export interface KeystrokeTiming {
  total: number;
  /** From the keydown until the page sent its search (null when no search of its own was sent). */
  toCall: number | null;
  /** The bridge round trip: the core's search, both ways over the socket. */
  roundTrip: number | null;
  /** From the reply until the DOM showed the results: the query cache and React. */
  toDom: number | null;
  /** From the DOM change until the next frame had been painted. */
  toPaint: number;
}

/**
 * The keystroke-to-painted-results timings of one typed query: for each keystroke whose results
 * differ from the previous one's, the time from its keydown to the painted frame after the DOM
 * first showed its results, and the stages in between. A keystroke whose own results never showed
 * (a later keystroke overtook it) counts until the first painted results of a later keystroke, and
 * has no stages before the DOM.
 */
export function keystrokeTimings(keys: number[], typed: string[], expected: ResultsState[], states: TimedState[], calls: TimedCall[], alternatives: ResultsState[][] = []): KeystrokeTiming[] {
  const timings: KeystrokeTiming[] = [];
  const shows = (state: ResultsState, index: number) => sameResults(state, expected[index]!) || (alternatives[index] ?? []).some((other) => sameResults(state, other));
  keys.forEach((pressedAt, index) => {
    const wanted = expected[index];
    const before = index === 0 ? null : expected[index - 1];
    if (!wanted || (before && sameResults(before, wanted))) return;
    const after = states.filter((state) => state.at >= pressedAt && !state.searching && state.paintedAt !== null);
    const shown = after.find((state) => shows(state, index) || expected.slice(index + 1).some((_, later) => shows(state, index + 1 + later)));
    if (!shown || shown.paintedAt === null) throw new Error(`Keystroke ${index + 1} ("${typed[index]}") never showed its results`);
    // The search whose reply it showed (a search of the same text sent again, when the catalog grew meanwhile).
    const own = shows(shown, index) ? calls.find((call) => call.sentAt >= pressedAt && call.text === typed[index] && (call.count === undefined || (call.count === shown.count && call.first === shown.first))) : undefined;
    const replied = own?.repliedAt ?? null;
    timings.push({
      total: shown.paintedAt - pressedAt,
      toCall: own ? own.sentAt - pressedAt : null,
      roundTrip: own && replied !== null ? replied - own.sentAt : null,
      toDom: replied !== null ? shown.at - replied : null,
      toPaint: shown.paintedAt - shown.at,
    });
  });
  return timings;
}

/**
 * What each keystroke should show when the catalog grows while it is typed (a first sync running):
 * the reply to the page's own search for that keystroke's text, sent after its keydown; a keystroke
 * that sent none (its text, trimmed, the same as the one before) wants what the one before did,
 * and otherwise what `before` (the bench's own search just before the typing) found.
 * `alternatives`: the replies to the same text's later searches (the page searches again when told
 * the catalog grew, and shows that reply instead when it overtakes its own), for keystrokeTimings.
 */
export function expectedFromReplies(keys: number[], typed: string[], calls: TimedCall[], before: ExpectedResults[]): { expected: ExpectedResults[]; alternatives: ResultsState[][] } {
  const expected: ExpectedResults[] = [];
  const alternatives: ResultsState[][] = [];
  keys.forEach((pressedAt, index) => {
    const fallback = before[index]!;
    const previous = index > 0 && typed[index] === typed[index - 1] ? index - 1 : null;
    const replies = calls
      .filter((call) => call.sentAt >= pressedAt && call.text === typed[index] && call.count !== undefined)
      .map((call): ResultsState => ({ count: call.count ?? null, first: call.first ?? null, searching: false }));
    const own = previous === null ? replies[0] : undefined;
    expected.push(previous !== null ? expected[previous]! : own ? { ...own, tookMs: fallback.tookMs } : fallback);
    alternatives.push(previous !== null ? alternatives[previous]! : replies.slice(1));
  });
  return { expected, alternatives };
}

export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
