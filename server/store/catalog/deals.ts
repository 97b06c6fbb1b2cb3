import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import {
  DEAL_TITLE_MAX,
  usableDealPrice,
  type CatalogProduct,
  type Deal,
  type DealDiscount,
  type DealKind,
  type FieldError,
  type Product,
  type SplitCaseTerms,
} from '../../../shared';
import type { Database } from '../../db/database';
import { dealProducts, deals, products, suppliers } from '../../db/schema';
import { randomBase62 } from '../ids';
import { bumpCatalogVersion } from './version';

/** A deal as a supplier (or the demo) writes it. */
export interface NewDeal {
  supplierId: string;
  kind: DealKind;
  title: string;
  minCases: number;
  discount: DealDiscount;
  startsAt: Date;
  endsAt: Date;
  /** One product for a case deal; two or more of the supplier's for a mix deal. */
  productIds: readonly string[];
}

/**
 * Why a deal was not written. `deal_expired`: it ends at or before the moment it is written.
 * `deal_conflict`: a deal of the same kind, threshold and products overlaps it in time (a second
 * price for one tier). `deal_price_not_positive`: it would bring a product's case price to zero or
 * below. `deal_no_saving`: its case price is not below a product's. `deal_invalid`: anything else
 * (dates in the wrong order, an empty title, products not the supplier's or missing, a case deal
 * on more than one product or a mix deal on fewer than two).
 */
export const DEAL_REFUSAL_CODES = ['deal_invalid', 'deal_expired', 'deal_conflict', 'deal_price_not_positive', 'deal_no_saving'] as const;
export type DealRefusalCode = (typeof DEAL_REFUSAL_CODES)[number];

export type CreateDealResult =
  | { kind: 'created'; deal: Deal }
  | { kind: 'refused'; code: DealRefusalCode; detail: string; errors: FieldError[] };

const refused = (code: DealRefusalCode, detail: string, errors: FieldError[] = []): CreateDealResult => ({ kind: 'refused', code, detail, errors });

const discountValue = (discount: DealDiscount): number =>
  discount.type === 'case_price' ? discount.case_price_cents : discount.type === 'amount_off' ? discount.amount_off_cents : discount.percent_off_basis_points;

