import { useQueries } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { OutboxEntry } from '../../../../shared/bridge';
import { formatCases, formatWineName } from '../../../../shared/format';
import { useBridge } from '../../../lib/bridgeContext';
import { checkQuantity, MAX_CASES_PER_LINE } from '../../../lib/quantityRules';
import { productQuery } from '../../product/queries';
import { DiscardOrderButton } from './DiscardOrderButton';
import { useDiscardOutboxEntry, useUpdateOutboxEntry } from './mutations';
import { availableToOrder, ServiceStock } from './ServiceStock';
import { SimilarWines } from './SimilarWines';
import { FailureNote } from '../../../components/FailureNote';
import { toCartProduct } from '../cartProduct';
import { checkLineQuantity } from '../cartQuantities';
import { backupToSendAgain } from '../cartBackup';
import { ReviewDeliveryDate } from './ReviewDeliveryDate';
import { DELIVERY_DATE_REVIEW_CODE } from '../../../../shared/schemas/delivery-terms';

const itemIndexOf = (pointer: string) => {
  const match = /^\/items\/([0-9]+)/.exec(pointer);
  return match ? Number(match[1]) : null;
};

/** Lets the buyer fix the quantities of a rejected order and send it again, or discard it. */
export function ReviewEditor({ entry }: { entry: OutboxEntry }) {
  const bridge = useBridge();
  const [quantities, setQuantities] = useState(() => entry.order.items.map((item) => String(item.quantity)));
  const [removed, setRemoved] = useState<Set<number>>(() => new Set());
  const [formError, setFormError] = useState<string | null>(null);
  // Issue 26: a date refused (or whose cutoff passed) is not kept by default: the buyer chooses another, or none.
  const [deliveryDate, setDeliveryDate] = useState(() => (entry.review?.code === DELIVERY_DATE_REVIEW_CODE ? '' : (entry.order.requested_delivery_date ?? '')));
  // One read per product: its line of cases and its line of bottles (a split case) share it.
  const productIds = [...new Set(entry.order.items.map((item) => item.product_id))];
  const reads = useQueries({
    queries: productIds.map((productId) => ({
      ...productQuery(bridge, productId),
      // The refusal may be about stock or a minimum that changed: read the product again now.
      staleTime: 0,
      refetchOnMount: 'always' as const,
    })),
  });
  const products = entry.order.items.map((item) => reads[productIds.indexOf(item.product_id)]);
  const update = useUpdateOutboxEntry(entry.id);
  const discard = useDiscardOutboxEntry(entry.id);

  const fieldsByItem = new Map<number, string[]>();
  const otherFields: string[] = [];
  for (const field of entry.review?.fields ?? []) {
    const index = itemIndexOf(field.pointer);
    if (index === null) otherFields.push(field.detail);
    else fieldsByItem.set(index, [...(fieldsByItem.get(index) ?? []), field.detail]);
  }

  const lineCheck = (index: number, typed: readonly string[] = quantities) => {
    const product = products[index]?.data?.data;
    const item = entry.order.items[index];
    if (!product) return checkQuantity(typed[index] ?? '', { minimum: 1, stock: MAX_CASES_PER_LINE });
    // Cases and bottles of one product are checked together (a split case, issue 26), as the cart does.
    const unit = item?.unit ?? 'case';
    const otherIndex = entry.order.items.findIndex((other, position) => position !== index && !removed.has(position) && other.product_id === item?.product_id && (other.unit ?? 'case') !== unit);
    const other = otherIndex < 0 ? 0 : Number(typed[otherIndex]);
    return checkLineQuantity(typed[index] ?? '', unit, toCartProduct(product), Number.isInteger(other) && other > 0 ? other : 0);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(quantities);
  };

  const send = (typed: readonly string[]) => {
    const kept = entry.order.items.map((item, index) => ({ item, index })).filter(({ index }) => !removed.has(index));
    if (kept.length === 0) {
      setFormError('An order needs at least one product. Discard the order instead.');
      return;
    }
    const checks = kept.map(({ index }) => lineCheck(index, typed));
    if (checks.some((check) => !check.ok)) {
      setFormError('Fix the quantities marked below.');
      return;
    }
    setFormError(null);
    const { requested_delivery_date: _asked, ...order } = entry.order;
    update.mutate({
      ...order,
      ...(deliveryDate ? { requested_delivery_date: deliveryDate } : {}),
      items: kept.map(({ item, index }, position) => {
        const check = checks[position];
        // A line of bottles stays a line of bottles.
        return { product_id: item.product_id, quantity: check?.ok ? check.value : item.quantity, ...(item.unit ? { unit: item.unit } : {}), ...backupToSendAgain(item, index, entry.review?.fields ?? []) };
      }),
    });
  };

  return (
    <form className="review-editor" onSubmit={onSubmit} aria-label={`Fix the order to ${entry.supplierName}`}>
      {otherFields.length > 0 ? (
        <ul className="field-error">
          {otherFields.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
      {entry.order.requested_delivery_date !== undefined ? <ReviewDeliveryDate entry={entry} value={deliveryDate} onChange={setDeliveryDate} /> : null}
      <ul className="review-items">
        {entry.order.items.map((item, index) => {
          const product = products[index]?.data?.data;
          const name = product ? formatWineName({ name: product.name, vintage: product.vintage, sizeMl: product.size_ml }) : item.product_id;
          const bottles = item.unit === 'bottle';
          const available = product && !bottles ? availableToOrder(product, item.quantity) : null;
          const refused = fieldsByItem.has(index) || (product !== undefined && !bottles && product.inventory_available < item.quantity);
          const check = lineCheck(index);
          const inputId = `${entry.id}-qty-${index}`;
          if (removed.has(index)) {
            return (
              <li key={`${item.product_id}:${item.unit ?? 'case'}`} className="muted">
                {name} removed.{' '}
                <button type="button" className="link" onClick={() => setRemoved((set) => new Set([...set].filter((other) => other !== index)))}>
                  Undo
                </button>
              </li>
            );
          }
          return (
            <li key={`${item.product_id}:${item.unit ?? 'case'}`}>
              <label htmlFor={inputId}>
                {bottles ? 'Bottles' : 'Cases'} of {name}
              </label>
              <input
                id={inputId}
                inputMode="numeric"
                size={5}
                value={quantities[index] ?? ''}
                onChange={(event) => setQuantities((current) => current.map((value, other) => (other === index ? event.target.value : value)))}
                aria-invalid={!check.ok || fieldsByItem.has(index) ? true : undefined}
              />
              {product ? <ServiceStock product={product} freshness={products[index]?.data?.freshness} /> : null}
              {(fieldsByItem.get(index) ?? []).map((detail) => (
                <p key={detail} className="field-error">
                  Service: {detail}
                </p>
              ))}
              {!check.ok ? <p className="field-error">{check.message}</p> : null}
              {available !== null && String(available) !== quantities[index] ? (
                <button
                  type="button"
                  className="primary"
                  disabled={update.isPending}
                  onClick={() => {
                    const next = quantities.map((value, other) => (other === index ? String(available) : value));
                    setQuantities(next);
                    send(next);
                  }}
                >
                  Order the {formatCases(available)} available
                </button>
              ) : null}
              {product && refused ? <SimilarWines product={product} /> : null}
              {entry.order.items.length > 1 ? (
                <button type="button" className="ghost" onClick={() => setRemoved((set) => new Set([...set, index]))}>
                  Remove {bottles ? `the bottles of ${name}` : name}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {formError ? (
        <p className="field-error" role="alert">
          {formError}
        </p>
      ) : null}
      <FailureNote error={update.error} lead="Could not save the changes" />
      <FailureNote error={discard.error} lead="Could not discard the order" />
      <div className="actions">
        <button type="submit" className="primary" disabled={update.isPending}>
          Save and send again
        </button>
        <DiscardOrderButton entry={entry} discard={discard} />
      </div>
    </form>
  );
}
