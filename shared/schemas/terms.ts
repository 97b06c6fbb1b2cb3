import { z } from 'zod';
import { Cents, Count, Timestamp, idWithPrefix } from './common';

/**
 * The commercial terms a supplier sells on (issue 26, an extension of the marketplace's interface):
 * case deals and mix deals, and split cases ordered by the bottle. A client that uses none of them
 * sees the seed's interface unchanged: every field here is optional where it appears.
 */

export const DealId = idWithPrefix('deal');

/**
 * `case`: a lower price from `min_cases` cases of one product, counted on its line. `mix`: a lower
 * price on every case of a set of one supplier's products once the order holds `min_cases` cases
 * of that set together ("any 10 cases of the portfolio").
 */
export const DEAL_KINDS = ['case', 'mix'] as const;
export const DealKind = z.enum(DEAL_KINDS);
export type DealKind = z.infer<typeof DealKind>;

/** What a deal takes off a case: a fixed case price, an amount off each case, or a share off each case. */
export const DealDiscount = z.discriminatedUnion('type', [
  z.object({ type: z.literal('case_price'), case_price_cents: z.number().int().positive() }),
  z.object({ type: z.literal('amount_off'), amount_off_cents: z.number().int().positive() }),
  z.object({
    type: z.literal('percent_off'),
    /** 800 is 8 %. The amount taken off a case is rounded half up to the cent. */
    percent_off_basis_points: z.number().int().min(1).max(9_999),
  }),
]);
export type DealDiscount = z.infer<typeof DealDiscount>;

/** Deal titles are the supplier's words, shown as they are. */
export const DEAL_TITLE_MAX = 120;

export const Deal = z
  .object({
    id: DealId,
    kind: DealKind,
    title: z.string().max(DEAL_TITLE_MAX),
    min_cases: z.number().int().positive(),
    discount: DealDiscount,
    /** The deal runs from `starts_at` (included) to `ends_at` (excluded). */
    starts_at: Timestamp,
    ends_at: Timestamp,
    /** How many products the deal covers: 1 for a case deal, the set's size for a mix deal. */
    product_count: z.number().int().positive(),
  })
  .meta({
    'x-caseworks-extension': true,
    description:
      'A deal on this product (extension): from `min_cases` cases (of this product for `kind` case; of any products of the set together for `kind` mix) each case costs less, between `starts_at` (included) and `ends_at` (excluded).',
  });
export type Deal = z.infer<typeof Deal>;

/** A product's deals as the service shows them: those running now and those still to come, by start. */
export const ProductDeals = z.array(Deal).meta({
  'x-caseworks-extension': true,
  description:
    "Extension: the deals on this product, by start; absent when it has none. A deal prices an order only while it runs (`starts_at` ≤ the moment the order is placed < `ends_at`); one that ended may still be listed until the product next changes, and prices nothing.",
});

/** How a product can be bought by the bottle (a split case). */
export const SplitCaseTerms = z.object({
  /** Charged once per order line ordered by the bottle, whatever the number of bottles. */
  fee_cents: Cents,
  /** Bottles in stock: whole cases times the pack size, plus the bottles of cases already opened. */
  bottles_available: Count,
}).meta({
  'x-caseworks-extension': true,
  description:
    "Extension: present when the product's supplier sells it by the bottle (a split case): order it with an item of `unit` bottle, 1 bottle to one fewer than `pack_size`, at `bottle_price_cents` each plus `fee_cents` for the line.",
});
export type SplitCaseTerms = z.infer<typeof SplitCaseTerms>;

/** What an order line counts: cases (the seed's meaning of `quantity`) or bottles of a split case. */
export const ORDER_UNITS = ['case', 'bottle'] as const;
export const OrderUnit = z.enum(ORDER_UNITS);
export type OrderUnit = z.infer<typeof OrderUnit>;

/** The deal an order item was priced with, and what it saved on the line. */
export const AppliedDeal = z
  .object({
    id: DealId,
    title: z.string(),
    /** The case price without the deal. */
    list_price_cents: Cents,
    /** (list price − unit price) × quantity. */
    saved_cents: Cents,
  })
  .meta({ 'x-caseworks-extension': true, description: 'Extension: the deal this line was priced with and what it saved; absent when no deal applied.' });
export type AppliedDeal = z.infer<typeof AppliedDeal>;
