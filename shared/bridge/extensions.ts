import { z } from 'zod';

/**
 * The service extensions the app can use (issue 15), each offered or not by the connected
 * service: learned from its OpenAPI document, or from a 404/405 answer, and remembered per service.
 * `orderCancelledEvent`: POST /webhooks accepts `order.cancelled`. `orderBackups` (issue 26): POST /orders
 * takes a `backup_product_id` on its items.
 */
export const SERVICE_EXTENSIONS = ['cancelOrder', 'webhookDeliveries', 'webhookTest', 'webhookPause', 'orderCancelledEvent', 'orderBackups'] as const;
export const ServiceExtension = z.enum(SERVICE_EXTENSIONS);
export type ServiceExtension = z.infer<typeof ServiceExtension>;

/** Which extensions the connected service offers; false while unknown or not offered. */
export const ServiceExtensions = z.object(Object.fromEntries(SERVICE_EXTENSIONS.map((name) => [name, z.boolean()])) as Record<ServiceExtension, z.ZodBoolean>);
export type ServiceExtensions = z.infer<typeof ServiceExtensions>;
