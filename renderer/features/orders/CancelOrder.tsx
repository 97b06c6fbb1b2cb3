import { useState } from 'react';
import { formatCents } from '../../../shared/format';
import type { Order } from '../../../shared/schemas';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useServiceExtensions } from '../../lib/useServiceExtensions';
import { useOnline } from '../status/useOnline';
import { useCancelOrder } from './mutations';
import { FailureNote } from '../../components/FailureNote';

export const OFFLINE_CANCEL_NOTE = 'You are offline. An order can be cancelled only while Caseworks is connected to the service; nothing was changed.';

/**
 * "Cancel order" on a confirmed order, where the service offers it (an extension). Online only;
 * the order, the lists and the catalog's stock are read again after it.
 */
export function CancelOrder({ order }: { order: Order }) {
  const online = useOnline();
  const { cancelOrder: offered } = useServiceExtensions();
  const [offlineNote, setOfflineNote] = useState(false);
  const cancel = useCancelOrder(order.id);
  if (!offered) return null;
  // A refusal re-reads the order, which is then no longer confirmed: the button goes, the reason stays.
  if (order.status !== 'confirmed') return cancel.error ? <FailureNote error={cancel.error} lead="The order was not cancelled" /> : null;
  if (!online) {
    return (
      <div className="cancel-order">
        <button type="button" className="danger" onClick={() => setOfflineNote(true)}>
          Cancel order
        </button>
        {offlineNote ? (
          <p role="status" className="field-error">
            {OFFLINE_CANCEL_NOTE}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="cancel-order">
      <ConfirmDialog
        trigger={
          <button type="button" className="danger" disabled={cancel.isPending}>
            Cancel order
          </button>
        }
        title={`Cancel order ${order.order_number}?`}
        description={
          <p>
            Order <strong>{order.order_number}</strong> from {order.supplier.name}, <strong>{formatCents(order.total_cents)}</strong>, will be
            cancelled and its cases returned to the supplier&apos;s stock. This cannot be undone.
          </p>
        }
        confirmLabel="Cancel this order"
        cancelLabel="Keep the order"
        onConfirm={() => cancel.mutate()}
      />
      <FailureNote error={cancel.error} lead="The order was not cancelled" />
    </div>
  );
}
