import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import {
  DEAL_TITLE_MAX,
  usableDealPrice,
  type Deal,
  type DealDiscount,
  type DealKind,
  type FieldError,
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
    // The products' details now carry the deal: onto the change feed, through the function its triggers use.
    await tx.execute(sql`select catalog_log_changes('product', array(select ${dealProducts.productId} from ${dealProducts} where ${dealProducts.dealId} = ${id}), false)`);
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

/**
 * The product's deals, read by `dealsOfProducts` as rows of [product id, id, kind, title,
 * min_cases, discount_type, discount_value, starts_at ms, ends_at ms, product_count]. Every stored
 * deal of the product is listed, ended or not: an answer is cached until the catalog changes, and a
 * deal's end changes nothing stored; a deal prices only while it runs (shared/deals.ts), so one
 * that ended is ignored by whoever prices with it. Read by the product detail, the change feed and
 * the order's pricing.
 */
/** One deal as `dealsOfProducts` reads it. */
export type DealFields = [string, string, string, number, string, number, number, number, number];

export function dealFromFields([id, kind, title, minCases, discountType, discountValue, startsAt, endsAt, productCount]: DealFields): Deal {
  return {
    id,
    kind: kind as DealKind,
    title,
    min_cases: minCases,
    discount: discountOf(discountType, discountValue),
    starts_at: new Date(Number(startsAt)).toISOString(),
    ends_at: new Date(Number(endsAt)).toISOString(),
    product_count: Number(productCount),
  };
}

/**
 * A product's split-case terms: null unless its supplier sets a split-case fee and a case holds
 * more than one bottle. Bottles in stock: whole cases × pack size + loose bottles.
 */
export function splitCaseTerms(row: { packSize: number; inventoryAvailable: number; looseBottles: number; splitCaseFeeCents: number | null }): SplitCaseTerms | null {
  if (row.splitCaseFeeCents === null || row.packSize <= 1) return null;
  return { fee_cents: row.splitCaseFeeCents, bottles_available: row.inventoryAvailable * row.packSize + row.looseBottles };
}

/**
 * The stored deals of these products, by product id (products without deals are absent), by start
 * then id, in one statement driven from `deal_products` by its product index. A subquery per
 * product in the detail's own statement cost 32 ms of CPU for every 1,000 products (PGlite, 100,000
 * products, 120 deal products), nearly all of them without a deal: a change-feed page of 1,000 went
 * from 74 to 125 ms of the service's CPU at a million.
 */
export async function dealsOfProducts(db: Database, productIds: readonly string[]): Promise<Map<string, Deal[]>> {
  const found = new Map<string, Deal[]>();
  if (productIds.length === 0) return found;
  const rows = await db
    .select({
      productId: dealProducts.productId,
      deal: sql<DealFields>`json_build_array(
        ${deals.id}, ${deals.kind}, ${deals.title}, ${deals.minCases}, ${deals.discountType}, ${deals.discountValue},
        floor(extract(epoch from ${deals.startsAt}) * 1000), floor(extract(epoch from ${deals.endsAt}) * 1000),
        (select count(*) from ${dealProducts} counted where counted.deal_id = ${deals.id})
      )`,
    })
    .from(dealProducts)
    .innerJoin(deals, eq(deals.id, dealProducts.dealId))
    // One parameter, a JSON array of the ids, rather than one per id: a list of 1,000 parameters
    // cost the change feed about 8 ms of planning and 5 ms of query building a page (PGlite, a million products).
    .where(sql`${dealProducts.productId} in (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))`)
    .orderBy(dealProducts.productId, deals.startsAt, deals.id);
  for (const row of rows) {
    const fields = typeof row.deal === 'string' ? (JSON.parse(row.deal) as DealFields) : row.deal;
    const list = found.get(row.productId) ?? [];
    list.push(dealFromFields(fields));
    found.set(row.productId, list);
  }
  return found;
}

/** Sets or clears (null) a supplier's split-case fee: whether it sells by the bottle, and for how much a line. */
export async function setSplitCaseFee(db: Database, supplierId: string, feeCents: number | null): Promise<boolean> {
  if (feeCents !== null && (!Number.isInteger(feeCents) || feeCents < 0)) throw new RangeError('a split-case fee is a whole number of cents, 0 or more');
  return db.transaction(async (tx) => {
    const updated = await tx.update(suppliers).set({ splitCaseFeeCents: feeCents }).where(eq(suppliers.id, supplierId)).returning({ id: suppliers.id });
    if (updated.length === 0) return false;
    // Every product of the supplier now reads with (or without) split-case terms: onto the change feed.
    await tx.execute(sql`select catalog_log_changes('product', array(select ${products.id} from ${products} where ${products.supplierId} = ${supplierId}), false)`);
    await bumpCatalogVersion(tx, 'listings');
    return true;
  });
}
