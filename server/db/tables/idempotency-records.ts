import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { accounts } from './accounts';

/** The first response to a `POST /orders` under an Idempotency-Key, kept for replay. */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    orderId: text('order_id'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.key] }),
    index('idempotency_created_idx').on(table.createdAt),
  ],
);
