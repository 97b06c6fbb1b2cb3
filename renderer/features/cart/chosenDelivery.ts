import { z } from 'zod';

/**
 * A delivery date the buyer chose for one supplier's order in the cart (issue 26): the date, its
 * order cutoff, and the ship-to state it was chosen for (another state has other days). Kept with
 * the cart, so it is read back from storage and checked there.
 */
export const ChosenDelivery = z.object({
  /** `YYYY-MM-DD`. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** ISO 8601 UTC. */
  cutoffAt: z.iso.datetime(),
  state: z.string().min(1),
});
export type ChosenDelivery = z.infer<typeof ChosenDelivery>;

/** The chosen dates read back from storage that are in the shape the cart writes; any other is left out. */
export function keptDeliveryDates(stored: unknown): Record<string, ChosenDelivery> {
  if (typeof stored !== 'object' || stored === null) return {};
  const kept: Record<string, ChosenDelivery> = {};
  for (const [supplierId, value] of Object.entries(stored)) {
    const checked = ChosenDelivery.safeParse(value);
    if (checked.success) kept[supplierId] = checked.data;
  }
  return kept;
}
