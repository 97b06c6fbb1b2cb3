import { nextFeedCursor } from './feed-link';

/** What a feed request is sent with besides its cursor: the client's hook for the answer's headers, and a way to drop it. */
export interface FeedRequestExtras {
  onHeaders: (headers: Headers) => void;
  signal: AbortSignal;
}

export interface FeedRequests<T> {
  /**
   * The answer for the page after `since`: the request sent ahead when it was for that page, else a
   * new one (a request sent ahead for another page is dropped). Once this page's headers name the
   * next page (`Link: rel="next"`), that page is asked for too, while this one's body is read,
   * checked and written: at most one page is asked for ahead.
   */
  page(since: string | null): Promise<T>;
  /** No more pages: a request sent ahead is dropped. */
  close(): void;
}

/**
 * The change feed's requests, the next page asked for as soon as a page's headers name it rather
 * than once its body was read: the service makes the next page while the core reads and writes
 * this one. `send` makes one request (through the client, which tells it the headers).
 */
export function createFeedRequests<T>(send: (since: string | null, extras: FeedRequestExtras) => Promise<T>): FeedRequests<T> {
  interface Sent {
    since: string | null;
    answer: Promise<T>;
    /** The next page's cursor, once this answer's headers named it. */
    next: string | null;
    /** Called when the headers name the next page, once this page is the one being read. */
    onNext: ((cursor: string) => void) | null;
    drop: AbortController;
  }
  let ahead: Sent | null = null;
  let closed = false;
  const start = (since: string | null): Sent => {
    const drop = new AbortController();
    const sent: Sent = { since, next: null, onNext: null, drop, answer: Promise.resolve(undefined as T) };
    const onHeaders = (headers: Headers) => {
      if (sent.next !== null) return;
      sent.next = nextFeedCursor(headers.get('link'));
      if (sent.next !== null) sent.onNext?.(sent.next);
    };
    sent.answer = send(since, { onHeaders, signal: drop.signal });
    return sent;
  };
  const askAhead = (cursor: string) => {
    if (!closed && ahead === null) ahead = start(cursor);
  };
  return {
    page(since) {
      let sent = ahead;
      ahead = null;
      if (sent !== null && sent.since !== since) {
        sent.drop.abort();
        sent = null;
      }
      sent ??= start(since);
      if (sent.next !== null) askAhead(sent.next);
      else sent.onNext = askAhead;
      return sent.answer;
    },
    close() {
      closed = true;
      ahead?.drop.abort();
      ahead = null;
    },
  };
}
