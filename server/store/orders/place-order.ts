import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { ITEM_SUBSTITUTED, formatBottles, formatCases, type CreateOrderBody, type DeliveryTerms, type Order, type SubstitutionReason } from '../../../shared';
import type { Database } from '../../db/database';
import { idempotencyRecords, orderEvents, orderItems, orderNumberSequence, orders, products, suppliers } from '../../db/schema';
import type { Caller, IdempotencyInput, OrderRejection, PlaceOrderResult } from '../types';
import { newId } from '../ids';
import { queueOrderEvent } from '../webhooks/webhook-outbox';
import { bumpCatalogVersion } from '../catalog/version';
import { orderFromRows } from './order-reader';
import { orderColumns } from './order-columns';
import { isRejection, rejection, transactionUnlessRejected } from './order-rejection';
import { checkExpectedPrices, checkQuantities, itemPointer, priceWithTerms, refuseDeliveryDate, type OrderLine, type TermsProductRow } from './order-terms';
import { bottlesInStock, takeBottles } from '../catalog/bottle-stock';
import { backupQuantityProblem, backupsOf, checkBackups, lockProductRows, substitutionReason } from './order-backups';

/** Idempotency keys are honoured for this long, then pruned (docs/service-interface.md: 24 h). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

const CREATED_STATUS = 201;

type ProductRow = TermsProductRow;

type Line = OrderLine;

/**
 * Claims the key for this transaction. A concurrent request under the same key blocks on the
 * unique index until this transaction ends, then finds the committed record (or, when this one
 * rolled back, claims the key itself). Records past the window are taken over.
 */
async function claimIdempotencyKey(
  tx: Database,
  accountId: string,
  idempotency: IdempotencyInput,
  now: Date,
): Promise<PlaceOrderResult | null> {
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const placeholder = {
    requestHash: idempotency.requestHash,
    responseStatus: 0,
    responseBody: {},
    orderId: null,
    createdAt: now,
  };
  const claimed = await tx
    .insert(idempotencyRecords)
    .values({ accountId, key: idempotency.key, ...placeholder })
    .onConflictDoUpdate({
      target: [idempotencyRecords.accountId, idempotencyRecords.key],
      set: placeholder,
      setWhere: lt(idempotencyRecords.createdAt, expiredBefore),
    })
    .returning({ key: idempotencyRecords.key });
  if (claimed.length > 0) return null;

  const [existing] = await tx
    .select()
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.accountId, accountId), eq(idempotencyRecords.key, idempotency.key)));
  if (!existing) {
    return rejection(409, 'idempotency_key_in_use', 'Another request with this Idempotency-Key is in progress; retry it.', [
      { pointer: '/header/Idempotency-Key', detail: 'is in use by a concurrent request' },
    ]);
  }
  if (existing.requestHash !== idempotency.requestHash) {
    return rejection(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request body.',
      [{ pointer: '/header/Idempotency-Key', detail: 'was used with a different request body' }],
    );
  }
  return { kind: 'replayed', order: existing.responseBody as Order, status: existing.responseStatus };
}

async function loadSupplier(
  tx: Database,
  supplierId: string,
): Promise<{ name: string; address: string; splitCaseFeeCents: number | null; deliveryTerms: DeliveryTerms | null } | OrderRejection> {
  const [supplier] = await tx
    .select({ name: suppliers.name, address: suppliers.address, splitCaseFeeCents: suppliers.splitCaseFeeCents, deliveryTerms: suppliers.deliveryTerms })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  if (!supplier) {
    return rejection(404, 'not_found', `Supplier ${supplierId} does not exist.`, [{ pointer: '/supplier_id', detail: 'no such supplier' }]);
  }
  return supplier;
}

