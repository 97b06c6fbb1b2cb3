import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isFeedPage, nextFeedUrl, walkFeed } from '../../bench/plain-feed';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/**
 * A feed of `pages` pages whose cursors carry this service's own name, as the demo service's carry
 * its snapshot: a cursor from another service is answered 410. Records what it was asked.
 */
async function feedService(name: string, pages: number): Promise<{ base: string; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://feed.invalid');
    asked.push(`${url.pathname}${url.search}`);
    const since = url.searchParams.get('since');
    const page = since === null ? 0 : Number(since.split('_')[1]);
    if (since !== null && !since.startsWith(`${name}_`)) {
      response.writeHead(410).end('{}');
      return;
    }
    const next = page + 1 < pages ? `${name}_${page + 1}` : null;
    if (next) response.setHeader('link', `<?since=${next}&limit=2>; rel="next"`);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ entries: [{ page }], next_cursor: next ?? `${name}_${page}`, has_more: next !== null }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, asked };
}

describe("bench:core's plain fetch of the change feed", () => {
  it('walks the feed by the cursors of the service it asks, where replaying another service\'s answers is refused', async () => {
    const first = await feedService('a', 4);
    const pages = await walkFeed(`${first.base}/catalog/changes?limit=2`, (url) => fetch(url));
    expect(pages).toBe(4);
    const recorded = first.asked.map((path) => path.replace('/api/v1', ''));

    const second = await feedService('b', 4);
    // The sync's own requests, replayed against a fresh service: its second page is another's cursor.
    expect((await fetch(`${second.base}${recorded[1]}`)).status).toBe(410);
    // Walked from the first of them, each next page from this service's own answer.
    expect(await walkFeed(`${second.base}${recorded[0]}`, (url) => fetch(url))).toBe(4);
    expect(second.asked.slice(1)).toEqual(['/api/v1/catalog/changes?limit=2', '/api/v1/catalog/changes?limit=2&since=b_1', '/api/v1/catalog/changes?limit=2&since=b_2', '/api/v1/catalog/changes?limit=2&since=b_3']);
  });

  it('stops at a page without a next link and tells a failed page', async () => {
    expect(nextFeedUrl('http://h/api/v1/catalog/changes?limit=5', null)).toBeNull();
    expect(nextFeedUrl('http://h/api/v1/catalog/changes?limit=5&since=x', '<?since=y&limit=5>; rel="next"')).toBe('http://h/api/v1/catalog/changes?limit=5&since=y');
    const service = await feedService('c', 2);
    await expect(walkFeed(`${service.base}/catalog/changes?since=zz_1`, (url) => fetch(url))).rejects.toThrow('HTTP 410');
  });

  it('tells the feed\'s pages from the other requests', () => {
    expect(isFeedPage('http://127.0.0.1:1/api/v1/catalog/changes?limit=250')).toBe(true);
    expect(isFeedPage('/catalog/changes')).toBe(true);
    expect(isFeedPage('/products?page=1')).toBe(false);
    expect(isFeedPage('/catalog/changes-not')).toBe(false);
  });
});
