import { z } from 'zod';
import { SupplierId } from '../schemas';

/** The most suppliers a choice may name (a marketplace of 1,400 distributors fits). */
export const OFFLINE_CHOICE_MAX_SUPPLIERS = 5_000;

/**
 * What the offline copy carries: the whole catalog, or only the products of chosen suppliers. An
 * empty list of suppliers keeps no product offline (suppliers, orders and the account still are).
 */
export const OfflineChoice = z.discriminatedUnion('keep', [
  z.strictObject({ keep: z.literal('all') }),
  z.strictObject({ keep: z.literal('suppliers'), supplierIds: z.array(SupplierId).max(OFFLINE_CHOICE_MAX_SUPPLIERS) }),
]);
export type OfflineChoice = z.infer<typeof OfflineChoice>;

/**
 * How a size was estimated: `stored` — the products of this offline copy take this much each now
 * (the database's used bytes over its products); `typical` — nothing is stored yet, so the size a
 * product took in a measured copy of the demo catalog.
 */
export const SizeBasis = z.enum(['stored', 'typical']);
export type SizeBasis = z.infer<typeof SizeBasis>;

export const SupplierSize = z.object({
  id: SupplierId,
  name: z.string(),
  /** The supplier's products as the service counts them. */
  products: z.number().int().nonnegative(),
  /** Whether the current choice keeps this supplier's products offline. */
  kept: z.boolean(),
  /** products × bytesPerProduct. */
  estimatedBytes: z.number().int().nonnegative(),
});
export type SupplierSize = z.infer<typeof SupplierSize>;

export const OfflineChoiceView = z.object({
  choice: OfflineChoice,
  suppliers: z.array(SupplierSize),
  bytesPerProduct: z.number().int().nonnegative(),
  basis: SizeBasis,
  /** The estimate of the whole catalog offline (every supplier). */
  allBytes: z.number().int().nonnegative(),
  /** The estimate of what the current choice keeps. */
  choiceBytes: z.number().int().nonnegative(),
  /** Products in the offline copy now. */
  productsKept: z.number().int().nonnegative(),
});
export type OfflineChoiceView = z.infer<typeof OfflineChoiceView>;

/**
 * Told with a search when it covered only the part of the catalog kept offline (a choice of
 * suppliers); absent or null when the whole catalog is kept.
 */
export const SearchCoverage = z.object({
  suppliersKept: z.number().int().nonnegative(),
  productsKept: z.number().int().nonnegative(),
  /** The catalog's size as the service's suppliers count it; null when the supplier list was never synced. */
  productsInCatalog: z.number().int().nonnegative().nullable(),
});
export type SearchCoverage = z.infer<typeof SearchCoverage>;

/** Whether a choice keeps a supplier's products. */
export const keepsSupplier = (choice: OfflineChoice, supplierId: string): boolean => choice.keep === 'all' || choice.supplierIds.includes(supplierId);
