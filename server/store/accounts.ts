import { count, eq, sql } from 'drizzle-orm';
import type { Account } from '../../shared';
import type { Database } from '../db/database';
import { accounts, favorites, orders } from '../db/schema';

/**
 * The account with its stats: total_orders counts its orders; shipping_addresses counts the
 * distinct addresses it has shipped to, its own address included.
 */
export async function getAccount(db: Database, accountId: string): Promise<Account | null> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) return null;
  const [orderStats] = await db
    .select({
      totalOrders: count(),
      otherAddresses: sql<number>`count(distinct (lower(${orders.shipStreet1}), lower(${orders.shipCity}), lower(${orders.shipState}), ${orders.shipZip})) filter (where not (lower(${orders.shipStreet1}) = lower(${account.street1}) and lower(${orders.shipCity}) = lower(${account.city}) and lower(${orders.shipState}) = lower(${account.state}) and ${orders.shipZip} = ${account.zip}))`,
    })
    .from(orders)
    .where(eq(orders.accountId, accountId));
  const [favoriteStats] = await db.select({ total: count() }).from(favorites).where(eq(favorites.accountId, accountId));
  return {
    id: account.id,
    type: account.type,
    name: account.name,
    dba_name: account.dbaName,
    email: account.email,
    phone: account.phone,
    license: {
      number: account.licenseNumber,
      state: account.licenseState,
      type: account.licenseType,
      verified: account.licenseVerified,
      verified_at: account.licenseVerifiedAt?.toISOString() ?? null,
    },
    address: {
      street1: account.street1,
      street2: account.street2,
      city: account.city,
      state: account.state,
      zip: account.zip,
    },
    stats: {
      total_orders: Number(orderStats?.totalOrders ?? 0),
      shipping_addresses: 1 + Number(orderStats?.otherAddresses ?? 0),
      favorites: Number(favoriteStats?.total ?? 0),
    },
    created_at: account.createdAt.toISOString(),
  };
}
