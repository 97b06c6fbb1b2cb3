import { useMemo, useState } from 'react';
import { routeHref } from '../../app/routes';
import { EmptyState, ErrorMessage, Loading } from '../../components/QueryStates';
import { useAccount, useOutbox } from '../../lib/useSession';
import { CartGroupCard } from './CartGroupCard';
import { groupCart } from './cartGroups';
import { useCartStore } from './cartStore';
import { OutboxPanel } from './outbox/OutboxPanel';
import { ReceiptsSection } from './outbox/ReceiptsSection';
import { PLACE_ORDERS_ID, PlaceOrders } from './PlaceOrders';
import { resolveShipTo } from './shipTo';
import { ShipToForm } from './ShipToForm';
import { useFreshCartLines } from './useFreshCartLines';

export default function CartScreen() {
  const lines = useCartStore((state) => state.lines);
  const shipTo = useCartStore((state) => state.shipTo);
  const drafts = useCartStore((state) => state.drafts);
  const account = useAccount();
  const outbox = useOutbox();
  const [attempted, setAttempted] = useState(false);
  useFreshCartLines(lines);
  const groups = useMemo(() => groupCart(lines, drafts), [lines, drafts]);
  const accountAddress = account.data?.data.address;
  const shipToCheck = resolveShipTo(shipTo, accountAddress);

  return (
    <section className="cart" aria-labelledby="cart-title">
      <h1 id="cart-title">Cart</h1>
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
            <CartGroupCard key={group.supplierId} group={group} />
          ))}
          <ShipToForm accountAddress={accountAddress} errors={attempted && !shipToCheck.ok ? shipToCheck.fields : {}} />
          <PlaceOrders groups={groups} shipTo={shipToCheck} attempted={attempted} onAttempt={() => setAttempted(true)} />
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
