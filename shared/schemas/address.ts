import { z } from 'zod';
import { oneLineText } from './text';
import { US_STATE_CODES } from './us-states';

export const ADDRESS_LIMITS = { street1: 200, city: 100 } as const;

export const UsState = z.enum(US_STATE_CODES, { error: 'must be a two-letter US state code, like CA' });

/** Surrounding spaces are allowed (and trimmed), as the pattern states. */
const Zip = z
  .string()
  .regex(/^\s*[0-9]{5}(?:-[0-9]{4})?\s*$/, 'must be a US ZIP code (12345 or 12345-6789)')
  .trim();

/** A shipping address as an order carries it (what the service sends back: read tolerantly). */
export const ShippingAddress = z.object({
  street1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});
export type ShippingAddress = z.infer<typeof ShippingAddress>;

/** A shipping address as an order is placed with it: the text rule, a state code, a ZIP code. */
export const ShippingAddressInput = z.strictObject({
  street1: oneLineText(ADDRESS_LIMITS.street1),
  city: oneLineText(ADDRESS_LIMITS.city),
  state: UsState,
  zip: Zip,
});
export type ShippingAddressInput = z.infer<typeof ShippingAddressInput>;

/** The account's address additionally has an optional second line. */
export const AccountAddress = ShippingAddress.extend({
  street2: z.string().nullable(),
});
export type AccountAddress = z.infer<typeof AccountAddress>;
