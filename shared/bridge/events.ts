import { z } from 'zod';
import { DatasetName } from './datasets';
import { OutboxEntry } from './outbox-entries';
import { OrderStatus } from '../schemas';

/** Everything main tells the renderer without being asked, through one subscription. */
export const BridgeEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('sync-progress'),
    dataset: DatasetName,
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative().nullable(),
    finished: z.boolean(),
  }),
  z.object({ type: z.literal('connectivity'), online: z.boolean() }),
  z.object({ type: z.literal('outbox-changed'), entries: z.array(OutboxEntry) }),
  z.object({ type: z.literal('data-changed'), datasets: z.array(DatasetName) }),
  z.object({
    type: z.literal('order-status'),
    orderId: z.string(),
    orderNumber: z.string(),
    status: OrderStatus,
  }),
  z.object({ type: z.literal('session-changed') }),
]);
export type BridgeEvent = z.infer<typeof BridgeEvent>;
