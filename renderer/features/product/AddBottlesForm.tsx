import { useState, type FormEvent } from 'react';
import { InCartNote } from './InCartNote';
import { formatCents } from '../../../shared/format';
import type { Product } from '../../../shared/schemas';
import { formatBottles } from '../../../shared/split-case';
import { QuantityStepper } from '../../components/QuantityStepper';
import type { QuantityCheck } from '../../lib/quantityRules';
import { toCartProduct } from '../cart/cartProduct';
import { canOrderBottles, checkLineQuantity, maxBottles, unitOf } from '../cart/cartQuantities';
import { useCartStore } from '../cart/cartStore';

/**
 * Bottles of a split case (issue 26), on the product page: where the product's detail gives
 * split-case terms, 1 to pack size − 1 bottles within the bottles in stock, added as the product's
 * line of bottles (beside its line of cases); where it gives none, says plainly that the wine is sold
 * by the case only. The quantities are checked by the service's own rules (cart/cartQuantities.ts).
 */
export function AddBottlesForm({ product }: { product: Product }) {
  const add = useCartStore((state) => state.add);
  const cases = useCartStore((state) => state.lines.find((line) => line.productId === product.id && unitOf(line) === 'case')?.quantity ?? 0);
  const inCart = useCartStore((state) => state.lines.find((line) => line.productId === product.id && unitOf(line) === 'bottle')?.quantity ?? 0);
  const [quantity, setQuantity] = useState('1');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const cartProduct = toCartProduct(product);

  if (!canOrderBottles(cartProduct)) {
    return (
      <p className="field-hint by-the-case-only" role="note">
        {product.pack_size <= 1
          ? 'Sold by the case only: a case of this wine holds one bottle.'
          : 'Sold by the case only: its supplier does not sell it by the bottle (no split cases).'}
      </p>
    );
  }
  const fee = cartProduct.splitCase?.feeCents ?? 0;
  /** The bottles typed, added to those already in the cart, by the service's rules. */
  const check = (raw: string): QuantityCheck => {
    const typed = checkLineQuantity(raw, 'bottle', cartProduct, cases);
    if (!typed.ok || inCart === 0) return typed;
    const total = checkLineQuantity(inCart + typed.value, 'bottle', cartProduct, cases);
    return total.ok ? typed : { ok: false, message: `${total.message} You already have ${formatBottles(inCart)} in the cart.` };
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    const typed = check(quantity);
    if (!typed.ok) return;
    const result = add(cartProduct, typed.value, 'bottle');
    if (result.ok) {
      setRefusal(null);
      setAdded(`Added ${formatBottles(typed.value)}; ${formatBottles(result.value)} in the cart now.`);
    } else {
      setRefusal(result.message);
    }
  };

  return (
    <form className="add-to-cart add-bottles" onSubmit={onSubmit} aria-label="Add bottles to cart">
      <p className="field-hint">
        Or by the bottle (a split case): {formatCents(product.bottle_price_cents)} a bottle, plus {formatCents(fee)} for the order line.
      </p>
      <QuantityStepper
        label="Bottles"
        value={quantity}
        onChange={(value) => {
          setQuantity(value);
          setRefusal(null);
          setAdded(null);
        }}
        limits={{ minimum: 1, stock: Math.max(0, maxBottles(cartProduct, cases) - inCart) }}
        check={check}
        hint={`1 to ${formatBottles(product.pack_size - 1)}; ${formatBottles(cartProduct.splitCase?.bottlesAvailable ?? 0)} in stock`}
        message={refusal}
      />
      <button type="submit" disabled={!check(quantity).ok}>
        Add bottles to cart
      </button>
      <InCartNote added={added} inCart={inCart > 0 ? formatBottles(inCart) : null} />
    </form>
  );
}
