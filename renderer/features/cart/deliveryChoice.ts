import {
  checkDeliveryDate,
  describeDeliveryRefusal,
  routeFor,
  upcomingDeliveries,
  type DeliveryOption,
} from '../../../shared/delivery-days';
import type { DeliveryTerms } from '../../../shared/schemas';

/** How many delivery dates the cart offers to choose from. */
export const DELIVERY_OPTIONS_SHOWN = 8;

/**
 * What the cart can offer for one supplier's order (issue 26), worked out with the service's own
 * rule (shared/delivery-days.ts), so it holds offline: the dates that can be asked for now, the
 * next one, and whether the date the buyer chose can still be had.
 */
export type DeliveryChoice =
  /** The supplier publishes no delivery days, or none for the ship-to state: the order goes without a date. */
  | { kind: 'none'; reason: 'no_terms' | 'no_route' }
  | {
      kind: 'dates';
      terms: DeliveryTerms;
      options: DeliveryOption[];
      /** The chosen date with its cutoff, when it can still be had. */
      chosen: DeliveryOption | null;
      /** Why the chosen date cannot be had any more, in the service's words; null when it can (or none is chosen). */
      problem: string | null;
    };

export function deliveryChoiceFor(
  terms: DeliveryTerms | null | undefined,
  state: string | null,
  chosenDate: string | null,
  now: number,
  supplierName: string,
): DeliveryChoice {
  if (!terms) return { kind: 'none', reason: 'no_terms' };
  if (!state || !routeFor(terms, state)) return { kind: 'none', reason: 'no_route' };
  const at = new Date(now);
  const options = upcomingDeliveries(terms, state, at, DELIVERY_OPTIONS_SHOWN);
  if (options.length === 0) return { kind: 'none', reason: 'no_route' };
  if (!chosenDate) return { kind: 'dates', terms, options, chosen: null, problem: null };
  const check = checkDeliveryDate(terms, state, chosenDate, at);
  if (check.ok) return { kind: 'dates', terms, options, chosen: { date: chosenDate, cutoffAt: check.cutoffAt }, problem: null };
  return { kind: 'dates', terms, options, chosen: null, problem: describeDeliveryRefusal(check, chosenDate, terms, state, supplierName) };
}
