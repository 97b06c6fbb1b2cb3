import { z } from 'zod';

/** The parts of the offline copy, each synced and aged on its own. */
export const DATASETS = ['suppliers', 'catalog', 'productDetails', 'orders', 'account', 'webhooks', 'images'] as const;
export const DatasetName = z.enum(DATASETS);
export type DatasetName = z.infer<typeof DatasetName>;

export const DatasetStatus = z.object({
  name: DatasetName,
  /** When this dataset was last refreshed from the service; null if never. */
  updatedAt: z.string().nullable(),
  count: z.number().int().nonnegative(),
  /** Last sync error in plain words, cleared by the next success. */
  error: z.string().nullable(),
  /** Something the buyer should know that is not an error (the catalog being downloaded again in full), in plain words. */
  notice: z.string().nullable().optional(),
});
export type DatasetStatus = z.infer<typeof DatasetStatus>;

/** Returned with every read from the offline copy so each screen can say how old its data is. */
export const Freshness = z.object({
  asOf: z.string().nullable(),
  fromCache: z.boolean(),
});
export type Freshness = z.infer<typeof Freshness>;
