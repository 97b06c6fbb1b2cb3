import { useState, type FormEvent } from 'react';
import { InCartNote } from './InCartNote';
import type { CatalogProduct, Product } from '../../../shared/schemas';
import { QuantityStepper } from '../../components/QuantityStepper';
import { toCartProduct } from '../cart/cartProduct';
import { useCartStore } from '../cart/cartStore';
import { caseLineOf } from '../cart/cartQuantities';
import { checkQuantity } from '../../lib/quantityRules';
import { orderProblemOf } from '../../lib/productFacts';
import { formatCases } from '../../../shared/format';

export function AddToCartForm({ product }: { product: CatalogProduct | Product }) {
  const add = useCartStore((state) => state.add);
  const inCart = useCartStore((state) => caseLineOf(state.lines, product.id)?.quantity ?? 0);
  const [quantity, setQuantity] = useState(String(product.minimum_order));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const limits = { minimum: product.minimum_order, stock: product.inventory_available };
  const problem = orderProblemOf(product);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    const check = checkQuantity(quantity, limits);
    if (!check.ok) return;
    const result = add(toCartProduct(product), check.value);
    if (result.ok) {
      setRefusal(null);
      setAdded(`Added ${formatCases(check.value)}; ${result.value} in the cart now.`);
    } else {
      setRefusal(result.message);
    }
  };

  if (problem) {
    return (
      <p className="stock-problem" role="note">
        {problem} This product cannot be ordered right now.
      </p>
    );
  }
  return (
    <form className="add-to-cart" onSubmit={onSubmit} aria-label="Add to cart">
      <QuantityStepper
        label="Cases"
        value={quantity}
        onChange={(value) => {
          setQuantity(value);
          setRefusal(null);
          setAdded(null);
        }}
        limits={limits}
        message={refusal}
      />
      <button type="submit" className="primary" disabled={!checkQuantity(quantity, limits).ok}>
        Add to cart
      </button>
      <InCartNote added={added} inCart={inCart > 0 ? String(inCart) : null} />
    </form>
  );
}
