import { checkDeliveryDate, describeDeliveryRefusal, type CreateOrderBody, type DeliveryDateReason, type DeliveryTerms } from '../../../shared';
import type { OrderRejection } from '../types';
import { rejection } from './order-rejection';

/**
 * The delivery date an order asks for (issue 26), checked with the rule the app uses offline
 * (shared/delivery-days.ts) at the moment the order is placed. Null when the order asks for none
 * or the date can be had; else a 422 delivery_date_unavailable naming the next possible date.
 */
export function refuseDeliveryDate(body: CreateOrderBody, supplierName: string, terms: DeliveryTerms | null, now: Date): OrderRejection | null {
  const date = body.requested_delivery_date;
  if (date === undefined) return null;
  const state = body.shipping_address.state;
  const check = checkDeliveryDate(terms, state, date, now);
  if (check.ok) return null;
  const detail = describeDeliveryRefusal(check, date, terms, state, supplierName);
  return {
    ...rejection(422, 'delivery_date_unavailable', detail, [{ pointer: '/requested_delivery_date', detail: REASON_WORDS[check.reason] }]),
    delivery: { delivery_date_reason: check.reason, next_delivery_date: check.next?.date ?? null },
  };
}

/** The field error's short words, beside the problem's full detail. */
const REASON_WORDS: Record<DeliveryDateReason, string> = {
  no_terms: 'the supplier has no delivery days; leave the date out',
  no_route: 'the supplier has no delivery days for this state; leave the date out',
  past: 'is in the past',
  too_far: 'is too far ahead',
  closed_day: 'is not a delivery day of the supplier',
  closed_date: 'the supplier is closed that day',
  past_cutoff: 'its order cutoff has passed',
};
