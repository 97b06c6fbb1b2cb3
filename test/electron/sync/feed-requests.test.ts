import { describe, expect, it } from 'vitest';
import { createFeedRequests, type FeedRequestExtras } from '../../../electron/core/sync/feed-requests';

/** A feed of `pages` pages whose requests are answered by hand: each page's headers name the next (`c<n>`). */
function handFeed(pages: number) {
  const asked: (string | null)[] = [];
  const dropped: (string | null)[] = [];
  const pending = new Map<string | null, { extras: FeedRequestExtras; answer: (value: string) => void }>();
  const send = (since: string | null, extras: FeedRequestExtras) =>
    new Promise<string>((resolve) => {
      asked.push(since);
      extras.signal.addEventListener('abort', () => dropped.push(since));
      pending.set(since, { extras, answer: resolve });
    });
  const pageOf = (since: string | null) => (since === null ? 0 : Number(since.slice(1)));
  /** The headers of the page after `since`: they name the next page unless it is the last. */
  const headers = (since: string | null) => {
    const page = pageOf(since) + 1;
    pending.get(since)!.extras.onHeaders(new Headers(page < pages ? { link: `<?since=c${page}&limit=250>; rel="next"` } : {}));
  };
  const body = (since: string | null) => pending.get(since)!.answer(`page ${pageOf(since) + 1}`);
  return { send, asked, dropped, headers, body };
}

describe('the change feed’s requests', () => {
  it('asks for the pages each Link names as soon as its headers arrive, up to the bound ahead of the page read, and no more', async () => {
    const feed = handFeed(10);
    const requests = createFeedRequests(feed.send, 3);
    const first = requests.page(null);
    // Each page's headers arrive, its body not yet: the chain goes on while the first page waits.
    for (const since of [null, 'c1', 'c2', 'c3']) feed.headers(since);
    expect(feed.asked).toEqual([null, 'c1', 'c2', 'c3']);
    feed.body(null);
    expect(await first).toBe('page 1');
    // The first page handed out makes room for one more.
    const second = requests.page('c1');
    expect(feed.asked).toEqual([null, 'c1', 'c2', 'c3', 'c4']);
    feed.body('c1');
    expect(await second).toBe('page 2');
    requests.close();
    expect(feed.dropped).toEqual(['c2', 'c3', 'c4']);
  });

  it('a page asked for other than the one waiting drops every request sent ahead and asks for it', async () => {
    const feed = handFeed(10);
    const requests = createFeedRequests(feed.send, 3);
    const first = requests.page(null);
    for (const since of [null, 'c1', 'c2']) feed.headers(since);
    feed.body(null);
    await first;
    const other = requests.page('c7');
    expect(feed.dropped).toEqual(['c1', 'c2', 'c3']);
    expect(feed.asked.at(-1)).toBe('c7');
    feed.headers('c7');
    expect(feed.asked.at(-1)).toBe('c8');
    feed.body('c7');
    expect(await other).toBe('page 8');
    requests.close();
  });

  it('the last page names no next: nothing more is asked', async () => {
    const feed = handFeed(2);
    const requests = createFeedRequests(feed.send, 3);
    const first = requests.page(null);
    feed.headers(null);
    feed.headers('c1');
    expect(feed.asked).toEqual([null, 'c1']);
    feed.body(null);
    await first;
    const second = requests.page('c1');
    feed.body('c1');
    expect(await second).toBe('page 2');
    expect(feed.asked).toEqual([null, 'c1']);
    requests.close();
    expect(feed.dropped).toEqual([]);
  });

  it('tells whether the page after a cursor was asked for ahead and has come: not before its answer, not for another page', async () => {
    const feed = handFeed(10);
    const requests = createFeedRequests(feed.send, 3);
    const first = requests.page(null);
    expect(requests.ready('c1'), 'not asked for yet').toBe(false);
    feed.headers(null);
    feed.headers('c1');
    expect(requests.ready('c1'), 'asked for, no answer yet').toBe(false);
    feed.body('c1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(requests.ready('c1')).toBe(true);
    expect(requests.ready('c2'), 'not the page waiting first').toBe(false);
    feed.body(null);
    await first;
    expect(await requests.page('c1')).toBe('page 2');
    expect(requests.ready('c2'), 'asked for, no answer yet').toBe(false);
    requests.close();
  });
});