function discountOf(type: string, value: number): DealDiscount {
  switch (type) {
    case 'case_price':
      return { type, case_price_cents: value };
    case 'amount_off':
      return { type, amount_off_cents: value };
    case 'percent_off':
      return { type, percent_off_basis_points: value };
    default:
      throw new Error(`unknown deal discount type ${type}`);
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

function checkShape(input: NewDeal, now: Date): CreateDealResult | null {
  const title = input.title.trim();
  if (title.length === 0 || title.length > DEAL_TITLE_MAX) {
    return refused('deal_invalid', `A deal needs a title of 1 to ${DEAL_TITLE_MAX} characters.`, [{ pointer: '/title', detail: 'is empty or too long' }]);
  }
  if (!Number.isInteger(input.minCases) || input.minCases < 1) {
    return refused('deal_invalid', 'A deal starts from a whole number of cases, at least 1.', [{ pointer: '/min_cases', detail: 'must be a whole number, at least 1' }]);
  }
  const value = discountValue(input.discount);
  if (!Number.isInteger(value) || value < 1 || (input.discount.type === 'percent_off' && value > 9_999)) {
    return refused('deal_invalid', 'The discount must be a positive whole number (basis points below 10,000 for a share off).', [{ pointer: '/discount', detail: 'is not a usable discount' }]);
  }
  if (!(input.startsAt.getTime() < input.endsAt.getTime())) {
    return refused('deal_invalid', 'A deal must end after it starts.', [{ pointer: '/ends_at', detail: 'is not after starts_at' }]);
  }
  if (input.endsAt.getTime() <= now.getTime()) {
    return refused('deal_expired', `The deal ended on ${input.endsAt.toISOString()}, before it was written.`, [{ pointer: '/ends_at', detail: 'is in the past' }]);
  }
  const distinct = new Set(input.productIds);
  if (distinct.size !== input.productIds.length) {
    return refused('deal_invalid', 'A deal lists each product once.', [{ pointer: '/product_ids', detail: 'lists a product more than once' }]);
  }
  if (input.kind === 'case' && distinct.size !== 1) {
    return refused('deal_invalid', 'A case deal is on exactly one product.', [{ pointer: '/product_ids', detail: 'must hold one product' }]);
  }
  if (input.kind === 'mix' && distinct.size < 2) {
    return refused('deal_invalid', 'A mix deal is on two products or more.', [{ pointer: '/product_ids', detail: 'must hold two products or more' }]);
  }
  return null;
}

/**
 * Writes a deal after checking it (see DealRefusalCode), in one transaction that also marks the
 * catalog changed (the products' details and catalog items carry their deals).
 */
export async function createDeal(db: Database, input: NewDeal, now: Date): Promise<CreateDealResult> {
  const shape = checkShape(input, now);
  if (shape) return shape;
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: products.id, supplierId: products.supplierId, casePriceCents: products.casePriceCents })
      .from(products)
      .where(inArray(products.id, [...input.productIds]));
    const byId = new Map(found.map((row) => [row.id, row]));
    const wrong = input.productIds
      .map((id, index) => ({ id, index, row: byId.get(id) }))
      .filter(({ row }) => row === undefined || row.supplierId !== input.supplierId);
    if (wrong.length > 0) {
      return refused(
        'deal_invalid',
        `Every product of a deal must be one of supplier ${input.supplierId}'s.`,
        wrong.map(({ id, index, row }) => ({ pointer: `/product_ids/${index}`, detail: row ? `${id} is another supplier's` : `no such product ${id}` })),
      );
    }
    for (const [index, id] of input.productIds.entries()) {
      const usable = usableDealPrice({ discount: input.discount }, (byId.get(id) as { casePriceCents: number }).casePriceCents);
      if (!usable.ok) {
        return usable.reason === 'price_not_positive'
          ? refused('deal_price_not_positive', `The deal would bring the case price of ${id} to zero or below.`, [{ pointer: `/product_ids/${index}`, detail: 'would cost nothing or less' }])
          : refused('deal_no_saving', `The deal's case price is not below the case price of ${id}.`, [{ pointer: `/product_ids/${index}`, detail: 'would not cost less' }]);
      }
    }
    // Deals of the same kind and threshold on the same products whose dates overlap.
    const rivals = await tx
      .select({ id: deals.id })
      .from(deals)
      .where(
        and(
          eq(deals.supplierId, input.supplierId),
          eq(deals.kind, input.kind),
          eq(deals.minCases, input.minCases),
          lt(deals.startsAt, input.endsAt),
          gt(deals.endsAt, input.startsAt),
        ),
      );
    if (rivals.length > 0) {
      const members = await tx
        .select({ dealId: dealProducts.dealId, productId: dealProducts.productId })
        .from(dealProducts)
        .where(inArray(dealProducts.dealId, rivals.map((rival) => rival.id)));
      const setOf = new Map<string, string[]>();
      for (const member of members) setOf.set(member.dealId, [...(setOf.get(member.dealId) ?? []), member.productId]);
      const conflict = rivals.find((rival) => sameSet(setOf.get(rival.id) ?? [], input.productIds));
      if (conflict) {
        return refused('deal_conflict', `Deal ${conflict.id} already prices the same products from the same number of cases at the same time.`, [
          { pointer: '/min_cases', detail: `is the threshold of ${conflict.id}, whose dates overlap` },
        ]);
      }
    }
    const id = `deal_${randomBase62(22)}`;
    const [row] = await tx
      .insert(deals)
      .values({
        id,
        supplierId: input.supplierId,
        kind: input.kind,
        title: input.title.trim(),
        minCases: input.minCases,
        discountType: input.discount.type,
        discountValue: discountValue(input.discount),
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        createdAt: now,
      })
      .returning();
    await tx.insert(dealProducts).values(input.productIds.map((productId) => ({ dealId: id, productId })));
    await bumpCatalogVersion(tx, 'listings');
    if (!row) throw new Error(`deal ${id} was not stored`);
    return { kind: 'created', deal: dealFromRow(row, input.productIds.length) } as const;
  });
}

type DealRow = typeof deals.$inferSelect;

function dealFromRow(row: DealRow, productCount: number): Deal {
  return {
    id: row.id,
    kind: row.kind as DealKind,
    title: row.title,
    min_cases: row.minCases,
    discount: discountOf(row.discountType, row.discountValue),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    product_count: productCount,
  };
}

/** What a product's terms need of its row and supplier. */
interface TermsRow {
  product_id: string;
  pack_size: number;
  inventory_available: number;
  loose_bottles: number;
  split_case_fee_cents: number | null;
  deals: Array<{
    id: string;
    kind: string;
    title: string;
    min_cases: number;
    discount_type: string;
    discount_value: number;
    starts_at: number;
    ends_at: number;
    product_count: number;
  }>;
}

