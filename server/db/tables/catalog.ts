import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeliveryTerms } from '../../../shared/schemas/delivery-terms';
import { instant, tsvector } from './columns';

export const suppliers = pgTable(
  'suppliers',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    dbaName: text('dba_name'),
    /** "City, ST" */
    location: text('location').notNull(),
    /** The wine region the winery belongs to, e.g. "Napa Valley". */
    region: text('region').notNull(),
    /** Street address of the winery, shown in an order detail. */
    address: text('address').notNull(),
    /** Issue 26: what the supplier charges per order line of a split case; null when it does not split cases. */
    splitCaseFeeCents: integer('split_case_fee_cents'),
    /**
     * Issue 26: the days it delivers to each state and its order cutoff; null when it published none.
     * On the supplier's row, so a change of them puts the supplier (not its products) on the change feed.
     */
    deliveryTerms: jsonb('delivery_terms').$type<DeliveryTerms>(),
    createdAt: instant('created_at').notNull(),
    /** Maintained by the writer, like the products' document (see server/store/catalog/search-text.ts). */
    searchDocument: tsvector('search_document').notNull(),
  },
  (table) => [
    index('suppliers_search_idx').using('gin', table.searchDocument),
    index('suppliers_name_idx').on(sql`${table.name} COLLATE "C"`, table.id),
  ],
);

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    supplierId: text('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    varietal: text('varietal').notNull(),
    vintage: integer('vintage'),
    region: text('region').notNull(),
    appellation: text('appellation'),
    country: text('country').notNull(),
    abv: doublePrecision('abv'),
    sizeMl: integer('size_ml').notNull(),
    packSize: integer('pack_size').notNull(),
    casePriceCents: integer('case_price_cents').notNull(),
    bottlePriceCents: integer('bottle_price_cents').notNull(),
    inventoryAvailable: integer('inventory_available').notNull(),
    minimumOrder: integer('minimum_order').notNull(),
    /**
     * Issue 26: bottles of cases opened for split cases, fewer than a case; `inventory_available`
     * keeps counting whole cases. Bottles in stock: inventory_available × pack_size + loose_bottles.
     */
    looseBottles: integer('loose_bottles').notNull().default(0),
    sku: text('sku').notNull().unique(),
    upc: text('upc'),
    description: text('description'),
    tastingNotes: text('tasting_notes'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
    /**
     * Maintained by the writer (see server/store/catalog/search-text.ts) rather than generated:
     * it includes the supplier's name, which lives in another table, and it is folded (lower
     * case, accents removed) in one place so documents and queries agree on every database locale.
     */
    searchDocument: tsvector('search_document').notNull(),
    /**
     * A dense number per product, given by the database in insertion order and never reused: the
     * listings index (server/store/catalog/listing-index.ts) keeps every product as this number
     * (4 bytes) rather than its id (27 characters and a string's overhead). The sort indexes carry
     * it last, so the order of a whole sort is read from the index alone.
     */
    ordinal: integer('ordinal').notNull().generatedAlwaysAsIdentity(),
  },
  // No index on lower(varietal), lower(region) or lower(country) (nor on the UPC, which nothing
  // looks up): the listings index (server/store/catalog/listing-index.ts) answers those filters, and
  // each such index cost seeding a million products about 4 s.
  (table) => [
    index('products_search_idx').using('gin', table.searchDocument),
    uniqueIndex('products_ordinal_idx').on(table.ordinal),
    index('products_supplier_idx').on(table.supplierId, sql`${table.name} COLLATE "C"`, table.id),
    index('products_price_idx').on(table.casePriceCents, table.id, table.ordinal),
    index('products_name_idx').on(sql`${table.name} COLLATE "C"`, table.id, table.ordinal),
    index('products_created_idx').on(table.createdAt, table.id, table.ordinal),
  ],
);

/**
 * The catalog's versions, bumped by every transaction that changes what catalog reads return.
 * `version` counts every such change (stock taken by an order, stock returned by a cancellation,
 * products added, removed or edited); `listing_version` only the changes that can change which
 * products a listing holds or their order (anything but stock: no listing filters or sorts by
 * stock), so the listings' kept ids outlive orders. A bump commits with its change, so the sum of
 * the slots follows commit order, which timestamps taken from each writer's clock do not. Writers
 * bump the slot of their connection (`pg_backend_pid() % CATALOG_VERSION_SLOTS`), so concurrent
 * orders on different connections rarely wait on the same row; readers add the slots up. The
 * migration creates the slots.
 */
export const catalogVersions = pgTable('catalog_versions', {
  slot: integer('slot').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  listingVersion: bigint('listing_version', { mode: 'number' }).notNull().default(0),
});

export const CATALOG_VERSION_SLOTS = 16;
