import type { IncomingHttpHeaders } from 'node:http';
import { CATALOG_CHANGES_PAGE_BYTES, type CatalogChangesPage, type CatalogChangesQuery } from '../../shared';
import type { Store } from '../store/types';
import { decodeCursor, encodeCursor } from '../store/catalog/change-cursor';
import type { CursorExpiry } from '../store/catalog/change-feed';
import { chooseCoding, compress } from './compression';
import { etagOf, ifNoneMatchMatches } from './etag';
import type { HandlerOutcome } from './handlers';
import { HttpProblem, validationFailed } from './problem';

const COMMA = Buffer.from(',');

const EXPIRED_DETAIL: Record<CursorExpiry, string> = {
  pruned: 'This cursor is older than the removals the service still keeps. Start over without since.',
  other_catalog: 'This cursor belongs to another catalog (another service or database). Start over without since.',
  future: 'This cursor is ahead of this catalog: its database may have been restored from a backup. Start over without since.',
};

/**
 * GET /catalog/changes: one page of the feed. Entries are serialized one by one and the page ends
 * before the entry that would take it over CATALOG_CHANGES_PAGE_BYTES (a page always holds one);
 * `next_cursor` is the position of the last entry sent, or the cursor asked with when nothing is
 * new. The ETag is the page's JSON (weak, so the same for every coding); the body is compressed
 * when the client accepts br or gzip; a page with more waiting names the next one in `Link`.
 */
export async function catalogChangesPage(store: Store, query: CatalogChangesQuery, headers: IncomingHttpHeaders): Promise<HandlerOutcome<CatalogChangesPage>> {
  const since = query.since === undefined ? null : decodeCursor(query.since);
  if (query.since !== undefined && since === null) {
    const detail = 'is not a cursor this service returned as next_cursor';
    throw validationFailed(400, `Invalid query parameters: /query/since ${detail}.`, [{ pointer: '/query/since', detail }]);
  }
  const read = await store.catalogChanges(since, query.limit);
  if (read.kind === 'expired') throw new HttpProblem(410, 'cursor_expired', EXPIRED_DETAIL[read.reason]);

  // Each entry is encoded once, on its own: joining them into one string and encoding that took
  // 6.6 ms of CPU for a page of 1,000 product details (a million products on PGlite).
  const parts: Buffer[] = [];
  let bytes = 0;
  let last = since ?? { xid: 0n, seq: 0n };
  for (const entry of read.entries) {
    const json = Buffer.from(JSON.stringify(entry.change));
    const size = json.length + 1;
    if (parts.length > 0 && bytes + size > CATALOG_CHANGES_PAGE_BYTES) break;
    parts.push(json);
    bytes += size;
    last = entry.position;
  }
  const hasMore = read.hasMore || parts.length < read.entries.length;
  const nextCursor = encodeCursor({ catalog: read.catalog, xid: last.xid, seq: last.seq, startXid: read.startXid });
  const body = Buffer.concat([
    Buffer.from('{"data":['),
    ...parts.flatMap((part, index) => (index === 0 ? [part] : [COMMA, part])),
    Buffer.from(`],"next_cursor":${JSON.stringify(nextCursor)},"has_more":${hasMore}}`),
  ]);
  const etag = `W/${etagOf(body)}`;
  const pageHeaders = { vary: 'accept-encoding', ...(hasMore ? { link: nextPageLink(nextCursor, query.limit) } : {}) };
  if (ifNoneMatchMatches(headers['if-none-match'], etag)) return { notModified: etag, headers: pageHeaders };
  const coding = chooseCoding(headers['accept-encoding']);
  if (coding === null) return { cached: { bytes: body, etag }, headers: pageHeaders };
  return { cached: { bytes: await compress(body, coding), etag }, headers: { ...pageHeaders, 'content-encoding': coding } };
}

/**
 * The next page as a `Link` header (RFC 8288, `rel="next"`), on a page with more waiting: a
 * reference relative to the request (the same path, its query replaced), so it holds behind any
 * prefix. A client may ask for it as soon as the headers arrive, while it reads this page's body.
 * The cursor is base64url, safe in a query as it is.
 */
const nextPageLink = (cursor: string, limit: number): string => `<?since=${cursor}&limit=${limit}>; rel="next"`;
