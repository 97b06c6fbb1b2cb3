import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxEntry } from '../../../../shared/bridge';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useBridge } from '../../../lib/bridgeContext';
import { errorMessage, unwrap } from '../../../lib/bridgeErrors';
import { queryKeys } from '../../../lib/queryKeys';
import { mergeOutbox } from './mergeOutbox';

/**
 * For an order the service failed on again and again (or answered unreadably): nothing in it needs
 * fixing, so the buyer sends it again as it is — with its Idempotency-Key, so it can never be
 * placed twice — or discards it.
 */
export function SendAgainReview({ entry }: { entry: OutboxEntry }) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const sendAgain = useMutation({
    mutationFn: () => unwrap(bridge.retryOutboxEntry({ id: entry.id })),
    onSuccess: (updated) => queryClient.setQueryData<OutboxEntry[]>(queryKeys.outbox, (current) => mergeOutbox(current, [updated])),
  });
  const discard = useMutation({
    mutationFn: () => unwrap(bridge.discardOutboxEntry({ id: entry.id })),
    onSuccess: () => queryClient.setQueryData<OutboxEntry[]>(queryKeys.outbox, (current) => (current ?? []).filter((other) => other.id !== entry.id)),
  });
  return (
    <div>
      <p className="field-error" role="alert">
        {entry.review?.message ?? entry.lastError ?? 'The service failed on this order.'}
      </p>
      {sendAgain.isError ? (
        <p className="field-error" role="alert">
          Could not send it again: {errorMessage(sendAgain.error)}
        </p>
      ) : null}
      {discard.isError ? (
        <p className="field-error" role="alert">
          Could not discard the order: {errorMessage(discard.error)}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" className="primary" onClick={() => sendAgain.mutate()} disabled={sendAgain.isPending}>
          Send again
        </button>
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
      </div>
    </div>
  );
}
