import type { OutboxEntry } from '../../../../shared/bridge';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { useDiscardOutboxEntry } from './mutations';

/** "Discard order", confirmed first: the order will not be sent and its products stay out of the cart. */
export function DiscardOrderButton({ entry, discard }: { entry: OutboxEntry; discard: ReturnType<typeof useDiscardOutboxEntry> }) {
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className="danger" disabled={discard.isPending}>
          Discard order
        </button>
      }
      title={`Discard the order to ${entry.supplierName}?`}
      description="It will not be sent. The products are not put back in the cart."
      confirmLabel="Discard order"
      onConfirm={() => discard.mutate()}
    />
  );
}
