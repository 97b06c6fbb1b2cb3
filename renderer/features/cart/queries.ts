import { useQueries, useQuery } from '@tanstack/react-query';
import type { CatalogProduct } from '../../../shared/schemas';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow, errorCode, errorMessage } from '../../lib/bridgeErrors';
import { productQuery } from '../product/queries';
import { queryKeys } from '../../lib/queryKeys';
import { backupPriceBand, suggestBackups } from '../../../shared/backup-suggestions';

/**
 * How many of a supplier's in-stock wines the free-shipping hint looks through, most expensive
 * first (they reach the threshold in the fewest cases); the search's own ceiling.
 */
const HINT_CANDIDATES = 500;

export interface FreeShippingWines {
  /** The buyer's starred wines of the supplier, in stock. */
  favourites: CatalogProduct[];
  /** All of the supplier's wines in stock (the favourites among them). */
  catalog: CatalogProduct[];
  pending: boolean;
}

/** The wines the free-shipping hint may suggest for one supplier, from the offline copy; nothing is read while `enabled` is false. */
export function useFreeShippingWines(supplierId: string, enabled: boolean): FreeShippingWines {
  const bridge = useBridge();
  const search = (favouritesOnly: boolean) => ({
    queryKey: queryKeys.freeShippingCandidates(supplierId, favouritesOnly),
    queryFn: () =>
      dataOrThrow(bridge.searchCatalog({ supplierId, inStock: true, sort: 'price_desc', limit: HINT_CANDIDATES, ...(favouritesOnly ? { favouritesOnly: true } : {}) })),
    enabled,
  });
  return useQueries({
    queries: [search(true), search(false)],
    combine: ([favourites, catalog]) => ({
      favourites: favourites?.data?.items ?? [],
      catalog: catalog?.data?.items ?? [],
      pending: Boolean(favourites?.isPending || catalog?.isPending),
    }),
  });
}

/**
 * Why a cart line could not be checked against the newest data, in plain words: the service cannot
 * be reached and the offline copy does not hold the product (not carried, or its detail not
 * downloaded yet). Null when it was checked, or is being. The same read as `useFreshCartLines`.
 */
export function useCartLineCheck(productId: string): string | null {
  const bridge = useBridge();
  const read = useQuery({ ...productQuery(bridge, productId), staleTime: 10_000 });
  return read.isError && errorCode(read.error) === 'offline' ? errorMessage(read.error) : null;
}

/** How many of a supplier's in-stock wines within the price band the backup suggestions look through. */
const BACKUP_CANDIDATES = 200;

/**
 * The backups suggested for a cart line (issue 26): similar wines of its supplier, by the rule of
 * shared/backup-suggestions.ts, from the offline copy (the product's detail for its varietal and
 * region, the catalog search for the supplier's wines within the price band), so offline too.
 * Nothing is read while `enabled` is false.
 */
export function useBackupSuggestions(productId: string, exclude: ReadonlySet<string>, enabled: boolean) {
  const bridge = useBridge();
  const read = useQuery({ ...productQuery(bridge, productId), enabled });
  const product = read.data?.data;
  const band = product ? backupPriceBand(product.case_price_cents) : null;
  const supplierId = product?.supplier.id ?? '';
  const candidates = useQuery({
    queryKey: queryKeys.backupCandidates(supplierId, band?.minPriceCents ?? 0, band?.maxPriceCents ?? 0),
    queryFn: () => dataOrThrow(bridge.searchCatalog({ supplierId, inStock: true, ...band, limit: BACKUP_CANDIDATES })),
    enabled: enabled && band !== null,
  });
  return {
    suggestions: product && candidates.data ? suggestBackups(product, candidates.data.items, exclude) : [],
    pending: enabled && (read.isPending || candidates.isPending),
  };
}
