import { useId } from 'react';
import type { OutboxEntry } from '../../../../shared/bridge';
import { formatCutoff, formatDeliveryDate } from '../../../../shared/delivery-days';
import { useNow } from '../../../lib/useNow';
import { useSupplier } from '../../suppliers/queries';
import { deliveryChoiceFor } from '../deliveryChoice';

interface Props {
  entry: OutboxEntry;
  /** The date chosen in the review; '' for none. */
  value: string;
  onChange(date: string): void;
}

/** The delivery date of an order under review (issue 26): choose another of the possible ones, or none. */
export function ReviewDeliveryDate({ entry, value, onChange }: Props) {
  const id = useId();
  const now = useNow();
  const supplier = useSupplier(entry.order.supplier_id);
  const choice = deliveryChoiceFor(supplier.data?.data.delivery_terms, entry.order.shipping_address.state, null, now, entry.supplierName);
  const options = choice.kind === 'dates' ? choice.options : [];
  const asked = entry.order.requested_delivery_date;
  return (
    <div className="field review-delivery-date">
      <label htmlFor={`${id}-date`}>Delivery date</label>
      <select id={`${id}-date`} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">No date asked for ({entry.supplierName} schedules it)</option>
        {value && !options.some((option) => option.date === value) ? <option value={value}>{formatDeliveryDate(value)}</option> : null}
        {options.map((option) => (
          <option key={option.date} value={option.date}>
            {formatDeliveryDate(option.date)} — order by {choice.kind === 'dates' ? formatCutoff(choice.terms.time_zone, option.cutoffAt) : ''}
          </option>
        ))}
      </select>
      {asked ? <p className="field-hint">Asked for: {formatDeliveryDate(asked)}.</p> : null}
    </div>
  );
}
