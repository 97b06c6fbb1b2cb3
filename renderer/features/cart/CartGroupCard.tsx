import { useId } from 'react';
import { TotalsList } from '../../components/TotalsList';
import type { CartGroup } from './cartGroups';
import { CartLineRow } from './CartLineRow';
import { FreeShippingHint } from './FreeShippingHint';
import { useCartStore } from './cartStore';
import { notesProblem } from './shipTo';
import { BUYER_NOTES_MAX } from '../../../shared/schemas';
import { formatCents, formatNumber } from '../../../shared/format';
import { cartLineKey, unitOf } from './cartQuantities';
import { useServiceExtensions } from '../../lib/useServiceExtensions';
import { DeliveryDateField } from './DeliveryDateField';

/** `shipState`: the ship-to address's state, for the supplier's delivery days there (null: no usable address yet). */
export function CartGroupCard({ group, shipState = null }: { group: CartGroup; shipState?: string | null }) {
  const notes = useCartStore((state) => state.notes[group.supplierId] ?? '');
  const setNotes = useCartStore((state) => state.setNotes);
  const { orderBackups } = useServiceExtensions();
  const id = useId();
  const problem = notesProblem(notes);
  const headingId = `${id}-heading`;
  return (
    <section className="cart-group" aria-labelledby={headingId}>
      <h2 id={headingId}>Order from {group.supplierName}</h2>
      <ul className="cart-lines">
        {group.lines.map((line, index) => (
          <CartLineRow
            key={cartLineKey(line)}
            line={line}
            priced={group.priced[index]}
            hint={unitOf(line) === 'bottle' ? undefined : group.hints[line.productId]}
            problem={group.problems[cartLineKey(line)]}
            otherLine={group.lines.find((other) => other.productId === line.productId && unitOf(other) !== unitOf(line))?.quantity ?? 0}
            {...(orderBackups ? { backupAmong: group.lines } : {})}
          />
        ))}
      </ul>
      <FreeShippingHint group={group} />
      <div className="cart-group-footer">
        <DeliveryDateField supplierId={group.supplierId} supplierName={group.supplierName} shipState={shipState} />
        <div className="field">
          <label htmlFor={`${id}-notes`}>Notes for {group.supplierName}</label>
          {/* No maxLength: the browser would cut a longer paste without a word. The count says it, and placing waits. */}
          <textarea
            id={`${id}-notes`}
            value={notes}
            rows={2}
            placeholder="Delivery window, dock instructions…"
            onChange={(event) => setNotes(group.supplierId, event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-notes-count ${id}-notes-error` : `${id}-notes-count`}
          />
          <p id={`${id}-notes-count`} className={notes.length > BUYER_NOTES_MAX ? 'field-hint over-limit' : 'field-hint'}>
            {formatNumber(notes.length)} of {formatNumber(BUYER_NOTES_MAX)} characters
          </p>
          {problem ? (
            <p id={`${id}-notes-error`} className="field-error">
              {problem}
            </p>
          ) : null}
        </div>
        <TotalsList totals={group.totals} label={`Estimated totals for ${group.supplierName}`} estimated />
        {group.splitCaseFeesCents > 0 ? (
          <p className="muted">Shipping includes {formatCents(group.splitCaseFeesCents)} of split-case fees (one per line of bottles).</p>
        ) : null}
      </div>
    </section>
  );
}
