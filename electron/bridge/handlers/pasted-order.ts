import type { CatalogProduct } from '../../../shared/schemas';
import { succeed, type Outcome } from '../../core/failure';
import type { ProductImageAddresses } from '../../core/images/product-image-urls';
import type { HandlerGroup } from '../handler-types';

export interface PastedOrderHandlerDeps {
  search: {
    /** Each code's products in the offline catalog, in the codes' order; a refusal of the offline copy is its Failure. */
    matchCodes(codes: readonly string[]): Promise<Outcome<CatalogProduct[][]>>;
  };
  catalogAsOf(): Promise<string | null>;
  images: ProductImageAddresses;
  /** Products in the offline catalog, and those whose details (SKU, UPC) are on this computer. */
  detailCoverage(): Promise<{ stored: number; catalog: number }>;
}

/** A pasted order's codes matched against the offline catalog: the same answer online and offline. */
export function createPastedOrderHandlers(deps: PastedOrderHandlerDeps) {
  return {
    async matchProductCodes({ codes }) {
      const [matched, asOf, coverage] = await Promise.all([deps.search.matchCodes(codes), deps.catalogAsOf(), deps.detailCoverage()]);
      // The offline copy refused (a full disk…): its words, not every code "not found".
      if (!matched.ok) return matched;
      const found = matched.data;
      return succeed({
        matches: codes.map((code, index) => ({ code, products: (found[index] ?? []).map((product) => deps.images.localize(product)) })),
        freshness: { asOf, fromCache: true },
        detailsIncomplete: coverage.stored < coverage.catalog,
      });
    },
  } satisfies HandlerGroup<'matchProductCodes'>;
}
