import { formatBottlePrices, formatCents, formatWineName } from '../../../shared/format';
import { routeHref } from '../../app/routes';
import { ProductImage } from '../../components/ProductImage';
import { QuantityStepper } from '../../components/QuantityStepper';
import type { DealHint, PricedTermsLine } from '../../../shared/deals';
import { useCartStore, type CartLine } from './cartStore';
import { useCartLineCheck } from './queries';
import { BackupPicker } from './BackupPicker';

interface Props {
  line: CartLine;
  /** The line as the estimate prices it (with a deal where one applies). */
  priced: PricedTermsLine | undefined;
  /** The nearest deal a few more cases would reach. */
  hint: DealHint | undefined;
  problem: string | undefined;
  /** Issue 26: the lines of the same order, when the service takes backups (the line then offers one); absent otherwise. */
  backupAmong?: readonly CartLine[];
}

const casesWord = (count: number) => (count === 1 ? '1 more case' : `${count} more cases`);

export function CartLineRow({ line, priced, hint, problem, backupAmong }: Props) {
  const setQuantity = useCartStore((state) => state.setQuantity);
  const remove = useCartStore((state) => state.remove);
  const draft = useCartStore((state) => state.drafts[line.productId]);
  const shown = draft ?? String(line.quantity);
  const name = formatWineName(line);
  const unchecked = useCartLineCheck(line.productId);

  return (
    <li className="cart-line">
      <ProductImage url={line.imageUrl} name={name} />
      <div className="cart-line-info">
        <a href={routeHref({ screen: 'product', id: line.productId })} className="product-name">
          {name}
        </a>
        <p>
          {formatCents(line.casePriceCents)} per case of {line.packSize}
        </p>
        <p className="muted">{formatBottlePrices(line)}</p>
        {priced?.deal ? (
          <p className="deal-applied" role="note">
            Deal “{priced.deal.title}”: {formatCents(priced.unit_price_cents)} per case, saves {formatCents(priced.saved_cents)}.
          </p>
        ) : null}
        {hint ? (
          <p className="deal-hint" role="note">
            Add {casesWord(hint.casesToAdd)} for {formatCents(hint.savingPerCaseCents)} off each (“{hint.title}”).
          </p>
        ) : null}
        {line.priceWhenAddedCents !== line.casePriceCents ? (
          <p className="notice" role="note">
            The case price changed from {formatCents(line.priceWhenAddedCents)} to {formatCents(line.casePriceCents)} since you added it.
          </p>
        ) : null}
        {unchecked ? (
          <p className="notice" role="note">
            {unchecked} Its price and stock are as when you added it; an order of it waits in the outbox until the service is back.
          </p>
        ) : null}
        {problem && draft === undefined ? (
          <p className="field-error" role="alert">
            {problem} Change the quantity or remove this line.
          </p>
        ) : null}
        {backupAmong ? <BackupPicker line={line} groupLines={backupAmong} /> : null}
      </div>
      <QuantityStepper
        label={`Cases of ${name}`}
        value={shown}
        limits={{ minimum: line.minimumOrder, stock: line.inventoryAvailable }}
        onChange={(value) => setQuantity(line.productId, value)}
      />
      <p className="line-total">{formatCents(priced?.total_cents ?? line.casePriceCents * line.quantity)}</p>
      <button type="button" className="ghost" onClick={() => remove(line.productId)} aria-label={`Remove ${name} from the cart`}>
        Remove
      </button>
    </li>
  );
}
