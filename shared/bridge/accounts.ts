import { z } from 'zod';

/** One buyer account the app can sign in as (never its key), as the account switcher shows it. */
export const BuyerAccount = z.object({
  /** The app's own id of the account on this computer (`ba_…`), not the service's account id. */
  id: z.string(),
  mode: z.enum(['demo', 'custom']),
  /** The service's address; null for a demo account while the demo service is not running. */
  baseUrl: z.string().nullable(),
  /** The service's id of the account (`org_…`). */
  accountId: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** Its orders not yet confirmed by the service. */
  queuedOrders: z.number().int().nonnegative(),
});
export type BuyerAccount = z.infer<typeof BuyerAccount>;

export const BuyerAccounts = z.object({ accounts: z.array(BuyerAccount) });
export type BuyerAccounts = z.infer<typeof BuyerAccounts>;

export const BuyerAccountId = z.string().trim().min(1).max(64);

/** One buyer of the demo marketplace, to add as an account from a list (its key comes from the demo). */
export const DemoBuyer = z.object({
  /** The service's id of the account (`org_…`). */
  accountId: z.string(),
  name: z.string(),
  /** Already one of the accounts on this computer. */
  added: z.boolean(),
});
export type DemoBuyer = z.infer<typeof DemoBuyer>;

/** The demo's buyers: the running demo's, else those its last start left; empty before it ever ran. */
export const DemoBuyers = z.object({ buyers: z.array(DemoBuyer) });
export type DemoBuyers = z.infer<typeof DemoBuyers>;
