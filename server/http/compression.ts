import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { CONTENT_CODINGS, type ContentCoding } from '../../shared';

/**
 * Compression of the catalog change feed's pages with node:zlib rather than @fastify/compress: only
 * that route needs it, zlib's async calls run on libuv's thread pool (not the event loop), and the
 * plugin would compress every route after our onSend ETag hook had tagged the uncompressed bytes.
 */

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The cheapest levels that still shrink a feed page about sevenfold. A page of 1 MiB of product
 * details (a million products on PGlite) took, in CPU: brotli quality 1 4.0 ms (140 KiB), 2 6.6 ms
 * (135 KiB), 4 11.3 ms (115 KiB), 5 18.3 ms (99 KiB), the default (11) about a second; gzip level
 * 1 7.7 ms (188 KiB), 3 7.5 ms (173 KiB), the default (6) 14.7 ms (146 KiB). The service spends
 * that for every page of a bootstrap, so it compresses quickly rather than small.
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 3;

/**
 * The coding to answer with for an `Accept-Encoding` header (RFC 9110 §12.5.3): the first of
 * CONTENT_CODINGS that the client accepts with a q-value above 0 (named, or through `*`); null for
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
  for (const coding of CONTENT_CODINGS) {
    const weight = weights.get(coding) ?? wildcard ?? 0;
    if (weight > 0) return coding;
  }
  return null;
}

/** Compresses off the event loop (zlib runs on libuv's thread pool). */
export function compress(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  return coding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipped(body, { level: GZIP_LEVEL });
}
