import { createPortal } from 'react-dom';
import { formatCalendarDate, formatDateTime } from '../../../shared/format';
import type { Order } from '../../../shared/schemas';
import { TotalsList } from '../../components/TotalsList';
import { OrderLinesTable } from './OrderLinesTable';
import { STATUS_LABELS } from './statusLabels';

/** The class the print stylesheet shows alone on paper (renderer/styles/print.css). */
export const ORDER_SHEET_CLASS = 'order-sheet';

/**
 * The order sheet: one order on paper — supplier, ship-to address, lines, totals, tracking — with
 * nothing of the app around it. It is rendered beside the app's root (a portal into <body>), hidden
 * on screen and from assistive technology (the screen shows the same order); when the page prints (the browser's print, or Electron's printToPDF) the print
 * stylesheet hides everything else and shows it.
 */
export function OrderSheet({ order, names }: { order: Order; names: readonly string[] }) {
  return createPortal(<OrderSheetContent order={order} names={names} />, document.body);
}

export function OrderSheetContent({ order, names }: { order: Order; names: readonly string[] }) {
  const address = order.shipping_address;
  return (
    // `hidden`: not on screen nor in the accessibility tree; the print stylesheet displays it on paper.
    <article className={ORDER_SHEET_CLASS} aria-label={`Order sheet ${order.order_number}`} hidden>
      <header className="order-sheet-header">
        <h1>Order {order.order_number}</h1>
        <p>
          {STATUS_LABELS[order.status]} · placed {formatDateTime(order.created_at)}
        </p>
      </header>
      <div className="order-sheet-parties">
        <section>
          <h2>Supplier</h2>
          <p>
            <strong>{order.supplier.name}</strong>
            <br />
            {order.supplier.address}
          </p>
        </section>
        <section>
          <h2>Ship to</h2>
          <address>
            {address.street1}
            <br />
            {address.city}, {address.state} {address.zip}
          </address>
        </section>
      </div>
      <OrderLinesTable items={order.items} names={names} className="order-sheet-lines" />
      <TotalsList totals={order} label={`Totals of order ${order.order_number}`} />
      <section>
        <h2>Tracking</h2>
        {order.tracking ? (
          <p>
            {order.tracking.carrier} {order.tracking.tracking_number}
            {order.tracking.estimated_delivery ? ` · estimated delivery ${formatCalendarDate(order.tracking.estimated_delivery)}` : ''}
            <br />
            {order.tracking.tracking_url}
          </p>
        ) : (
          <p>Not shipped yet.</p>
        )}
      </section>
      {order.buyer_notes?.trim() ? (
        <p className="order-sheet-notes">{`Notes: ${order.buyer_notes}`}</p>
      ) : null}
    </article>
  );
}
