import { useId } from 'react';
import { formatCutoff, formatDeliveryDate, formatTimeLeft } from '../../../shared/delivery-days';
import { useNow } from '../../lib/useNow';
import { useSupplier } from '../suppliers/queries';
import { deliveryChoiceFor } from './deliveryChoice';
import { useCartStore } from './cartStore';

interface Props {
  supplierId: string;
  supplierName: string;
  /** The ship-to address's state; null while the cart has no usable address. */
  shipState: string | null;
}

/**
 * One supplier's delivery in the cart (issue 26): the next delivery date and the time left before
 * its order cutoff, and a choice among the dates that can be asked for. Worked out from the
 * supplier's delivery terms as the app holds them (the offline copy when offline) with the
 * service's own rule, again as the clock moves on.
 */
export function DeliveryDateField({ supplierId, supplierName, shipState }: Props) {
  const id = useId();
  const now = useNow();
  const supplier = useSupplier(supplierId);
  const chosenOption = useCartStore((state) => state.deliveryDates[supplierId] ?? null);
  const choose = useCartStore((state) => state.chooseDelivery);
  if (!supplier.data) return null;
  if (shipState === null && supplier.data.data.delivery_terms) {
    return <p className="delivery-date muted">Delivery dates from {supplierName} show once the ship-to address is complete.</p>;
  }
  // A date chosen for another ship-to state is not carried over: that state has other days.
  const staleState = chosenOption !== null && shipState !== null && chosenOption.state !== shipState;
  const chosenDate = staleState ? null : (chosenOption?.date ?? null);
  const choice = deliveryChoiceFor(supplier.data.data.delivery_terms, shipState, chosenDate, now, supplierName);
  if (choice.kind === 'none') {
    return (
      <p className="delivery-date muted">
        {choice.reason === 'no_terms'
          ? `${supplierName} publishes no delivery days: the order goes without a delivery date, and ${supplierName} schedules the delivery.`
          : `${supplierName} publishes no delivery days for ${shipState ?? 'the ship-to state'}: the order goes without a delivery date.`}
      </p>
    );
  }
  const [next] = choice.options;
  const timeZone = choice.terms.time_zone;
  const selectId = `${id}-date`;
  const selected = choice.chosen?.date ?? chosenDate ?? '';
  const problem = staleState ? `Choose the delivery date again for the new ship-to address (it was chosen for ${chosenOption.state}).` : choice.problem;
  return (
    <div className="delivery-date field">
      {next ? (
        <p id={`${id}-next`}>
          Next delivery: <strong>{formatDeliveryDate(next.date)}</strong> — order within{' '}
          <strong>{formatTimeLeft(Date.parse(next.cutoffAt) - now)}</strong> (by {formatCutoff(timeZone, next.cutoffAt)}).
        </p>
      ) : null}
      <label htmlFor={selectId}>Delivery date from {supplierName}</label>
      <select
        id={selectId}
        value={selected}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : `${id}-next`}
        onChange={(event) => {
          const option = choice.options.find((candidate) => candidate.date === event.target.value);
          choose(supplierId, option && shipState ? { ...option, state: shipState } : null);
        }}
      >
        <option value="">No date asked for ({supplierName} schedules it)</option>
        {/* A chosen date whose cutoff passed stays listed, so the select shows what was chosen beside the problem. */}
        {selected && !choice.options.some((option) => option.date === selected) ? <option value={selected}>{formatDeliveryDate(selected)} (no longer possible)</option> : null}
        {choice.options.map((option) => (
          <option key={option.date} value={option.date}>
            {formatDeliveryDate(option.date)} — order by {formatCutoff(timeZone, option.cutoffAt)}
          </option>
        ))}
      </select>
      {problem ? (
        <p id={`${id}-problem`} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