/** Checks every line and reports all lines that fail the first rule any of them breaks; null when every line passes. */
function validateLines(
  lines: Line[],
  found: Map<string, ProductRow>,
  supplierId: string,
  splitCaseFeeCents: number | null,
  hasBackup: (line: Line) => boolean = () => false,
): OrderRejection | null {
  const missing = lines.filter((line) => !found.has(line.productId));
  if (missing.length > 0) {
    return rejection(
      404,
      'not_found',
      `${missing.length === 1 ? 'A product does' : 'Some products do'} not exist.`,
      missing.map((line) => ({ pointer: itemPointer(line, 'product_id'), detail: `no such product ${line.productId}` })),
    );
  }
  const product = (line: Line) => found.get(line.productId) as ProductRow;
  const foreign = lines.filter((line) => product(line).supplierId !== supplierId);
  if (foreign.length > 0) {
    return rejection(
      422,
      'product_not_from_supplier',
      `Every product of an order must come from supplier ${supplierId}.`,
      foreign.map((line) => ({ pointer: itemPointer(line, 'product_id'), detail: `is not sold by ${supplierId}` })),
    );
  }
  // Minimums and stock, with split cases: the rules of shared/split-case.ts (issue 26).
  return checkQuantities(lines, found, splitCaseFeeCents, hasBackup);
}

function shortRejection(short: Array<{ line: Line; available: number; backupProblem?: string }>): OrderRejection {
  return rejection(
    409,
    'insufficient_inventory',
    'Not enough inventory for some items.',
    short.map(({ line, available, backupProblem }) => ({
      pointer: itemPointer(line, 'quantity'),
      detail: `only ${line.unit === 'bottle' ? formatBottles(available) : formatCases(available)} available${backupProblem ? `, and ${backupProblem}` : ''}`,
    })),
  );
}

/** A line filled with its backup (issue 26): the product sent instead, and why. */
interface Substituted {
  line: Line;
  backup: ProductRow;
  requestedName: string;
  reason: SubstitutionReason;
}

/** Takes a line's stock with one conditional update; false, taking nothing, when there is not enough. */
async function takeLine(tx: Database, line: Line, now: Date): Promise<boolean> {
  if (line.unit === 'bottle') return takeBottles(tx, line.productId, line.quantity, now);
  const updated = await tx
    .update(products)
    .set({ inventoryAvailable: sql`${products.inventoryAvailable} - ${line.quantity}`, updatedAt: now })
    .where(and(eq(products.id, line.productId), gte(products.inventoryAvailable, line.quantity)))
    .returning({ id: products.id });
  return updated.length > 0;
}

/** What is in stock of a line's product, in the line's unit. */
async function availableFor(tx: Database, line: Line): Promise<number> {
  if (line.unit === 'bottle') return bottlesInStock(tx, line.productId);
  const [current] = await tx.select({ available: products.inventoryAvailable }).from(products).where(eq(products.id, line.productId));
  return current?.available ?? 0;
}

/**
 * A line its product cannot fill, filled with its backup: the same quantity and unit, when the
 * backup's minimum and split-case rules allow it and its stock is taken by the same conditional
 * update. Otherwise the seed's refusal, naming the line, with what stopped the backup too.
 */
async function fillWithBackup(
  tx: Database,
  line: Line,
  requested: ProductRow,
  backup: ProductRow,
  splitCaseFeeCents: number | null,
  now: Date,
): Promise<Substituted | OrderRejection> {
  const available = await availableFor(tx, line);
  const problem = backupQuantityProblem(line, backup, splitCaseFeeCents);
  if (problem !== null) return shortRejection([{ line, available, backupProblem: problem }]);
  const asBackup = { ...line, productId: backup.id };
  if (await takeLine(tx, asBackup, now)) return { line, backup, requestedName: requested.name, reason: substitutionReason(available) };
  const backupAvailable = await availableFor(tx, asBackup);
  const words = line.unit === 'bottle' ? formatBottles(backupAvailable) : formatCases(backupAvailable);
  return shortRejection([{ line, available, backupProblem: `its backup ${backup.name} has only ${words}` }]);
}

