/** The body's text, or that it was larger than the limit (an expected answer, so a value). */
export type BodyText = { ok: true; text: string } | { ok: false; tooLargeBytes: number };

/**
 * Reads a response body as UTF-8 text, refusing to hold more than `limitBytes` in memory:
 * a declared Content-Length over the limit is refused before reading, and a body that streams
 * past the limit is cancelled as soon as it crosses it. A failure to read (a timeout, a reset) is
 * not decided here: it propagates, so the caller can classify it with the request.
 */
export async function readBodyText(response: Response, limitBytes: number): Promise<BodyText> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, tooLargeBytes: limitBytes };
  }
  if (!response.body) return { ok: true, text: '' };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, tooLargeBytes: limitBytes };
    }
    chunks.push(value);
  }
  return { ok: true, text: new TextDecoder('utf-8').decode(concat(chunks, total)) };
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}

/** `application/json` or any `+json` media type (e.g. `application/problem+json`). */
export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const mediaType = header.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}
