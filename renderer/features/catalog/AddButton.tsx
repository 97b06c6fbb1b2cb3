import type { CatalogProduct } from '../../../shared/schemas';
import { useAddToCart } from '../cart/useAddToCart';
import { orderProblemOf } from './productFacts';

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
      aria-label={`Add ${product.minimum_order} ${product.minimum_order === 1 ? 'case' : 'cases'} of ${product.name} to the cart`}
      aria-keyshortcuts="A"
    >
      Add {product.minimum_order}
    </button>
  );
}
