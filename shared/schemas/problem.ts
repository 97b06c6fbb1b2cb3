import { z } from 'zod';
import { CalendarDate } from './common';
import { DeliveryDateReason } from './delivery-terms';

/** Stable machine-readable codes carried in every problem response. */
export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'not_found',
  'method_not_allowed',
  'validation_failed',
  'unsupported_media_type',
  'payload_too_large',
  'insufficient_inventory',
  'below_minimum_order',
  'product_not_from_supplier',
  'idempotency_key_reused',
  'idempotency_key_in_use',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  // Extensions (documented as such in the OpenAPI document).
  'order_not_cancellable',
  'webhook_paused',
  'webhook_limit_reached',
  'cursor_expired',
  'split_case_not_allowed',
  'split_case_too_large',
  'price_changed',
  'invalid_backup',
  'delivery_date_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const FieldError = z.object({ pointer: z.string(), detail: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/** RFC 9457 problem details, plus a stable `code` and field errors. */
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
  errors: z.array(FieldError).optional(),
  /** Extension, on delivery_date_unavailable: why the date cannot be had, and the next date that can (null: none). */
  delivery_date_reason: DeliveryDateReason.optional().meta({
    'x-caseworks-extension': true,
    description:
      'Extension, on 422 delivery_date_unavailable: why the requested delivery date cannot be had. `no_terms`: the supplier publishes no delivery days; `no_route`: none to the ship-to state; `past`; `too_far` (more than 60 days ahead); `closed_day`: not one of its delivery days there; `closed_date`: one of its `closed_dates`; `past_cutoff`: its order cutoff has passed.',
  }),
  next_delivery_date: CalendarDate.nullable().optional().meta({
    'x-caseworks-extension': true,
    description: 'Extension, on 422 delivery_date_unavailable: the next date that can be asked for now (its cutoff not passed); null when there is none (`no_terms`, `no_route`).',
  }),
});
export type Problem = z.infer<typeof Problem>;
