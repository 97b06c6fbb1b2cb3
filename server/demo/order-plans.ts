import type { OrderStatus, ShippingAddressInput } from '../../shared';
import type { Random } from './prng';
import type { DemoBuyer } from './buyers';
import type { DemoCatalogSummary } from './catalog-summary';

export interface OrderPlan {
  buyerId: string;
  supplierId: string;
  items: Array<{ productId: string; quantity: number }>;
  shippingAddress: ShippingAddressInput;
  buyerNotes: string;
  status: OrderStatus;
  placedAt: Date;
  /** When it moved on: shipped (shipped and delivered orders) or cancelled. */
  shippedAt: Date | null;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Each buyer's history, oldest first: mostly delivered, a couple in transit, one cancelled, a couple just placed. */
const HISTORY: ReadonlyArray<{ status: OrderStatus; daysAgo: readonly [number, number] }> = [
  { status: 'delivered', daysAgo: [38, 45] },
  { status: 'delivered', daysAgo: [28, 35] },
  { status: 'cancelled', daysAgo: [20, 24] },
  { status: 'delivered', daysAgo: [14, 18] },
  { status: 'delivered', daysAgo: [8, 11] },
  { status: 'shipped', daysAgo: [3, 4] },
  { status: 'shipped', daysAgo: [1, 2] },
  { status: 'confirmed', daysAgo: [0, 0] },
  { status: 'confirmed', daysAgo: [0, 0] },
];

const NOTES = [
  '',
  'Please deliver before 11am; receiving door is in the alley.',
  'Call on arrival.',
  'For the spring wine dinner.',
  '',
  'Leave with the bar manager if the office is closed.',
];

/**
 * Plans the past orders from the catalog. Quantities respect minimum orders and the stock still
 * left after earlier plans, so placing them through the Store never fails. Products are taken by
 * their number in `catalog` (generation order), which draws exactly as a list of the products did.
 */
export function planPastOrders(random: Random, buyers: readonly DemoBuyer[], catalog: DemoCatalogSummary, now: Date): OrderPlan[] {
  const remaining = new Int32Array(catalog.size);
  for (let index = 0; index < catalog.size; index += 1) remaining[index] = catalog.inventoryAvailable(index);
  const orderable = (index: number) => (remaining[index] as number) >= catalog.minimumOrder(index) + 2;
  const bySupplier = new Map<string, number[]>();
  for (let index = 0; index < catalog.size; index += 1) {
    if (!orderable(index)) continue;
    const supplierId = catalog.supplierId(index);
    const list = bySupplier.get(supplierId) ?? [];
    list.push(index);
    bySupplier.set(supplierId, list);
  }
  const supplierIds = [...bySupplier.entries()].filter(([, list]) => list.length >= 4).map(([id]) => id);
  if (supplierIds.length === 0) return [];

  const plans: OrderPlan[] = [];
  for (const buyer of buyers) {
    for (const step of HISTORY) {
      const supplierId = random.pick(supplierIds);
      const candidates = (bySupplier.get(supplierId) ?? []).filter(orderable);
      if (candidates.length === 0) continue;
      const items = random.sample(candidates, random.int(1, Math.min(4, candidates.length))).map((index) => {
        const left = remaining[index] as number;
        const quantity = Math.min(left, catalog.minimumOrder(index) + random.int(0, 3));
        remaining[index] = left - quantity;
        return { productId: catalog.id(index), quantity };
      });
      const minutesAgo = step.daysAgo[1] === 0 ? random.int(5, 50) : random.int(step.daysAgo[0] * 1440, step.daysAgo[1] * 1440);
      const placedAt = new Date(Math.floor((now.getTime() - minutesAgo * 60_000) / 1000) * 1000);
      const moved = step.status === 'shipped' || step.status === 'delivered';
      const shippedAt = moved ? new Date(placedAt.getTime() + random.int(18, 30) * HOUR_MS) : null;
      plans.push({
        buyerId: buyer.id,
        supplierId,
        items,
        shippingAddress: random.chance(0.2) ? buyer.otherAddress : { street1: buyer.address.street1, city: buyer.address.city, state: buyer.address.state, zip: buyer.address.zip },
        buyerNotes: random.pick(NOTES),
        status: step.status,
        placedAt,
        shippedAt,
        deliveredAt: step.status === 'delivered' && shippedAt ? new Date(shippedAt.getTime() + random.int(2, 4) * DAY_MS) : null,
        cancelledAt: step.status === 'cancelled' ? new Date(placedAt.getTime() + random.int(1, 5) * HOUR_MS) : null,
      });
    }
  }
  return plans;
}
