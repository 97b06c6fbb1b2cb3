import { useQuery } from '@tanstack/react-query';
import type { Product } from '../../../shared/schemas';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/** How many candidates the offline copy is asked for when looking for wines like one. */
const SIMILAR_CANDIDATES = 100;

/** In-stock wines of the same varietal and region as `product`, from the offline copy (the catalog search). */
export function useSimilarWineCandidates(product: Pick<Product, 'id' | 'varietal' | 'region'>) {
  const bridge = useBridge();
  return useQuery({
    queryKey: queryKeys.similarWines(product.id),
    queryFn: () => dataOrThrow(bridge.searchCatalog({ varietal: product.varietal, region: product.region, inStock: true, limit: SIMILAR_CANDIDATES })),
  });
}
