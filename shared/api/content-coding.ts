/**
 * The content codings the service compresses the change feed's pages with and the app reads, best
 * first (`Content-Encoding`, RFC 9110 §8.4).
 */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;

export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/** A `Content-Encoding` header's coding when it is one of CONTENT_CODINGS; null for none (identity); undefined for any other. */
export function readContentCoding(header: string | null): ContentCoding | null | undefined {
  const value = header?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'identity') return null;
  return CONTENT_CODINGS.find((coding) => coding === value);
}
