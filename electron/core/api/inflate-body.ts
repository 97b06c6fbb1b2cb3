import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ContentCoding } from '../../../shared';

export type InflatedBody = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too_large' | 'corrupt' };

/**
 * A body as the service sent it (`fetchAsSent`), inflated from its content coding (none: as it
 * is), refusing to grow past `limitBytes`. Synchronous: it runs in the offline worker, which is
 * handed the compressed bytes so the main thread neither inflates nor holds the page.
 */
export function inflateBody(bytes: Uint8Array, coding: ContentCoding | null, limitBytes: number): InflatedBody {
  if (coding === null) return bytes.byteLength > limitBytes ? { ok: false, reason: 'too_large' } : { ok: true, bytes };
  try {
    const options = { maxOutputLength: limitBytes };
    return { ok: true, bytes: coding === 'br' ? brotliDecompressSync(bytes, options) : gunzipSync(bytes, options) };
  } catch (error) {
    return { ok: false, reason: (error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : 'corrupt' };
  }
}
