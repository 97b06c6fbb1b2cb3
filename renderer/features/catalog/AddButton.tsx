import { formatCases } from '../../../shared/format';
import type { CatalogProduct } from '../../../shared/schemas';
import { orderProblemOf } from '../../lib/productFacts';

/** The list's own add-to-cart is passed in, so a list of many buttons holds one cart subscription. */
export function AddButton({ product, addToCart }: { product: CatalogProduct; addToCart: (product: CatalogProduct) => unknown }) {
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
