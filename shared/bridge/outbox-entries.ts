import { z } from 'zod';
import { CreateOrderBody, Order, usStateCodeOf } from '../schemas';

export const OUTBOX_STATES = ['queued', 'sending', 'confirmed', 'needs_review'] as const;
export const OutboxState = z.enum(OUTBOX_STATES);
export type OutboxState = z.infer<typeof OutboxState>;

/**
 * Why an order waits for the buyer. `refused`: the service turned the order down (stock, minimum,
 * price) and it must be changed or discarded. `failed`: the service failed on this order again and
 * again, or its answer could not be read; the order is unchanged and may be sent again as it is
 * (with its Idempotency-Key, so it can never be placed twice).
 */
export const REVIEW_KINDS = ['refused', 'failed'] as const;
export const ReviewKind = z.enum(REVIEW_KINDS);
export type ReviewKind = z.infer<typeof ReviewKind>;

export const OutboxReview = z.object({
  kind: ReviewKind.default('refused'),
  code: z.string(),
  message: z.string(),
  fields: z.array(z.object({ pointer: z.string(), detail: z.string() })),
});
export type OutboxReview = z.infer<typeof OutboxReview>;

/**
 * Orders queued by an earlier version may carry the state as a name or in lower case, which that
 * version accepted; reading them writes the state as its code, so such an order is kept and sent
 * rather than set aside as damaged. Anything else is read as it is.
 */
function upgradeStoredOrder(value: unknown): unknown {
  const address = (value as { shipping_address?: { state?: unknown } } | null)?.shipping_address;
  if (typeof address?.state !== 'string') return value;
  const code = usStateCodeOf(address.state);
  if (!code || code === address.state) return value;
  return { ...(value as object), shipping_address: { ...address, state: code } };
}
const StoredOrderBody = z.preprocess(upgradeStoredOrder, CreateOrderBody);

/** One order on its way to the service. Stored durably before the UI hears "queued". */
export const OutboxEntry = z.object({
  id: z.string(),
  idempotencyKey: z.string(),
  accountId: z.string().nullable(),
  order: StoredOrderBody,
  /** The supplier's name, for display while offline. */
  supplierName: z.string(),
  /** The totals the cart estimated when the order was written. */
  estimatedTotalCents: z.number().int().nonnegative(),
  state: OutboxState,
  attempts: z.number().int().nonnegative(),
  /** Failures about this order itself (5xx, timeout) since it was written or last sent again by the buyer. */
  failures: z.number().int().nonnegative().default(0),
  createdAt: z.string(),
  updatedAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Why the order waits for the buyer, in plain words, with the service's field errors. */
  review: OutboxReview.nullable(),
  /** The service's order once confirmed. */
  confirmed: Order.nullable(),
  /**
   * Issue 26: when the order asks for a delivery date, the instant its order cutoff passes, as the
   * cart showed it. A queued order still unsent then waits for review instead of being sent.
   */
  deliveryCutoffAt: z.string().nullable().optional(),
});
export type OutboxEntry = z.infer<typeof OutboxEntry>;

/**
 * What could not be read of the account's stored outbox when it was opened. The orders that could
 * be read are kept and sent; a copy of the damaged file is kept for support.
 */
export const OutboxProblem = z.object({
  /** Orders that could not be read (at least this many); null when how many is not known. */
  unreadable: z.number().int().nonnegative().nullable(),
  /** The full path of the damaged copy; null when it could not be kept. */
  keptAs: z.string().nullable(),
  /** Plain words for the buyer. */
  message: z.string(),
});
export type OutboxProblem = z.infer<typeof OutboxProblem>;

/** The active account's outbox as the cart shows it. */
export const OutboxListing = z.object({ entries: z.array(OutboxEntry), problem: OutboxProblem.nullable() });
export type OutboxListing = z.infer<typeof OutboxListing>;

export const OrderDraft = z.object({
  order: CreateOrderBody,
  supplierName: z.string().max(200),
  estimatedTotalCents: z.number().int().nonnegative(),
  /** Issue 26: the order cutoff of the delivery date the order asks for (ISO 8601), as the cart computed it. */
  deliveryCutoffAt: z.iso.datetime().nullable().optional(),
});
export type OrderDraft = z.infer<typeof OrderDraft>;

/** Orders placed in one go (one cart, one per supplier): at least one, at most 50. */
export const MAX_DRAFTS_PER_SUBMIT = 50;
export const OrderDrafts = z.array(OrderDraft).min(1).max(MAX_DRAFTS_PER_SUBMIT);
