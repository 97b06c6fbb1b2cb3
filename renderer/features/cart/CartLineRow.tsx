import { formatCents } from '../../../shared/format';
import { routeHref } from '../../app/routes';
import { ProductImage } from '../../components/ProductImage';
import { QuantityStepper } from '../../components/QuantityStepper';
import { bottleFacts } from '../catalog/productFacts';
import { useCartStore, type CartLine } from './cartStore';

interface Props {
  line: CartLine;
  problem: string | undefined;
}

export function CartLineRow({ line, problem }: Props) {
  const setQuantity = useCartStore((state) => state.setQuantity);
  const remove = useCartStore((state) => state.remove);
  const draft = useCartStore((state) => state.drafts[line.productId]);
  const shown = draft ?? String(line.quantity);

  return (
    <li className="cart-line">
      <ProductImage url={line.imageUrl} name={line.name} />
      <div className="cart-line-info">
        <a href={routeHref({ screen: 'product', id: line.productId })} className="product-name">
          {line.name}
        </a>
        <p className="muted">{bottleFacts({ vintage: line.vintage, size_ml: line.sizeMl, pack_size: line.packSize })}</p>
        <p>
          {formatCents(line.casePriceCents)} per case · {formatCents(line.bottlePriceCents)} per bottle
        </p>
        {line.priceWhenAddedCents !== line.casePriceCents ? (
          <p className="notice" role="note">
            The case price changed from {formatCents(line.priceWhenAddedCents)} to {formatCents(line.casePriceCents)} since you added it.
          </p>
        ) : null}
        {problem && draft === undefined ? (
          <p className="field-error" role="alert">
            {problem} Change the quantity or remove this line.
          </p>
        ) : null}
      </div>
      <QuantityStepper
        label={`Cases of ${line.name}`}
        value={shown}
        limits={{ minimum: line.minimumOrder, stock: line.inventoryAvailable }}
        onChange={(value) => setQuantity(line.productId, value)}
      />
      <p className="line-total">{formatCents(line.casePriceCents * line.quantity)}</p>
      <button type="button" className="ghost" onClick={() => remove(line.productId)} aria-label={`Remove ${line.name} from the cart`}>
        Remove
      </button>
    </li>
  );
}
