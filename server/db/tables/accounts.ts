import { boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { products } from './catalog';

export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  dbaName: text('dba_name'),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  licenseNumber: text('license_number').notNull(),
  licenseState: text('license_state').notNull(),
  licenseType: text('license_type').notNull(),
  licenseVerified: boolean('license_verified').notNull(),
  licenseVerifiedAt: instant('license_verified_at'),
  street1: text('street1').notNull(),
  street2: text('street2'),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
  createdAt: instant('created_at').notNull(),
});

/** Only the SHA-256 of a key is kept; the plaintext is shown once, when the key is issued. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    keyHash: text('key_hash').notNull().unique(),
    /** The first characters of the key, enough to recognise it in a list without revealing it. */
    keyPrefix: text('key_prefix').notNull(),
    createdAt: instant('created_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (table) => [index('api_keys_account_idx').on(table.accountId)],
);

export const favorites = pgTable(
  'favorites',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.productId] })],
);
