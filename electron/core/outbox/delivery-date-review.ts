import { DELIVERY_DATE_REVIEW_CODE, formatDeliveryDate } from '../../../shared';
import type { OutboxEntry } from '../../../shared/bridge';

/**
 * A queued order asking for a delivery date whose order cutoff passed before it could be sent
 * (issue 26): it is never sent with a date the buyer did not choose, nor with the passed one. It
 * waits for review, as an order the service refused does, and the buyer chooses another date,
 * sends it without one, or discards it.
 */


/** Whether the entry is queued, asks for a date, and its cutoff has passed at `now`. */
export function deliveryDateLapsed(entry: OutboxEntry, now: Date): boolean {
  return (
    entry.state === 'queued' &&
    entry.order.requested_delivery_date !== undefined &&
    typeof entry.deliveryCutoffAt === 'string' &&
    Date.parse(entry.deliveryCutoffAt) <= now.getTime()
  );
}

/** The entry put to review because its delivery date's cutoff passed. */
export function lapsedForReview(entry: OutboxEntry, nowIso: string): OutboxEntry {
  const date = formatDeliveryDate(entry.order.requested_delivery_date ?? '');
  const message = `The order cutoff for delivery on ${date} passed before this order could be sent, so it was not sent. Choose another delivery date, or send it without one.`;
  return {
    ...entry,
    state: 'needs_review',
    nextAttemptAt: null,
    lastError: message,
    updatedAt: nowIso,
    review: { kind: 'refused', code: DELIVERY_DATE_REVIEW_CODE, message, fields: [{ pointer: '/requested_delivery_date', detail: 'its order cutoff has passed' }] },
  };
}

/** The cutoff an entry keeps when its order is changed: the same only while the date is the same. */
export function cutoffAfterUpdate(entry: OutboxEntry, requestedDate: string | undefined): string | null {
  return requestedDate !== undefined && requestedDate === entry.order.requested_delivery_date ? (entry.deliveryCutoffAt ?? null) : null;
}
