import { z } from 'zod';

const addressLine = z.string().trim().min(1).max(200);

/** A shipping address as an order carries it. */
export const ShippingAddress = z.object({
  street1: addressLine,
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().min(2).max(50),
  zip: z.string().trim().regex(/^[0-9]{5}(-[0-9]{4})?$/, 'must be a US ZIP code (12345 or 12345-6789)'),
});
export type ShippingAddress = z.infer<typeof ShippingAddress>;

/** The account's address additionally has an optional second line. */
export const AccountAddress = ShippingAddress.extend({
  street2: z.string().nullable(),
});
export type AccountAddress = z.infer<typeof AccountAddress>;
