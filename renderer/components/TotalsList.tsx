import { formatCents } from '../../shared/format';
import type { OrderTotals } from '../../shared/pricing';

export function TotalsList({ totals, label, estimated = false }: { totals: OrderTotals; label: string; estimated?: boolean }) {
  return (
    <dl className="totals" aria-label={label}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatCents(totals.subtotal_cents)}</dd>
      </div>
      <div>
        <dt>Shipping</dt>
        <dd>{totals.shipping_cents === 0 ? 'Free' : formatCents(totals.shipping_cents)}</dd>
      </div>
      <div>
        <dt>Platform fee</dt>
        <dd>{formatCents(totals.platform_fee_cents)}</dd>
      </div>
      <div className="total">
        <dt>{estimated ? 'Estimated total' : 'Total'}</dt>
        <dd>{formatCents(totals.total_cents)}</dd>
      </div>
    </dl>
  );
}
