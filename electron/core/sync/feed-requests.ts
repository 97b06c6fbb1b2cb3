import { nextFeedCursor } from './feed-link';

/** What a feed request is sent with besides its cursor: the client's hook for the answer's headers, and a way to drop it. */
export interface FeedRequestExtras {
  onHeaders: (headers: Headers) => void;
  signal: AbortSignal;
}

/**
 * Feed pages asked for ahead of the page being read, at most. One ahead kept the service idle
 * while the offline worker wrote a long page (its first write reads the search index, 0.5–0.8 s at
 * a million products; a WAL checkpoint holds a commit as long): the service made one page and
 * waited. A few ahead let it go on making pages meanwhile; each waits as the service's compressed
 * bytes (tens of kilobytes a page of 250), not parsed.
 */
export const FEED_PAGES_AHEAD = 4;

export interface FeedRequests<T> {
  /**
   * The answer for the page after `since`: the request sent ahead when it was for that page, else a
   * new one (requests sent ahead for other pages are dropped). Once the last page asked for names
   * the next (`Link: rel="next"` in its headers), that page is asked for too, while the pages
   * before are read, checked and written: at most `ahead` pages are asked for ahead of the one read.
   */
  page(since: string | null): Promise<T>;
  /** Whether the answer for the page after `since` was asked for ahead and has come (`page` would not wait). */
  ready(since: string | null): boolean;
  /** No more pages: the requests sent ahead are dropped. */
  close(): void;
}

/**
 * The change feed's requests, the next page asked for as soon as a page's headers name it rather
 * than once its body was read: the service makes the next pages while the core reads and writes
 * this one. `send` makes one request (through the client, which tells it the headers).
 */
export function createFeedRequests<T>(send: (since: string | null, extras: FeedRequestExtras) => Promise<T>, ahead = FEED_PAGES_AHEAD): FeedRequests<T> {
  interface Sent {
    since: string | null;
    answer: Promise<T>;
    /** The next page's cursor, once this answer's headers named it. */
    next: string | null;
    drop: AbortController;
    /** The answer has come. */
    settled: boolean;
  }
  /** Pages asked for ahead and not handed out yet, in feed order. */
  let waiting: Sent[] = [];
  /** The last page asked for: the next one is the page its headers name. */
  let last: Sent | null = null;
  let closed = false;
  /** Asks for the page the last one names, while fewer than `ahead` wait. */
  const askAhead = () => {
    if (closed || last === null || last.next === null || waiting.length >= ahead) return;
    const sent = start(last.next);
    waiting.push(sent);
  };
  const start = (since: string | null): Sent => {
    const drop = new AbortController();
    const sent: Sent = { since, next: null, drop, answer: Promise.resolve(undefined as T), settled: false };
    last = sent;
    const onHeaders = (headers: Headers) => {
      if (sent.next !== null) return;
      sent.next = nextFeedCursor(headers.get('link'));
      if (sent.next !== null && sent === last) askAhead();
    };
    sent.answer = send(since, { onHeaders, signal: drop.signal });
    const settle = () => {
      sent.settled = true;
    };
    sent.answer.then(settle, settle);
    return sent;
  };
  const dropWaiting = () => {
    for (const sent of waiting) sent.drop.abort();
    waiting = [];
  };
  return {
    page(since) {
      let sent = waiting.shift() ?? null;
      if (sent !== null && sent.since !== since) {
        sent.drop.abort();
        dropWaiting();
        sent = null;
      }
      sent ??= start(since);
      askAhead();
      return sent.answer;
    },
    ready(since) {
      const next = waiting[0];
      return next !== undefined && next.since === since && next.settled;
    },
    close() {
      closed = true;
      dropWaiting();
    },
  };
}
