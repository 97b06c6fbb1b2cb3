import { z } from 'zod';
import { CreateOrderBody, Order, usStateCodeOf } from '../schemas';

export const OUTBOX_STATES = ['queued', 'sending', 'confirmed', 'needs_review'] as const;
export const OutboxState = z.enum(OUTBOX_STATES);
export type OutboxState = z.infer<typeof OutboxState>;

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
  createdAt: z.string(),
  updatedAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Why the service rejected the order, in plain words, with the service's field errors. */
  review: z
    .object({
      code: z.string(),
      message: z.string(),
      fields: z.array(z.object({ pointer: z.string(), detail: z.string() })),
    })
    .nullable(),
  /** The service's order once confirmed. */
  confirmed: Order.nullable(),
});
export type OutboxEntry = z.infer<typeof OutboxEntry>;

export const OrderDraft = z.object({
  order: CreateOrderBody,
  supplierName: z.string().max(200),
  estimatedTotalCents: z.number().int().nonnegative(),
});
export type OrderDraft = z.infer<typeof OrderDraft>;
