import { useState } from 'react';
import type { OutboxEntry } from '../../../../shared/bridge';
import { formatCents, formatCount } from '../../../../shared/format';
import { routeHref } from '../../../app/routes';
import { errorMessage } from '../../../lib/bridgeErrors';
import { substitutionNote } from '../../orders/substitutionWords';
import { EstimateDifference } from './EstimateDifference';
import { useDismissReceipts } from './mutations';
import { useCartStore } from '../cartStore';
import { usePlacedStore } from '../placedStore';
import { receiptElementId, useReceiptFocus } from './useReceiptFocus';

type Receipt = OutboxEntry & { confirmed: NonNullable<OutboxEntry['confirmed']> };

const isReceipt = (entry: OutboxEntry): entry is Receipt => entry.state === 'confirmed' && entry.confirmed !== null;

/** The receipts of confirmed orders, newest first. */
export function receiptsOf(entries: readonly OutboxEntry[]): Receipt[] {
  return entries.filter(isReceipt).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Receipts of confirmed orders, after the cart: they stay for seven days, and a week of them must
 * not push the cart down the screen, so they are collapsed — except right after placing, when the
 * receipt of the order just placed opens the list and takes the focus, until a new cart is begun.
 */
export function ReceiptsSection({ entries }: { entries: readonly OutboxEntry[] }) {
  const receipts = receiptsOf(entries);
  const dismiss = useDismissReceipts();
  const placedIds = usePlacedStore((state) => state.ids);
  // Until the buyer begins the next cart: then the cart leads and the receipts fold away again.
  const cartEmpty = useCartStore((state) => state.lines.length === 0);
  const justPlaced = cartEmpty ? (receipts.find((entry) => placedIds.includes(entry.id))?.id ?? null) : null;
  // Opened for each newly placed receipt; the buyer may close it again.
  const [openFor, setOpenFor] = useState<{ placed: string | null; open: boolean }>({ placed: justPlaced, open: justPlaced !== null });
  const open = openFor.placed === justPlaced ? openFor.open : justPlaced !== null;
  useReceiptFocus(justPlaced);
  if (receipts.length === 0) return null;

  return (
    <section className="receipts" aria-labelledby="receipts-title">
      <div className="receipts-header">
        <h2 id="receipts-title">Receipts</h2>
        <button type="button" className="ghost" onClick={() => dismiss.mutate(receipts.map((entry) => entry.id))} disabled={dismiss.isPending}>
          Dismiss all
        </button>
      </div>
      {dismiss.isError ? <p className="field-error" role="alert">{errorMessage(dismiss.error)}</p> : null}
      <details open={open} onToggle={(event) => setOpenFor({ placed: justPlaced, open: event.currentTarget.open })}>
        <summary>{formatCount(receipts.length, 'confirmed order', 'confirmed orders')}, kept for seven days</summary>
        <ul className="receipt-list">
          {receipts.map((entry) => (
            <li key={entry.id} id={receiptElementId(entry.id)} className="receipt" aria-labelledby={`receipt-${entry.id}`} tabIndex={-1}>
              <h3 id={`receipt-${entry.id}`}>
                Order to {entry.supplierName}: <span className="state-badge">Confirmed</span>
              </h3>
              <p>
                <a href={routeHref({ screen: 'order', id: entry.confirmed.id })}>order {entry.confirmed.order_number}</a> · total{' '}
                <span className="receipt-total">{formatCents(entry.confirmed.total_cents)}</span>
              </p>
              {entry.confirmed.total_cents !== entry.estimatedTotalCents ? (
                <EstimateDifference estimatedCents={entry.estimatedTotalCents} confirmedCents={entry.confirmed.total_cents} />
              ) : null}
              {/* Lines the service filled with their backup (issue 26): the buyer learns it here, not only on the order's screen. */}
              {entry.confirmed.items.flatMap((item) =>
                item.substitution ? [
                  <p key={item.id} className="substitution-note">
                    {item.product_name}: {substitutionNote(item.substitution)}
                  </p>,
                ] : [],
              )}
              <button
                type="button"
                className="ghost"
                onClick={() => dismiss.mutate([entry.id])}
                disabled={dismiss.isPending}
                aria-label={`Dismiss the confirmation of order ${entry.confirmed.order_number}`}
              >
                Dismiss
              </button>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
