import { z } from 'zod';
import { HttpUrl, Timestamp, WebhookId } from './common';

/** `order.cancelled` is an extension (raised by POST /orders/{id}/cancel). */
export const WEBHOOK_EVENTS = ['order.confirmed', 'order.shipped', 'order.delivered', 'order.cancelled'] as const;
export const WebhookEventName = z.enum(WEBHOOK_EVENTS);
export type WebhookEventName = z.infer<typeof WebhookEventName>;

export const Webhook = z.object({
  id: WebhookId,
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  created_at: Timestamp,
});
export type Webhook = z.infer<typeof Webhook>;

/** Returned once, on creation: the only time the signing secret is shown. */
export const CreatedWebhook = Webhook.extend({ secret: z.string().startsWith('whsec_') });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const CreateWebhookBody = z.strictObject({
  url: HttpUrl,
  events: z
    .array(WebhookEventName)
    .min(1)
    .max(WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, { message: 'lists an event more than once' })
    .meta({ uniqueItems: true }),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

/**
 * Registrations an account may have at once (deleted ones do not count). Bounds the work one
 * account's events make and the size of GET /webhooks, which is not paginated. Over it, POST
 * /webhooks is refused with 409 webhook_limit_reached.
 */
export const WEBHOOKS_PER_ACCOUNT_MAX = 50;

export const WebhookList = z.object({ data: z.array(Webhook) });
export type WebhookList = z.infer<typeof WebhookList>;

export const DeleteResult = z.object({ success: z.boolean(), message: z.string() });
export type DeleteResult = z.infer<typeof DeleteResult>;

/** What a delivery carries: an order event, or the test event POST /webhooks/{id}/test sends (extension). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const DeliveryEventType = z.enum([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT]);
export type DeliveryEventType = z.infer<typeof DeliveryEventType>;

/** The body of a delivery (Standard Webhooks). */
export const WebhookDelivery = z.object({
  type: DeliveryEventType,
  timestamp: Timestamp,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** Extension: PATCH /webhooks/{id} pauses (`active: false`) or resumes (`active: true`) a registration. */
export const UpdateWebhookBody = z.strictObject({ active: z.boolean() });
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

export const DELIVERY_RECORD_STATES = ['pending', 'delivered', 'failed'] as const;

/** Extension: one delivery of an event to a registration, as GET /webhooks/{id}/deliveries lists it. */
export const WebhookDeliveryRecord = z.object({
  /** Also the `webhook-id` header of every attempt, so a receiver can match its log to this one. */
  webhook_id: z.string(),
  event: DeliveryEventType,
  /** The order the event is about; null for a test event. */
  order_id: z.string().nullable(),
  state: z.enum(DELIVERY_RECORD_STATES),
  /** Attempts made so far (0 while the first is pending). */
  attempts: z.number().int().nonnegative(),
  created_at: Timestamp,
  last_attempt_at: Timestamp.nullable(),
  /** The receiver's HTTP status at the last attempt; null when it did not answer. */
  status_code: z.number().int().nullable(),
  /** Why the last attempt failed; null when it succeeded or none was made. */
  error: z.string().nullable(),
  duration_ms: z.number().int().nonnegative().nullable(),
  /** When the next attempt is due; null when delivered or given up. */
  next_retry_at: Timestamp.nullable(),
});
export type WebhookDeliveryRecord = z.infer<typeof WebhookDeliveryRecord>;
