import type { CatalogProduct } from '../../../shared/schemas';
import { useAddToCart } from '../cart/useAddToCart';
import { orderProblemOf } from './productFacts';
import { formatCases } from '../../../shared/format';

export function AddButton({ product }: { product: CatalogProduct }) {
  const addToCart = useAddToCart();
  const problem = orderProblemOf(product);
  return (
    <button
      type="button"
      className="add-button"
      onClick={() => addToCart(product)}
      disabled={problem !== null}
      title={problem ?? undefined}
      aria-label={`Add ${formatCases(product.minimum_order)} of ${product.name} to the cart`}
      aria-keyshortcuts="A"
    >
      Add {product.minimum_order}
    </button>
  );
}
