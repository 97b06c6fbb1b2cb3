import { useState } from 'react';
import { formatCents, formatDateTime } from '../../../shared/format';
import type { OrderStatus } from '../../../shared/schemas';
import { routeHref } from '../../app/routes';
import { DataAge } from '../../components/DataAge';
import { Pager } from '../../components/Pager';
import { EmptyState } from '../../components/QueryStates';
import { QueryView } from '../../components/QueryView';
import { ExportOrdersButton } from './ExportOrdersButton';
import { isFiltering } from './historyFilter';
import { useHistoryFilterStore } from './historyFilterStore';
import { HistoryTotals } from './HistoryTotals';
import { useOrderHistory } from './queries';
import { STATUS_LABELS } from './statusLabels';
import { useHistoryFilter } from './useHistoryFilter';

const PER_PAGE = 25;

/** The orders of a status tab that the order history filter lets through, with their totals, from the offline copy. */
export function OrderList({ status }: { status: OrderStatus | 'all' }) {
  const { filter } = useHistoryFilter(status);
  const filtering = useHistoryFilterStore((state) => isFiltering(state.fields));
  const filterKey = JSON.stringify(filter);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  // A new filter starts again at its first page.
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const query = useOrderHistory(filter, page, PER_PAGE);
  const statusWord = status === 'all' ? '' : `${STATUS_LABELS[status].toLowerCase()} `;
  return (
    <QueryView
      query={query}
      loading="Loading orders…"
      errorTitle="Orders could not be loaded"
    >
      {({ items, meta, totals, freshness }) => (
        <>
          <DataAge freshness={freshness} label="Orders" />
          {items.length === 0 ? (
            filtering ? (
              <EmptyState title={`No ${statusWord}orders match the filter`}>
                <p>Try other dates, another supplier or fewer words.</p>
              </EmptyState>
            ) : (
              <EmptyState title={status === 'all' ? 'No orders yet' : `No ${statusWord}orders`}>
                <p>
                  Orders you place from the <a href={routeHref({ screen: 'cart' })}>cart</a> appear here once the service confirms them.
                </p>
              </EmptyState>
            )
          ) : (
            <>
              <div className="history-summary">
                <HistoryTotals totals={totals} />
                <ExportOrdersButton filter={filter} orders={totals.orders} />
              </div>
              <table className="orders-table">
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Supplier</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="placed">Placed</th>
                    <th scope="col" className="num">Products</th>
                    <th scope="col" className="num">Total</th>
                    <th scope="col">Tracking</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((order) => (
                    <tr key={order.id}>
                      <td className="order-number"><a href={routeHref({ screen: 'order', id: order.id })}>{order.order_number}</a></td>
                      <td>{order.supplier.name}</td>
                      <td><span className={`status status-${order.status}`}>{STATUS_LABELS[order.status]}</span></td>
                      <td className="placed"><time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time></td>
                      <td className="num">{order.items_count}</td>
                      <td className="num">{formatCents(order.total_cents)}</td>
                      <td className="tracking">{order.tracking ? `${order.tracking.carrier} ${order.tracking.tracking_number}` : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <Pager page={meta.page} totalPages={meta.total_pages} onPage={(next) => setPaging({ filterKey, page: next })} label="Order pages" />
        </>
      )}
    </QueryView>
  );
}
