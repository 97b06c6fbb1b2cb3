import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { products, suppliers } from './catalog';

/**
 * Issue 26: a supplier's deals. `kind` case (one product, counted on its line) or mix (a set of
 * the supplier's products, counted together); the discount is one of `case_price`, `amount_off`
 * (cents off a case) or `percent_off` (basis points), its number in `discount_value`. A deal runs
 * from `starts_at` (included) to `ends_at` (excluded). Written through `createDeal`
 * (server/store/catalog/deals.ts), which refuses a deal that is over, conflicts with another or
 * would make a price zero or below.
 */
export const deals = pgTable(
  'deals',
  {
    id: text('id').primaryKey(),
    supplierId: text('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    minCases: integer('min_cases').notNull(),
    discountType: text('discount_type').notNull(),
    discountValue: integer('discount_value').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('deals_supplier_idx').on(table.supplierId, table.endsAt)],
);

/** The products a deal covers: one for a case deal, the set of a mix deal. */
export const dealProducts = pgTable(
  'deal_products',
  {
    dealId: text('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.dealId, table.productId] }), index('deal_products_product_idx').on(table.productId)],
);
