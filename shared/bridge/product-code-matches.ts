import { z } from 'zod';
import { PASTED_CODE_MAX_LENGTH, PASTED_ORDER_MAX_LINES } from '../pasted-order';
import { CatalogProduct } from '../schemas';
import { Freshness } from './datasets';

/** The codes of a pasted order, each looked up in the offline catalog (`matchProductCodes`): at most one paste's worth. */
export const ProductCodesInput = z.strictObject({
  codes: z.array(z.string().trim().min(1).max(PASTED_CODE_MAX_LENGTH)).min(1).max(PASTED_ORDER_MAX_LINES),
});

/** One code's products: none (not in the offline copy), one, or several (the code names more than one product: ambiguous). */
export const ProductCodeMatch = z.object({ code: z.string(), products: z.array(CatalogProduct) });
export type ProductCodeMatch = z.infer<typeof ProductCodeMatch>;

export const ProductCodeMatches = z.object({
  /** One per code asked, in the same order. */
  matches: z.array(ProductCodeMatch),
  freshness: Freshness,
  /** Some products' details (where SKUs and UPCs are) are not on this computer yet: a code not found may still be in the catalog. */
  detailsIncomplete: z.boolean(),
});
export type ProductCodeMatches = z.infer<typeof ProductCodeMatches>;
