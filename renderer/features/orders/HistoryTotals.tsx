import { formatCases, formatCents, formatCount } from '../../../shared/format';
import type { OrderHistoryTotals } from '../../../shared/bridge';

/** The totals of the orders the filter lets through (all their pages), and what they leave out. */
export function HistoryTotals({ totals }: { totals: OrderHistoryTotals }) {
  const shown: [term: string, value: string][] = [
    ['Orders', formatCount(totals.orders - totals.cancelled, 'order', 'orders')],
    ['Cases', formatCases(totals.cases)],
    ['Subtotal', formatCents(totals.subtotalCents)],
    ['Shipping', formatCents(totals.shippingCents)],
    ['Platform fee', formatCents(totals.feeCents)],
    ['Total', formatCents(totals.totalCents)],
  ];
  return (
    <div className="history-totals">
      <dl aria-label="Totals of these orders">
        {shown.map(([term, value]) => (
          <div key={term} className={term === 'Total' ? 'total' : undefined}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {totals.cancelled > 0 ? <p className="muted">{formatCount(totals.cancelled, 'cancelled order is', 'cancelled orders are')} listed but not counted.</p> : null}
      {totals.withoutLines > 0 ? (
        <p className="muted">
          The lines of {formatCount(totals.withoutLines, 'order are', 'orders are')} not saved on this computer yet: the total counts{' '}
          {totals.withoutLines === 1 ? 'it' : 'them'}, cases, subtotal, shipping and fee do not.
        </p>
      ) : null}
    </div>
  );
}
