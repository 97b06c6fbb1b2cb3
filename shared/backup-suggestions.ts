import { orderableNow } from './orderable';

/**
 * The backups the app suggests for a cart line (issue 26 point 4): similar wines of the same
 * supplier. A candidate is suggested when it is another product of that supplier, can be ordered
 * now, costs a case within the price band of the product's case price, and shares its varietal or
 * its region; the same varietal counts before the same region, then the nearer price, then the name.
 * Pure: the app applies it to the offline copy's catalog search (so it works offline), with the
 * band as the search's price filter.
 */

/** A backup's case price lies within this share of the product's, above or below it: 2,500 is 25 %. */
export const BACKUP_PRICE_BAND_BASIS_POINTS = 2_500;

/** How many backups a cart line offers. */
export const BACKUP_SUGGESTIONS_SHOWN = 5;

/** What the rule reads of a product: the catalog item's fields. */
export interface BackupCandidate {
  id: string;
  name: string;
  varietal: string;
  region: string;
  case_price_cents: number;
  inventory_available: number;
  minimum_order: number;
  supplier: { id: string };
}

/** The case prices, in cents and inclusive, a backup of a product priced `casePriceCents` may have. */
export function backupPriceBand(casePriceCents: number): { minPriceCents: number; maxPriceCents: number } {
  const spread = Math.round((casePriceCents * BACKUP_PRICE_BAND_BASIS_POINTS) / 10_000);
  return { minPriceCents: Math.max(0, casePriceCents - spread), maxPriceCents: casePriceCents + spread };
}

const sameText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

/** How alike a candidate is: 2 for the same varietal, 1 for the same region, added; 0 is not similar. */
export function backupLikeness(product: Pick<BackupCandidate, 'varietal' | 'region'>, candidate: Pick<BackupCandidate, 'varietal' | 'region'>): number {
  return (sameText(product.varietal, candidate.varietal) ? 2 : 0) + (sameText(product.region, candidate.region) ? 1 : 0);
}

/**
 * The suggested backups of `product`, best first, at most `limit`. `exclude`: products that cannot
 * be a backup of this line (those the cart already orders from the supplier, the backups of other lines).
 */
export function suggestBackups<T extends BackupCandidate>(
  product: BackupCandidate,
  candidates: readonly T[],
  exclude: ReadonlySet<string> = new Set(),
  limit = BACKUP_SUGGESTIONS_SHOWN,
): T[] {
  const band = backupPriceBand(product.case_price_cents);
  return candidates
    .filter(
      (candidate) =>
        candidate.id !== product.id &&
        !exclude.has(candidate.id) &&
        candidate.supplier.id === product.supplier.id &&
        orderableNow(candidate) &&
        candidate.case_price_cents >= band.minPriceCents &&
        candidate.case_price_cents <= band.maxPriceCents &&
        backupLikeness(product, candidate) > 0,
    )
    .map((candidate) => ({ candidate, likeness: backupLikeness(product, candidate), distance: Math.abs(candidate.case_price_cents - product.case_price_cents) }))
    .sort((a, b) => b.likeness - a.likeness || a.distance - b.distance || a.candidate.name.localeCompare(b.candidate.name) || (a.candidate.id < b.candidate.id ? -1 : 1))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
