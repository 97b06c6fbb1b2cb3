import { dealEnded, dealRunning, usableDealPrice } from '../../../shared/deals';
import { formatCases, formatCents, formatDate } from '../../../shared/format';
import type { Product } from '../../../shared/schemas';
import { useNow } from '../../lib/useNow';

/**
 * A product's deals and split-case terms (issue 26), as its detail gives them: the deals running now
 * and those to come, each with its case price here; one that ended, or that would not lower this
 * product's price, is not shown (it prices nothing). Nothing at all when the service lists none.
 */
export function ProductDeals({ product }: { product: Product }) {
  const now = useNow();
  const deals = (product.deals ?? [])
    .filter((deal) => !dealEnded(deal, now))
    .map((deal) => ({ deal, usable: usableDealPrice(deal, product.case_price_cents) }))
    .flatMap(({ deal, usable }) => (usable.ok ? [{ deal, price: usable.price }] : []));
  if (deals.length === 0 && !product.split_case) return null;
  return (
    <section aria-labelledby="product-deals">
      <h2 id="product-deals">Deals and split cases</h2>
      {deals.length > 0 ? (
        <ul className="deal-list">
          {deals.map(({ deal, price }) => (
            <li key={deal.id}>
              <strong>{deal.title}</strong>: {formatCents(price)} a case (instead of {formatCents(product.case_price_cents)}) from{' '}
              {deal.kind === 'case' ? `${formatCases(deal.min_cases)} of this wine` : `${formatCases(deal.min_cases)} of any of ${deal.product_count} of this supplier’s wines together`}
              {dealRunning(deal, now) ? `, until ${formatDate(deal.ends_at)}` : `, from ${formatDate(deal.starts_at)} to ${formatDate(deal.ends_at)}`}.
            </li>
          ))}
        </ul>
      ) : null}
      {product.split_case ? (
        <p>
          Sold by the bottle too (a split case): {formatCents(product.bottle_price_cents)} a bottle, plus {formatCents(product.split_case.fee_cents)} per order line;{' '}
          {product.split_case.bottles_available} bottles in stock.
        </p>
      ) : null}
    </section>
  );
}
