import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Compression of the catalog change feed's pages with node:zlib rather than @fastify/compress: only
 * that route needs it, zlib's async calls run on libuv's thread pool (not the event loop), and the
 * plugin would compress every route after our onSend ETag hook had tagged the uncompressed bytes.
 */

/** The content codings the service compresses with, best first. */
export type ContentCoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli's quality 4 compresses a feed page of JSON about as fast as gzip's default level and
 * smaller; its default (11) takes about a second per mebibyte.
 */
const BROTLI_QUALITY = 4;

/**
 * The coding to answer with for an `Accept-Encoding` header (RFC 9110 §12.5.3): the first of
 * br, gzip that the client accepts with a q-value above 0 (named, or through `*`); null for
 * none (identity). Codings are compared without case; a malformed q-value counts as 1.
 */
export function chooseCoding(header: string | string[] | undefined): ContentCoding | null {
  if (header === undefined) return null;
  const weights = new Map<string, number>();
  for (const element of [header].flat().join(',').split(',')) {
    const [name, ...parameters] = element.split(';').map((part) => part.trim());
    if (!name) continue;
    const q = parameters.find((parameter) => /^q\s*=/i.test(parameter));
    const weight = q === undefined ? 1 : Number(q.split('=')[1]?.trim());
    weights.set(name.toLowerCase(), Number.isFinite(weight) ? weight : 1);
  }
  const wildcard = weights.get('*');
  for (const coding of ['br', 'gzip'] as const) {
    const weight = weights.get(coding) ?? wildcard ?? 0;
    if (weight > 0) return coding;
  }
  return null;
}

/** Compresses off the event loop (zlib runs on libuv's thread pool). */
export function compress(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  return coding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipped(body);
}
