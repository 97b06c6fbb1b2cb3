import { nextFeedCursor } from '../electron/core/sync/feed-link';

/** Whether a request (a URL or a path) of a first sync is a page of the catalog change feed. */
export const isFeedPage = (url: string): boolean => /\/catalog\/changes(\?|$)/.test(url);

/**
 * The URL of the feed page after the one at `url`, from that page's `Link: rel="next"` header
 * (nextFeedCursor): its cursor in place of `url`'s, the other parameters (limit) kept; null on the
 * last page.
 */
export function nextFeedUrl(url: string, link: string | null): string | null {
  const cursor = nextFeedCursor(link);
  if (cursor === null) return null;
  const next = new URL(url);
  next.searchParams.set('since', cursor);
  return next.toString();
}

/**
 * A plain client's walk of the change feed from its first page, as a first sync walks it: each
 * next page asked for as soon as the page before names it in its headers, every body read and
 * parsed (`JSON.parse`) and let go. The cursors come from the service asked, never from another
 * service's answers: a cursor is that service's own (a fresh service from the same seeded copy
 * may answer another's 410). Resolves to the pages read.
 */
export async function walkFeed(firstUrl: string, get: (url: string) => Promise<Response>): Promise<number> {
  // Each body parsed and let go (a promise of nothing): the parsed pages of a million products held
  // to the end would be gigabytes of heap, which plainFetch's own answers avoid too.
  const bodies: Array<Promise<void>> = [];
  let url: string | null = firstUrl;
  while (url !== null) {
    const asked: string = url;
    const response = await get(asked);
    if (!response.ok) throw new Error(`${asked}: HTTP ${response.status}`);
    bodies.push(response.json().then(() => undefined));
    url = nextFeedUrl(asked, response.headers.get('link'));
  }
  await Promise.all(bodies);
  return bodies.length;
}
