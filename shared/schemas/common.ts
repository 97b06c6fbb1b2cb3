import { z } from 'zod';

/** ISO 8601 UTC timestamp as the service sends it, e.g. `2026-11-22T08:33:39.000Z`. */
export const Timestamp = z.iso.datetime({ offset: true });

/** Calendar date `YYYY-MM-DD`. */
export const CalendarDate = z.iso.date();

/** Money is always an integer number of cents. */
export const Cents = z.number().int().nonnegative();

export const Count = z.number().int().nonnegative();

/** Opaque identifiers carry a resource prefix; the rest is not interpreted. */
export const idWithPrefix = <P extends string>(prefix: P) =>
  z
    .string()
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]{1,64}$`), `must be an id starting with ${prefix}_`);

export const SupplierId = idWithPrefix('sup');
export const ProductId = idWithPrefix('prod');
export const OrderId = idWithPrefix('ord');
export const AccountId = idWithPrefix('org');
export const WebhookId = idWithPrefix('wh');
export const OrderItemId = idWithPrefix('item');

/** RFC 3986's pieces: a character of a path segment, query or fragment (`pchar`), and of `userinfo`. */
const PCHAR = "[A-Za-z0-9\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2}";
const USERINFO_CHAR = "[A-Za-z0-9\\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2}";
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
/** A DNS name whose last label starts with a letter, four decimal octets, or an IPv6 address in brackets. */
const HOST = `(?:[A-Za-z0-9_-]+\\.)*[A-Za-z][A-Za-z0-9_-]*\\.?|${OCTET}(?:\\.${OCTET}){3}|\\[[0-9A-Fa-f:.]+\\]`;
const PORT = '(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])';
/**
 * An http(s) URL as RFC 3986 writes one (what JSON Schema's `format: uri` checks) and browsers'
 * URL parsers read alike: an optional `userinfo@`, a host (a DNS name, an IPv4 address or an IPv6
 * one in brackets), an optional port up to 65535, a path, an optional `?query` and an optional
 * `#fragment` — at most one `#`, every `%` starting a two-digit escape. Browsers take more
 * (`https://a.example/##`, `https://example.com.0`); the service does not.
 */
const HTTP_URI = new RegExp(
  `^[Hh][Tt][Tt][Pp][Ss]?://(?:(?:${USERINFO_CHAR})*@)?(?:${HOST})(?::${PORT}?)?` +
    `(?:/(?:${PCHAR})*)*(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?$`,
);

export const HttpUrl = z
  .string()
  .max(2048)
  .regex(HTTP_URI, 'must be an http or https URL written as URLs are (spaces and other characters percent-encoded, at most one #)')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'must be an http or https URL')
  .meta({ format: 'uri' });

export const PageMeta = z.object({
  total: Count,
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  total_pages: Count,
});
export type PageMeta = z.infer<typeof PageMeta>;

export const paginated = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: PageMeta });

export type Paginated<T> = { data: T[]; meta: PageMeta };
