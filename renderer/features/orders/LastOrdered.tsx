import type { LastOrdered } from '../../../shared/bridge';
import { formatCases, formatCents, formatDate } from '../../../shared/format';
import { routeHref } from '../../app/routes';
import { useLastOrdered } from './queries';

/** "Last ordered" on the product page: the day, the cases and the case price paid, and the order. */
export function LastOrderedLine({ productId }: { productId: string }) {
  const lastOrdered = useLastOrdered();
  if (!lastOrdered.data) return null;
  const last = lastOrdered.data.get(productId);
  if (!last) return <p className="last-ordered muted">Not ordered before.</p>;
  return (
    <p className="last-ordered">
      Last ordered <time dateTime={last.orderedAt}>{formatDate(last.orderedAt)}</time>: {formatCases(last.quantity)} at{' '}
      {formatCents(last.unitPriceCents)} a case (order <a href={routeHref({ screen: 'order', id: last.orderId })}>{last.orderNumber}</a>)
    </p>
  );
}

/**
 * "Last ordered" in the catalog's table: the day, and the cases × the case price paid. The list
 * reads `useLastOrdered` once and gives each row its product's: a query subscription in every row
 * was rendered again for every keystroke's results.
 */
export function LastOrderedCell({ last }: { last: LastOrdered | undefined }) {
  if (!last) return <span className="muted" aria-label="Not ordered before">—</span>;
  return (
    <>
      <time dateTime={last.orderedAt} className="last-ordered-day">{formatDate(last.orderedAt)}</time>
      <span className="muted">{last.quantity} × {formatCents(last.unitPriceCents)}</span>
    </>
  );
}

/** "Last ordered" on a catalog card: the day, and the cases × the case price paid; nothing for a product never ordered. */
export function LastOrderedNote({ last }: { last: LastOrdered | undefined }) {
  if (!last) return null;
  return (
    <p className="muted">
      Last ordered <time dateTime={last.orderedAt}>{formatDate(last.orderedAt)}</time> · {last.quantity} × {formatCents(last.unitPriceCents)}
    </p>
  );
}