/**
 * Takes the stock with conditional updates, in product id order so that two orders sharing
 * products lock them in the same order and cannot deadlock. The condition is re-checked by the
 * database against the latest committed row, so concurrent orders never oversell. A line its
 * product cannot fill is filled with its backup where it names one (issue 26); the lines so
 * filled come back.
 */
async function takeInventory(
  tx: Database,
  lines: Line[],
  now: Date,
  found: ReadonlyMap<string, ProductRow>,
  backupOf: (line: Line) => ProductRow | undefined,
  splitCaseFeeCents: number | null,
): Promise<OrderRejection | Substituted[]> {
  // Cases before bottles of the same product: the bottles come out of what the cases leave.
  const unitOrder = (line: Line) => (line.unit === 'bottle' ? 1 : 0);
  const ordered = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : unitOrder(a) - unitOrder(b)));
  const substituted: Substituted[] = [];
  for (const line of ordered) {
    if (await takeLine(tx, line, now)) continue;
    const backup = backupOf(line);
    if (!backup) return shortRejection([{ line, available: await availableFor(tx, line) }]);
    const filled = await fillWithBackup(tx, line, found.get(line.productId) as ProductRow, backup, splitCaseFeeCents, now);
    if (isRejection(filled)) return filled;
    substituted.push(filled);
  }
  return substituted;
}

/** The columns of an item filled with its backup: the product asked for and why (absent otherwise). */
function substitutionColumns(filled: Substituted | undefined) {
  if (!filled) return {};
  return { requestedProductId: filled.line.productId, requestedProductName: filled.requestedName, substitutionReason: filled.reason };
}

/** `CW-240117`: the prefix and the next value of the order number sequence. */
const nextOrderNumber = sql`'CW-' || nextval(${orderNumberSequence.seqName}::regclass)::text`;

