import { z } from 'zod';
import { AccountId, Count, Timestamp } from './common';
import { AccountAddress } from './address';

export const License = z.object({
  number: z.string(),
  state: z.string(),
  type: z.string(),
  verified: z.boolean(),
  verified_at: Timestamp.nullable(),
});
export type License = z.infer<typeof License>;

export const Account = z.object({
  id: AccountId,
  /** `buyer` is the only value the seed shows; others are accepted as they come. */
  type: z.string(),
  name: z.string(),
  dba_name: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  license: License,
  address: AccountAddress,
  stats: z.object({ total_orders: Count, shipping_addresses: Count, favorites: Count }),
  created_at: Timestamp,
});
export type Account = z.infer<typeof Account>;
