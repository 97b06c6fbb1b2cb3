import { useEffect } from 'react';
import { formatCents, formatCount } from '../../../shared/format';
import { useAddAddress } from '../addresses/mutations';
import { buildDraft, groupIsPlaceable, type CartGroup } from './cartGroups';
import { useCartStore } from './cartStore';
import { usePlacedStore } from './placedStore';
import { useSubmitOrders } from './mutations';
import { notesProblem, type ShipToCheck } from './shipTo';
import { FailureNote } from '../../components/FailureNote';
import { ZIP_STATE_CONFIRM_LABEL } from '../addresses/ZipStateNotice';
import { useServiceExtensions } from '../../lib/useServiceExtensions';
import { useNow } from '../../lib/useNow';
import { formatDeliveryDate } from '../../../shared/delivery-days';

interface Props {
  groups: CartGroup[];
  shipTo: ShipToCheck;
  /** False while the ship-to address's ZIP code and state disagree and the buyer has not said it is right as written. */
  zipStateClear?: boolean;
  /** What is wrong with the label of a one-off address to be saved for later, if anything. */
  saveLabelError?: string | null;
  onAttempt(): void;
  attempted: boolean;
}

/** The cart's primary action, which the link at the top of the cart leads to. */
export const PLACE_ORDERS_ID = 'place-orders';

/** Hands each supplier's group to the outbox as its own order; the cart keeps them until the outbox has them. */
export function PlaceOrders({ groups, shipTo, zipStateClear = true, saveLabelError = null, onAttempt, attempted }: Props) {
  const notes = useCartStore((state) => state.notes);
  const ordersPlaced = useCartStore((state) => state.ordersPlaced);
  const oneOff = useCartStore((state) => state.shipTo);
  const saveShipTo = useCartStore((state) => state.saveShipTo);
  const chooseShipTo = useCartStore((state) => state.chooseShipTo);
  const saveAddress = useAddAddress();
  const { orderBackups } = useServiceExtensions();
  const deliveryDates = useCartStore((state) => state.deliveryDates);
  // Renewed as the clock moves on, so a cutoff that passes while the cart is open blocks placing (the outbox reviews one that slips through).
  const now = useNow();
  const submit = useSubmitOrders((drafts, entries) => {
    ordersPlaced(drafts.map((draft) => draft.order.supplier_id));
    usePlacedStore.getState().placed(entries.map((entry) => entry.id));
  });

  const blocked = groups.filter((group) => !groupIsPlaceable(group));
  const grandTotal = groups.reduce((sum, group) => sum + group.totals.total_cents, 0);
  const problems = [
    ...blocked.map((group) => `Fix the quantities marked in the order from ${group.supplierName}.`),
    ...groups.filter((group) => notesProblem(notes[group.supplierId])).map((group) => `Fix the notes for ${group.supplierName}.`),
    ...(shipTo.ok ? [] : [shipTo.message]),
    ...(zipStateClear ? [] : [`The ship-to address's ZIP code and state disagree: correct one, or tick “${ZIP_STATE_CONFIRM_LABEL}”.`]),
    ...(saveLabelError ? ['Give the address to save a label, or untick “Save for later”.'] : []),
    // A chosen delivery date whose order cutoff passed while the cart was open (issue 26).
    ...groups.flatMap((group) => {
      const chosen = deliveryDates[group.supplierId];
      if (!chosen) return [];
      if (Date.parse(chosen.cutoffAt) <= now) {
        return [`The order cutoff for delivery on ${formatDeliveryDate(chosen.date)} from ${group.supplierName} has passed: choose another delivery date, or none.`];
      }
      // Chosen for another ship-to state, whose delivery days differ.
      return shipTo.ok && shipTo.address.state !== chosen.state ? [`Choose the delivery date from ${group.supplierName} again for the new ship-to address.`] : [];
    }),
  ];

  const place = () => {
    onAttempt();
    if (problems.length > 0 || !shipTo.ok) return;
    const drafts = groups.map((group) => buildDraft(group, shipTo.address, notes[group.supplierId], orderBackups, deliveryDates[group.supplierId]));
    if (oneOff && saveShipTo.save) {
      // Saved first; the cart then ships to the saved address, so trying again never saves it twice.
      saveAddress.mutate(
        { label: saveShipTo.label, address: shipTo.address },
        {
          onSuccess: (saved) => {
            chooseShipTo(saved.id);
            submit.mutate(drafts);
          },
        },
      );
      return;
    }
    submit.mutate(drafts);
  };
  // Ctrl+Enter (Cmd+Enter on a Mac) presses "Place order" from anywhere on the cart screen.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented) return;
      const button = document.getElementById(PLACE_ORDERS_ID);
      if (!(button instanceof HTMLButtonElement)) return;
      event.preventDefault();
      button.focus();
      button.click();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div className="place-orders">
      <p>
        {formatCount(groups.length, 'order', 'orders')} (one per supplier), estimated {formatCents(grandTotal)} in all.
      </p>
      {attempted && problems.length > 0 ? (
        <div className="field-error" role="alert">
          <ul aria-label="Before placing the orders">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <FailureNote error={saveAddress.error} lead="The address was not saved, and no order was placed" />
      <FailureNote error={submit.error} lead="The orders were not handed over" after="Your cart is unchanged; try again." />
      <button type="button" id={PLACE_ORDERS_ID} className="primary" onClick={place} disabled={submit.isPending || saveAddress.isPending} aria-keyshortcuts="Control+Enter Meta+Enter">
        {submit.isPending ? 'Placing…' : groups.length === 1 ? 'Place order' : `Place ${groups.length} orders`}
      </button>
    </div>
  );
}
