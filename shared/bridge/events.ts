import { z } from 'zod';
import { DatasetName } from './datasets';
import { OutboxEntry } from './outbox-entries';
import { OrderStatus } from '../schemas';

/**
 * Why the offline copy's update for this version did not happen: the disk is full (the copy stays
 * as it was, at its old version, and is updated once there is room), in plain words.
 */
export const OfflineUpgradeProblem = z.object({ code: z.enum(['disk_full']), message: z.string() });
export type OfflineUpgradeProblem = z.infer<typeof OfflineUpgradeProblem>;

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
  /** Another account, or none: everything the screens hold belongs to another account. */
  z.object({ type: z.literal('session-changed') }),
  /**
   * The offline copy is being updated for this version of Caseworks as it opens, once (it answers
   * nothing meanwhile: the catalog waits): `done` of `total` steps, 0 of 0 when nothing is left to
   * count; `finished` once it is over, with the `problem` that stopped it (null: done, or not told
   * why, as when the offline worker stopped).
   */
  z.object({
    type: z.literal('offline-upgrade'),
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    finished: z.boolean(),
    problem: OfflineUpgradeProblem.nullable(),
  }),
  /** The same account's connection problem appeared, changed or cleared (a service not answering, a key refused): only the session reads anew. */
  z.object({ type: z.literal('session-problem') }),
]);
export type BridgeEvent = z.infer<typeof BridgeEvent>;

/**
 * Events that tell a state rather than a moment (the offline copy's update for this version and how
 * far it got): the core keeps the latest of each and tells it to a window that subscribes later, as
 * the browser shell's page does when it is reloaded.
 */
export const LASTING_EVENT_TYPES: ReadonlySet<BridgeEvent['type']> = new Set(['offline-upgrade']);
