import { z } from 'zod';
import { HttpUrl, Timestamp, WebhookId } from './common';

export const WEBHOOK_EVENTS = ['order.confirmed', 'order.shipped', 'order.delivered'] as const;
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

export const WebhookList = z.object({ data: z.array(Webhook) });
export type WebhookList = z.infer<typeof WebhookList>;

export const DeleteResult = z.object({ success: z.boolean(), message: z.string() });
export type DeleteResult = z.infer<typeof DeleteResult>;

/** The body of a delivery (Standard Webhooks). */
export const WebhookDelivery = z.object({
  type: WebhookEventName,
  timestamp: Timestamp,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
