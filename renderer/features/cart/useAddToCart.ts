import { useCallback } from 'react';
import type { CatalogProduct, Product } from '../../../shared/schemas';
import { showToast } from '../../app/toastStore';
import { toCartProduct } from './cartProduct';
import { useCartStore } from './cartStore';
import type { QuantityCheck } from '../../lib/quantityRules';
import { formatCases, formatWineName } from '../../../shared/format';

/** Adds a product (by default at its minimum order) and says what happened in a toast. */
export function useAddToCart(): (product: CatalogProduct | Product, quantity?: number) => QuantityCheck {
  const add = useCartStore((state) => state.add);
  return useCallback(
    (product, quantity = product.minimum_order) => {
      const result = add(toCartProduct(product), quantity);
      const name = formatWineName({ name: product.name, vintage: product.vintage, sizeMl: product.size_ml });
      showToast(
        result.ok
          ? { tone: 'success', title: `Added ${formatCases(quantity)} of ${name}`, description: `${result.value} in the cart now.` }
          : { tone: 'error', title: `Could not add ${name}`, description: result.message },
      );
      return result;
    },
    [add],
  );
}
