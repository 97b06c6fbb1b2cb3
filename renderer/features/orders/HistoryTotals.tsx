import { formatCases, formatCents, formatCount } from '../../../shared/format';
import type { OrderHistoryTotals } from '../../../shared/bridge';

/** The totals of the orders the filter lets through (all their pages), and what they leave out. */
export function HistoryTotals({ totals }: { totals: OrderHistoryTotals }) {
  const counted = totals.orders - totals.cancelled;
  return (
    <div className="history-totals">
      <dl aria-label="Totals of these orders">
        <div>
          <dt>Orders</dt>
          <dd>{formatCount(counted, 'order', 'orders')}</dd>
        </div>
        <div>
          <dt>Cases</dt>
          <dd>{formatCases(totals.cases)}</dd>
        </div>
        <div>
          <dt>Subtotal</dt>
          <dd>{formatCents(totals.subtotalCents)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{formatCents(totals.shippingCents)}</dd>
        </div>
        <div>
          <dt>Platform fee</dt>
          <dd>{formatCents(totals.feeCents)}</dd>
        </div>
        <div className="total">
          <dt>Total</dt>
          <dd>{formatCents(totals.totalCents)}</dd>
        </div>
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
