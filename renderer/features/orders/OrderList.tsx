import { useState } from 'react';
import { formatCents, formatDateTime } from '../../../shared/format';
import type { OrderStatus } from '../../../shared/schemas';
import { routeHref } from '../../app/routes';
import { DataAge } from '../../components/DataAge';
import { Pager } from '../../components/Pager';
import { EmptyState } from '../../components/QueryStates';
import { QueryView } from '../../components/QueryView';
import { useOrders } from './queries';
import { STATUS_LABELS } from './statusLabels';

const PER_PAGE = 25;

export function OrderList({ status }: { status: OrderStatus | 'all' }) {
  const [page, setPage] = useState(1);
  const query = useOrders(status, page, PER_PAGE);
  return (
    <QueryView
      query={query}
      loading="Loading orders…"
      errorTitle="Orders could not be loaded"
    >
      {({ items, meta, freshness }) => (
        <>
          <DataAge freshness={freshness} label="Orders" />
          {items.length === 0 ? (
            <EmptyState title={status === 'all' ? 'No orders yet' : `No ${STATUS_LABELS[status].toLowerCase()} orders`}>
              <p>
                Orders you place from the <a href={routeHref({ screen: 'cart' })}>cart</a> appear here once the service confirms them.
              </p>
            </EmptyState>
          ) : (
            <table className="orders-table">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Supplier</th>
                  <th scope="col">Status</th>
                  <th scope="col">Placed</th>
                  <th scope="col" className="num">Products</th>
                  <th scope="col" className="num">Total</th>
                  <th scope="col">Tracking</th>
                </tr>
              </thead>
              <tbody>
                {items.map((order) => (
                  <tr key={order.id}>
                    <td><a href={routeHref({ screen: 'order', id: order.id })}>{order.order_number}</a></td>
                    <td>{order.supplier.name}</td>
                    <td><span className={`status status-${order.status}`}>{STATUS_LABELS[order.status]}</span></td>
                    <td>{formatDateTime(order.created_at)}</td>
                    <td className="num">{order.items_count}</td>
                    <td className="num">{formatCents(order.total_cents)}</td>
                    <td>{order.tracking ? `${order.tracking.carrier} ${order.tracking.tracking_number}` : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager page={meta.page} totalPages={meta.total_pages} onPage={setPage} label="Order pages" />
        </>
      )}
    </QueryView>
  );
}