async function createOrder(tx: Database, caller: Caller, body: CreateOrderBody, now: Date): Promise<Order | OrderRejection> {
  const supplier = await loadSupplier(tx, body.supplier_id);
  if (isRejection(supplier)) return supplier;
  const lines: Line[] = body.items.map((item, index) => ({ index, productId: item.product_id, quantity: item.quantity, unit: item.unit ?? 'case' }));
  const backups = backupsOf(body);
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      supplierId: products.supplierId,
      casePriceCents: products.casePriceCents,
      bottlePriceCents: products.bottlePriceCents,
      packSize: products.packSize,
      inventoryAvailable: products.inventoryAvailable,
      looseBottles: products.looseBottles,
      minimumOrder: products.minimumOrder,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        [...lines.map((line) => line.productId), ...backups.values()],
      ),
    );
  const found = new Map(rows.map((row) => [row.id, row]));
  const hasBackup = (line: Line) => backups.has(line.index);
  const invalid = checkBackups(lines, backups, found, body.supplier_id) ?? validateLines(lines, found, body.supplier_id, supplier.splitCaseFeeCents, hasBackup) ?? refuseDeliveryDate(body, supplier.name, supplier.deliveryTerms, now);
  if (invalid) return invalid;
  // Priced with the deals running now (shared/deals.ts), and checked against what the buyer saw, before anything is taken.
  const asked = await priceWithTerms(tx, lines, found, supplier.splitCaseFeeCents ?? 0, now);
  const refused = checkExpectedPrices(body, asked.priced, asked.totals);
  if (refused) return refused;
  if (backups.size > 0) await lockProductRows(tx, [...found.keys()]);
  const backupOf = (line: Line) => found.get(backups.get(line.index) ?? '');
  const taken = await takeInventory(tx, lines, now, found, backupOf, supplier.splitCaseFeeCents);
  if (isRejection(taken)) return taken;
  // Lines filled with their backup are priced as the backup, by the same rules (docs/decisions.md, backups).
  const substitutedAt = new Map(taken.map((filled) => [filled.line.index, filled]));
  const sent = lines.map((line) => ({ ...line, productId: substitutedAt.get(line.index)?.backup.id ?? line.productId }));
  const { priced, totals } = taken.length === 0 ? asked : await priceWithTerms(tx, sent, found, supplier.splitCaseFeeCents ?? 0, now);
  const orderId = newId('ord');
  // The rows come back from the inserts, so the answer needs no reading back.
  const [order] = await tx.insert(orders).values({
    id: orderId,
    orderNumber: nextOrderNumber,
    accountId: caller.accountId,
    supplierId: body.supplier_id,
    status: 'confirmed',
    subtotalCents: totals.subtotal_cents,
    shippingCents: totals.shipping_cents,
    platformFeeCents: totals.platform_fee_cents,
    totalCents: totals.total_cents,
    shipStreet1: body.shipping_address.street1,
    shipCity: body.shipping_address.city,
    shipState: body.shipping_address.state,
    shipZip: body.shipping_address.zip,
    buyerNotes: body.buyer_notes ?? '',
    requestedDeliveryDate: body.requested_delivery_date ?? null,
    createdAt: now,
    confirmedAt: now,
  }).returning(orderColumns);
  const itemIds = priced.map(() => newId('item'));
  const items = await tx.insert(orderItems).values(
    priced.map(({ line, product, price }, position) => ({
      id: itemIds[position] as string,
      orderId,
      position: line.index,
      productId: product.id,
      productName: product.name,
      quantity: price.quantity,
      unitPriceCents: price.unit_price_cents,
      totalCents: price.total_cents,
      unit: price.unit,
      splitCaseFeeCents: price.split_case_fee_cents,
      listPriceCents: price.list_price_cents,
      dealId: price.deal?.id ?? null,
      dealTitle: price.deal?.title ?? null,
      ...substitutionColumns(substitutedAt.get(line.index)),
    })),
  ).returning();
  const timeline: Array<typeof orderEvents.$inferInsert & { at: Date }> = [
    { orderId, event: 'order_placed', at: now },
    ...priced.flatMap(({ line }, position) => (substitutedAt.has(line.index) ? [{ orderId, event: ITEM_SUBSTITUTED, at: now, itemId: itemIds[position] as string }] : [])),
    { orderId, event: 'order_confirmed', at: now },
  ];
  await tx.insert(orderEvents).values(timeline);
  if (!order) throw new Error(`order ${orderId} was not stored`);
  const placed = orderFromRows(order, supplier, items.sort((x, y) => x.position - y.position), timeline);
  // The order.confirmed deliveries commit with the order itself (transactional outbox).
  await queueOrderEvent(tx, caller.accountId, 'order.confirmed', placed, now);
  return placed;
}

export async function placeOrder(
  db: Database,
  caller: Caller,
  body: CreateOrderBody,
  idempotency: IdempotencyInput | null,
  now: Date,
): Promise<PlaceOrderResult> {
  // A rejection rolls back what was written before it (the claimed key, stock already taken).
  return transactionUnlessRejected<PlaceOrderResult>(db, async (tx) => {
    if (idempotency !== null) {
      const earlier = await claimIdempotencyKey(tx, caller.accountId, idempotency, now);
      if (earlier !== null) return earlier;
    }
    const order = await createOrder(tx, caller, body, now);
    if (isRejection(order)) return order;
    if (idempotency !== null) {
      await tx
        .update(idempotencyRecords)
        .set({ responseStatus: CREATED_STATUS, responseBody: order, orderId: order.id })
        .where(and(eq(idempotencyRecords.accountId, caller.accountId), eq(idempotencyRecords.key, idempotency.key)));
    }
    // Last, so the slot's row is locked only until the commit that follows.
    await bumpCatalogVersion(tx, 'stock');
    return { kind: 'created', order } as const;
  });
}
