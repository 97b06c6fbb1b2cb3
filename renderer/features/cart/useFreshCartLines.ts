import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Product } from '../../../shared/schemas';
import { useBridge } from '../../lib/bridgeContext';
import { productQuery } from '../product/queries';
import { toCartProduct } from './cartProduct';
import { useCartStore, type CartLine } from './cartStore';

const productsOf = (results: { data?: { data: Product } }[]) => results.map((result) => result.data?.data);

/**
 * Re-reads every product in the cart (live when online, the saved copy offline) so prices, stock and
 * minimums are checked against the newest data before ordering.
 */
export function useFreshCartLines(lines: readonly CartLine[]): void {
  const bridge = useBridge();
  const refreshProduct = useCartStore((state) => state.refreshProduct);
  const products = useQueries({
    // A product's line of cases and its line of bottles (a split case) are one read.
    queries: [...new Set(lines.map((line) => line.productId))].map((productId) => ({
      ...productQuery(bridge, productId),
      staleTime: 10_000,
    })),
    combine: productsOf,
  });
  useEffect(() => {
    for (const product of products) {
      if (product) refreshProduct(toCartProduct(product));
    }
  }, [products, refreshProduct]);
}
