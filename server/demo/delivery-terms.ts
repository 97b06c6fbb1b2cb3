import { asc } from 'drizzle-orm';
import type { DeliveryRoute, DeliveryTerms } from '../../shared';
import type { Database } from '../db/database';
import { suppliers } from '../db/schema';
import { setManyDeliveryTerms } from '../store/catalog/delivery-terms';
import { demoClosedDates } from './closed-dates';

/**
 * The demo marketplace's delivery terms (issue 26), written after its other terms, in one
 * statement: the change feed gets one entry per supplier and none for its products, so seeding a
 * large catalog costs what its supplier count costs. Deterministic: suppliers in id order.
 *
 * - Every fifth supplier publishes no delivery terms (an order to it takes no date).
 * - The others deliver to the demo buyers' states (CA, OR, IL) on route days of the kind
 *   distributors run: in-state two or three days a week with a day's lead, out of state one or two
 *   days with two or three days' lead; some do not deliver to one of the states on set days.
 * - The cutoff is noon, 2 pm, 3 pm or 4 pm in the winery's own time zone (from its state).
 * - Every supplier with terms is closed on the same public holidays (`demoClosedDates`).
 */
export const DEMO_DELIVERY_CUTOFFS = ['14:00', '12:00', '16:00', '15:00'] as const;

const ROUTE_PATTERNS: ReadonlyArray<readonly DeliveryRoute[]> = [
  [
    { state: 'CA', days: ['tue', 'fri'], lead_days: 1 },
    { state: 'OR', days: ['wed'], lead_days: 2 },
    { state: 'IL', days: ['thu'], lead_days: 3 },
  ],
  [
    { state: 'CA', days: ['mon', 'wed', 'fri'], lead_days: 1 },
    { state: 'OR', days: ['tue', 'thu'], lead_days: 1 },
    { state: 'IL', days: ['tue'], lead_days: 2 },
  ],
  [
    { state: 'CA', days: ['thu'], lead_days: 2 },
    { state: 'IL', days: ['mon', 'thu'], lead_days: 2 },
  ],
  [
    { state: 'CA', days: ['mon', 'thu'], lead_days: 1 },
    { state: 'OR', days: ['fri'], lead_days: 2 },
  ],
];

/** The time zone of a winery's state ("City, ST"); the West Coast's when the state is not listed. */
const ZONE_OF_STATE: Record<string, string> = {
  NY: 'America/New_York',
  MA: 'America/New_York',
  VA: 'America/New_York',
  FL: 'America/New_York',
  IL: 'America/Chicago',
  TX: 'America/Chicago',
  CO: 'America/Denver',
};
const WEST_COAST = 'America/Los_Angeles';

export function demoDeliveryTerms(position: number, location: string, closedDates: readonly string[]): DeliveryTerms | null {
  if (position % 5 === 4) return null;
  const state = location.split(', ').at(-1) ?? '';
  return {
    time_zone: ZONE_OF_STATE[state] ?? WEST_COAST,
    order_cutoff: DEMO_DELIVERY_CUTOFFS[position % DEMO_DELIVERY_CUTOFFS.length] as string,
    routes: (ROUTE_PATTERNS[position % ROUTE_PATTERNS.length] as readonly DeliveryRoute[]).map((route) => ({ ...route, days: [...route.days] })),
    closed_dates: [...closedDates],
  };
}

/** Writes the demo suppliers' delivery terms, closed on the public holidays of `now`'s year and the next; returns how many suppliers got some. */
export async function seedDemoDeliveryTerms(db: Database, now: Date): Promise<number> {
  const closedDates = demoClosedDates(now);
  const rows = await db.select({ id: suppliers.id, location: suppliers.location }).from(suppliers).orderBy(asc(suppliers.id));
  const terms = rows.flatMap((row, position) => {
    const written = demoDeliveryTerms(position, row.location, closedDates);
    return written ? [{ supplierId: row.id, terms: written }] : [];
  });
  await setManyDeliveryTerms(db, terms);
  return terms.length;
}
