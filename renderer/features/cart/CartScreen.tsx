import { useMemo, useState } from 'react';
import { routeHref } from '../../app/routes';
import { EmptyState, ErrorMessage, Loading } from '../../components/QueryStates';
import { useAccount } from '../account/queries';
import { OrderingFor } from '../buyer-accounts/OrderingFor';
import { useOutbox } from './outbox/queries';
import { useAddressBook } from '../addresses/queries';
import { labelProblem } from '../addresses/savedAddressForm';
import { useZipStateCheck } from '../addresses/ZipStateNotice';
import { CartGroupCard } from './CartGroupCard';
import { groupCart } from './cartGroups';
import { useCartStore } from './cartStore';
import { OutboxPanel } from './outbox/OutboxPanel';
import { PasteOrder } from './paste/PasteOrder';
import { ReceiptsSection } from './outbox/ReceiptsSection';
import { PLACE_ORDERS_ID, PlaceOrders } from './PlaceOrders';
import { chosenSavedAddress, resolveShipTo } from './shipTo';
import { ShipToForm } from './ShipToForm';
import { useFreshCartLines } from './useFreshCartLines';
import { useNow } from '../../lib/useNow';
import { useServiceExtensions } from '../../lib/useServiceExtensions';

export default function CartScreen() {
  const lines = useCartStore((state) => state.lines);
  const shipTo = useCartStore((state) => state.shipTo);
  const shipToChoice = useCartStore((state) => state.shipToChoice);
  const saveShipTo = useCartStore((state) => state.saveShipTo);
  const addressBook = useAddressBook();
  const drafts = useCartStore((state) => state.drafts);
  const account = useAccount();
  const outbox = useOutbox();
  const [attempted, setAttempted] = useState(false);
  useFreshCartLines(lines);
  // Deals price by the time they run at: the estimate is worked out again as the clock moves on.
  const now = useNow();
  const { orderBackups } = useServiceExtensions();
  const groups = useMemo(() => groupCart(lines, drafts, now, orderBackups), [lines, drafts, now, orderBackups]);
  const accountAddress = account.data?.data.address;
  const saved = chosenSavedAddress(shipToChoice, addressBook.data);
  const shipToCheck = resolveShipTo(shipTo ?? saved?.address ?? null, accountAddress);
  // "Save for later" needs a label the address book can keep.
  const saveLabelError = shipTo && saveShipTo.save ? labelProblem(saveShipTo.label) : null;
  const shipToErrors = { ...(shipToCheck.ok ? {} : shipToCheck.fields), ...(saveLabelError ? { label: saveLabelError } : {}) };
  // Whichever address the orders go to (the account's, a saved one, a one-off): ZIP code and state checked before placing.
  const zipState = useZipStateCheck(shipToCheck.ok ? shipToCheck.address : null);

  return (
    <section className="cart" aria-labelledby="cart-title">
      <h1 id="cart-title">Cart</h1>
      <OrderingFor lead="Ordering for" />
      {groups.length > 0 ? (
        <p className="cart-shortcut">
          <a
            href={`#${PLACE_ORDERS_ID}`}
            onClick={(event) => {
              event.preventDefault();
              const button = document.getElementById(PLACE_ORDERS_ID);
              button?.scrollIntoView({ block: 'center' });
              button?.focus();
            }}
          >
            Go to placing the {groups.length === 1 ? 'order' : 'orders'}
          </a>{' '}
          <span className="muted">
            (or press <kbd>Ctrl</kbd>+<kbd>Enter</kbd>)
          </span>
        </p>
      ) : null}
      {/* After the shortcut: the primary action stays one Tab from the heading. */}
      <div className="cart-tools">
        <PasteOrder />
      </div>
      {groups.length === 0 ? (
        <EmptyState title="Your cart is empty">
          <p>
            Add products from the <a href={routeHref({ screen: 'catalog' })}>catalog</a> or scan a barcode.
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="muted">The service takes one supplier per order, so each supplier below becomes its own order.</p>
          {groups.map((group) => (
            <CartGroupCard key={group.supplierId} group={group} shipState={shipToCheck.ok ? shipToCheck.address.state : null} />
          ))}
          <ShipToForm accountAddress={accountAddress} accountReading={account.isPending} addressBook={addressBook.data} errors={attempted ? shipToErrors : {}} zipState={zipState} />
          <PlaceOrders
            groups={groups}
            shipTo={shipToCheck}
            zipStateClear={zipState.clear}
            saveLabelError={saveLabelError}
            attempted={attempted}
            onAttempt={() => setAttempted(true)}
          />
        </>
      )}
      {outbox.isError ? <ErrorMessage error={outbox.error} title="The outbox could not be read" onRetry={() => void outbox.refetch()} /> : null}
      {outbox.data ? (
        <>
          <OutboxPanel entries={outbox.data} />
          <ReceiptsSection entries={outbox.data} />
        </>
      ) : outbox.isPending ? (
        <Loading label="Reading the outbox…" />
      ) : null}
    </section>
  );
}
