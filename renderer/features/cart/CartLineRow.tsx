import { formatBottlePrices, formatCents, formatWineName } from '../../../shared/format';
import { routeHref } from '../../app/routes';
import { ProductImage } from '../../components/ProductImage';
import { QuantityStepper } from '../../components/QuantityStepper';
import type { DealHint, PricedTermsLine } from '../../../shared/deals';
import { useCartStore, type CartLine } from './cartStore';
import { useCartLineCheck } from './queries';
import { cartLineKey, checkLineQuantity, maxBottles, stockOf, unitOf } from './cartQuantities';
import { bottlesLeftAfter, formatBottles } from '../../../shared/split-case';
import { BackupPicker } from './BackupPicker';

interface Props {
  line: CartLine;
  /** The line as the estimate prices it (with a deal where one applies). */
  priced: PricedTermsLine | undefined;
  /** The nearest deal a few more cases would reach. */
  hint: DealHint | undefined;
  problem: string | undefined;
  /** The quantity of the product's other line (its bottles next to a line of cases, its cases next to a line of bottles); 0 when none. */
  otherLine?: number;
  /** Issue 26: the lines of the same order, when the service takes backups (the line then offers one); absent otherwise. */
  backupAmong?: readonly CartLine[];
}

const casesWord = (count: number) => (count === 1 ? '1 more case' : `${count} more cases`);

export function CartLineRow({ line, priced, hint, problem, otherLine = 0, backupAmong }: Props) {
  const setQuantity = useCartStore((state) => state.setQuantity);
  const remove = useCartStore((state) => state.remove);
  const key = cartLineKey(line);
  const draft = useCartStore((state) => state.drafts[key]);
  const shown = draft ?? String(line.quantity);
  const name = formatWineName(line);
  const unchecked = useCartLineCheck(line.productId);
  const bottles = unitOf(line) === 'bottle';
  const unitPrice = bottles ? line.bottlePriceCents : line.casePriceCents;

  return (
    <li className="cart-line">
      <ProductImage url={line.imageUrl} name={name} />
      <div className="cart-line-info">
        <a href={routeHref({ screen: 'product', id: line.productId })} className="product-name">
          {name}
        </a>
        {bottles ? (
          <>
            <p>
              By the bottle (a split case): {formatCents(line.bottlePriceCents)} a bottle
            </p>
            <p className="muted">
              {line.splitCase
                ? `Plus a split-case fee of ${formatCents(line.splitCase.feeCents)} for this line, in shipping.`
                : 'No split-case fee known: its supplier no longer sells it by the bottle.'}
            </p>
          </>
        ) : (
          <>
            <p>
              {formatCents(line.casePriceCents)} per case of {line.packSize}
            </p>
            <p className="muted">{formatBottlePrices(line)}</p>
          </>
        )}
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
        {line.priceWhenAddedCents !== unitPrice ? (
          <p className="notice" role="note">
            The {bottles ? 'bottle' : 'case'} price changed from {formatCents(line.priceWhenAddedCents)} to {formatCents(unitPrice)} since you added it.
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
        {backupAmong && !bottles ? <BackupPicker line={line} groupLines={backupAmong} /> : null}
      </div>
      {bottles ? (
        <QuantityStepper
          label={`Bottles of ${name}`}
          value={shown}
          limits={{ minimum: 1, stock: maxBottles(line, otherLine) }}
          check={(raw) => checkLineQuantity(raw, 'bottle', line, otherLine)}
          hint={`1 to ${formatBottles(line.packSize - 1)}; ${formatBottles(bottlesLeftAfter(stockOf(line), otherLine))} in stock${otherLine > 0 ? ' besides the cases' : ''}`}
          onChange={(value) => setQuantity(key, value)}
        />
      ) : (
        <QuantityStepper
          label={`Cases of ${name}`}
          value={shown}
          // A split case of the product counts as one case toward its minimum.
          limits={{ minimum: Math.max(1, line.minimumOrder - (otherLine > 0 ? 1 : 0)), stock: line.inventoryAvailable }}
          check={(raw) => checkLineQuantity(raw, 'case', line, otherLine)}
          {...(otherLine > 0 ? { hint: `Minimum ${Math.max(1, line.minimumOrder - 1)} beside the split case, ${line.inventoryAvailable > 0 ? `${line.inventoryAvailable} in stock` : 'out of stock'}` } : {})}
          onChange={(value) => setQuantity(key, value)}
        />
      )}
      <p className="line-total">{formatCents(priced?.total_cents ?? unitPrice * line.quantity)}</p>
      <button
        type="button"
        className="ghost"
        onClick={() => remove(key)}
        aria-label={bottles ? `Remove the bottles of ${name} from the cart` : `Remove ${name} from the cart`}
      >
        Remove
      </button>
    </li>
  );
}
