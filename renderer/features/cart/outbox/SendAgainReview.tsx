import type { OutboxEntry } from '../../../../shared/bridge';
import { DiscardOrderButton } from './DiscardOrderButton';
import { useDiscardOutboxEntry, useRetryOutboxEntry } from './mutations';
import { FailureNote } from '../../../components/FailureNote';

/**
 * For an order the service failed on again and again (or answered unreadably): nothing in it needs
 * fixing, so the buyer sends it again as it is — with its Idempotency-Key, so it can never be
 * placed twice — or discards it.
 */
export function SendAgainReview({ entry }: { entry: OutboxEntry }) {
  const sendAgain = useRetryOutboxEntry(entry.id);
  const discard = useDiscardOutboxEntry(entry.id);
  return (
    <div>
      <p className="field-error" role="alert">
        {entry.review?.message ?? entry.lastError ?? 'The service failed on this order.'}
      </p>
      <FailureNote error={sendAgain.error} lead="Could not send it again" />
      <FailureNote error={discard.error} lead="Could not discard the order" />
      <div className="actions">
        <button type="button" className="primary" onClick={() => sendAgain.mutate()} disabled={sendAgain.isPending}>
          Send again
        </button>
        <DiscardOrderButton entry={entry} discard={discard} />
      </div>
    </div>
  );
}