export interface ProductTerms {
  deals: Deal[];
  /** Null when the product is not sold by the bottle. */
  splitCase: SplitCaseTerms | null;
}

/**
 * The terms of these products, read in one statement: each product's deals that have not ended at
 * `now` (running or to come, by start then id) and its split-case terms (its supplier's fee, and
 * the bottles in stock) where the supplier splits cases and a case holds more than one bottle.
 */
export async function productTerms(db: Database, productIds: readonly string[], now: Date): Promise<Map<string, ProductTerms>> {
  const terms = new Map<string, ProductTerms>();
  if (productIds.length === 0) return terms;
  const dealsOf = sql`coalesce((
      select json_agg(json_build_object(
        'id', d.id, 'kind', d.kind, 'title', d.title, 'min_cases', d.min_cases,
        'discount_type', d.discount_type, 'discount_value', d.discount_value,
        'starts_at', floor(extract(epoch from d.starts_at) * 1000), 'ends_at', floor(extract(epoch from d.ends_at) * 1000),
        'product_count', (select count(*) from ${dealProducts} counted where counted.deal_id = d.id)
      ) order by d.starts_at, d.id)
      from ${dealProducts} dp inner join ${deals} d on d.id = dp.deal_id
      where dp.product_id = ${products.id} and d.ends_at > ${now.toISOString()}::timestamptz
    ), '[]'::json)`;
  const [row] = await db
    .select({
      rows: sql<string | null>`json_agg(json_build_object(
        'product_id', ${products.id}, 'pack_size', ${products.packSize}, 'inventory_available', ${products.inventoryAvailable},
        'loose_bottles', ${products.looseBottles}, 'split_case_fee_cents', ${suppliers.splitCaseFeeCents}, 'deals', ${dealsOf}
      ))::text`,
    })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(inArray(products.id, [...productIds]));
  const rows = row?.rows ? (JSON.parse(row.rows) as TermsRow[]) : [];
  for (const found of rows) {
    terms.set(found.product_id, {
      deals: found.deals.map((deal) => ({
        id: deal.id,
        kind: deal.kind as DealKind,
        title: deal.title,
        min_cases: deal.min_cases,
        discount: discountOf(deal.discount_type, deal.discount_value),
        starts_at: new Date(deal.starts_at).toISOString(),
        ends_at: new Date(deal.ends_at).toISOString(),
        product_count: Number(deal.product_count),
      })),
      splitCase:
        found.split_case_fee_cents === null || found.pack_size <= 1
          ? null
          : { fee_cents: found.split_case_fee_cents, bottles_available: found.inventory_available * found.pack_size + found.loose_bottles },
    });
  }
  return terms;
}

/** The product with its terms (the extension fields `deals` and, where it is sold by the bottle, `split_case`). */
export function withTerms<T extends Product | CatalogProduct>(product: T, terms: ProductTerms | undefined): T {
  if (!terms) return product;
  return { ...product, deals: terms.deals, ...(terms.splitCase ? { split_case: terms.splitCase } : {}) };
}

export async function productWithTerms(db: Database, product: Product | null, now: Date): Promise<Product | null> {
  if (!product) return null;
  const terms = await productTerms(db, [product.id], now);
  return withTerms(product, terms.get(product.id));
}

export async function catalogPageWithTerms<P extends { data: CatalogProduct[] }>(db: Database, page: P, now: Date): Promise<P> {
  const terms = await productTerms(db, page.data.map((item) => item.id), now);
  return { ...page, data: page.data.map((item) => withTerms(item, terms.get(item.id))) };
}

/** Sets or clears (null) a supplier's split-case fee: whether it sells by the bottle, and for how much a line. */
export async function setSplitCaseFee(db: Database, supplierId: string, feeCents: number | null): Promise<boolean> {
  if (feeCents !== null && (!Number.isInteger(feeCents) || feeCents < 0)) throw new RangeError('a split-case fee is a whole number of cents, 0 or more');
  return db.transaction(async (tx) => {
    const updated = await tx.update(suppliers).set({ splitCaseFeeCents: feeCents }).where(eq(suppliers.id, supplierId)).returning({ id: suppliers.id });
    if (updated.length > 0) await bumpCatalogVersion(tx, 'listings');
    return updated.length > 0;
  });
}
