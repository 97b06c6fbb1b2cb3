import { useQueries } from '@tanstack/react-query';
import { formatWineName } from '../../../shared/format';
import { useBridge } from '../../lib/bridgeContext';
import { productQuery } from '../product/queries';

export interface NamedItem {
  product_id: string;
  /**
   * The name the order carries, kept even if the product has been renamed since; an outbox entry
   * carries none, and takes the product's own (its id until the product is read).
   */
  name?: string;
}

/**
 * Names order lines with their vintage and bottle size ("Ashby Pinot Noir 2019 · 750 ml"): the
 * service's order lines carry only the product's name and id, so the product is read through the
 * bridge (fresh when online, else the offline copy). Until it is read, or if it cannot be, a line
 * is named by its name alone.
 */
export function useWineNames(items: readonly NamedItem[]): string[] {
  const bridge = useBridge();
  // One read per product: an order may hold a line of cases and a line of bottles of one (a split case).
  const productIds = [...new Set(items.map((item) => item.product_id))];
  const products = useQueries({
    queries: productIds.map((productId) => ({
      ...productQuery(bridge, productId),
      retry: false,
    })),
  });
  return items.map((item) => {
    const product = products[productIds.indexOf(item.product_id)]?.data?.data;
    const name = item.name ?? product?.name ?? item.product_id;
    return product ? formatWineName({ name, vintage: product.vintage, sizeMl: product.size_ml }) : name;
  });
}
