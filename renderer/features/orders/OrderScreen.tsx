import { formatCents, formatDateTime } from '../../../shared/format';
import type { Route } from '../../app/routes';
import { routeHref } from '../../app/routes';
import { DataAge } from '../../components/DataAge';
import { QueryView } from '../../components/QueryView';
import { TotalsList } from '../../components/TotalsList';
import { useOrder } from './queries';
import { useWineNames } from './useWineNames';
import { STATUS_LABELS, timelineLabel } from './statusLabels';
import { TrackingPanel } from './TrackingPanel';
import { CancelOrder } from './CancelOrder';
import { useReorder } from './useReorder';
import { FavouriteStar } from '../favourites/FavouriteStar';
import { OrderLinesTable } from './OrderLinesTable';
import { substitutionEntry } from './substitutionWords';
import { OrderSheet } from './OrderSheet';
import { PrintOrderButton } from './PrintOrderButton';
import { formatDeliveryDate } from '../../../shared/delivery-days';

export default function OrderScreen({ route }: { route: Route }) {
  const id = route.screen === 'order' ? route.id : '';
  const query = useOrder(id);
  const { reorder, outcome, running } = useReorder();
  const names = useWineNames((query.data?.data.items ?? []).map((item) => ({ product_id: item.product_id, name: item.product_name })));

  return (
    <QueryView
      query={query}
      loading="Loading the order…"
      errorTitle="This order could not be loaded"
      renderError={(message) => (
        <section aria-labelledby="order-title">
          <h1 id="order-title">Order</h1>
          {message}
          <p><a href={routeHref({ screen: 'orders' })}>Back to orders</a></p>
        </section>
      )}
    >
      {({ data: order, freshness }) => (
        <article aria-labelledby="order-title" className="order">
          <p><a href={routeHref({ screen: 'orders' })}>← Orders</a></p>
          <h1 id="order-title">
            Order {order.order_number} <span className={`status status-${order.status}`}>{STATUS_LABELS[order.status]}</span>
          </h1>
          <p>
            From {order.supplier.name}, {order.supplier.address} · placed {formatDateTime(order.created_at)}
          </p>
          <DataAge freshness={freshness} label="Order" />
          <PrintOrderButton orderNumber={order.order_number} />
          <OrderSheet order={order} names={names} />
          <section aria-labelledby="order-items">
            <h2 id="order-items">Items</h2>
            <OrderLinesTable
              items={order.items}
              names={names}
              className="orders-table"
              product={(item, name) => (
                <>
                  <FavouriteStar productId={item.product_id} name={item.product_name} />{' '}
                  <a href={routeHref({ screen: 'product', id: item.product_id })}>{name}</a>
                </>
              )}
            />
            <TotalsList totals={order} label="Order totals" />
            {order.split_case_fees_cents ? (
              <p className="muted">Shipping includes {formatCents(order.split_case_fees_cents)} of split-case fees (one per line of bottles).</p>
            ) : null}
            <button type="button" onClick={() => void reorder(order)} disabled={running}>
              Reorder into the cart
            </button>
            <CancelOrder order={order} />
            {outcome ? (
              <div role="status" className="reorder-outcome">
                {outcome.added.length > 0 ? <p>Added to the cart: {outcome.added.join(', ')}. <a href={routeHref({ screen: 'cart' })}>Go to cart</a></p> : null}
                {outcome.skipped.length > 0 ? <ul className="field-error">{outcome.skipped.map((line) => <li key={line}>{line}</li>)}</ul> : null}
              </div>
            ) : null}
          </section>
          <section aria-labelledby="order-ship-to">
            <h2 id="order-ship-to">Ship to</h2>
            <address>
              {order.shipping_address.street1}
              <br />
              {order.shipping_address.city}, {order.shipping_address.state} {order.shipping_address.zip}
            </address>
            {order.requested_delivery_date ? (
              <>
                <h2>Delivery date asked for</h2>
                <p>{formatDeliveryDate(order.requested_delivery_date)}</p>
              </>
            ) : null}
            <h2>Notes</h2>
            <p>{order.buyer_notes?.trim() ? order.buyer_notes : 'No notes.'}</p>
          </section>
          {order.tracking ? <TrackingPanel tracking={order.tracking} /> : null}
          <section aria-labelledby="order-timeline">
            <h2 id="order-timeline">Timeline</h2>
            <ol className="timeline">
              {order.timeline.map((entry) => (
                <li key={`${entry.event}-${entry.timestamp}-${entry.substitution?.item_id ?? ''}`}>
                  <strong>{timelineLabel(entry.event)}</strong> <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>
                  {entry.substitution ? <p className="substitution-note">{substitutionEntry(entry.substitution)}</p> : null}
                </li>
              ))}
            </ol>
          </section>
        </article>
      )}
    </QueryView>
  );
}
