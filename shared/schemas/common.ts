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

/** An http(s) URL written with the characters RFC 3986 allows, every `%` starting a two-digit escape. */
const HTTP_URI_CHARACTERS = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

export const HttpUrl = z
  .string()
  .max(2048)
  .regex(HTTP_URI_CHARACTERS, 'must be an http or https URL written with the characters URLs allow (spaces and other characters percent-encoded)')
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
