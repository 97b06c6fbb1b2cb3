import type { OutboxEntry, OutboxState } from '../../../../shared/bridge';
import { formatCases, formatCents, formatCount, formatDateTime } from '../../../../shared/format';
import { Age } from '../../../components/Age';
import { errorMessage } from '../../../lib/bridgeErrors';
import { OrderingFor } from '../../buyer-accounts/OrderingFor';
import { useRetryOutboxEntry } from './mutations';
import { OutboxItems } from './OutboxItems';
import { ReviewEditor } from './ReviewEditor';
import { formatBottles } from '../../../../shared/split-case';
import { SendAgainReview } from './SendAgainReview';

export const OUTBOX_STATE_LABELS: Record<OutboxState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  confirmed: 'Confirmed',
  needs_review: 'Needs review',
};

export function OutboxEntryCard({ entry }: { entry: OutboxEntry }) {
  const retry = useRetryOutboxEntry(entry.id);
  const cases = entry.order.items.reduce((sum, item) => sum + (item.unit === 'bottle' ? 0 : item.quantity), 0);
  const bottles = entry.order.items.reduce((sum, item) => sum + (item.unit === 'bottle' ? item.quantity : 0), 0);
  const headingId = `outbox-${entry.id}`;

  return (
    <li className={`outbox-entry state-${entry.state}`} aria-labelledby={headingId}>
      <h3 id={headingId}>
        Order to {entry.supplierName}: <span className="state-badge">{OUTBOX_STATE_LABELS[entry.state]}</span>
      </h3>
      <OrderingFor accountId={entry.accountId} />
      <p className="muted">
        {formatCount(new Set(entry.order.items.map((item) => item.product_id)).size, 'product', 'products')}, {formatCases(cases)}
        {bottles > 0 ? ` and ${formatBottles(bottles)}` : ''} · estimated{' '}
        {formatCents(entry.estimatedTotalCents)} · written <Age at={entry.createdAt} />
      </p>
      {entry.state === 'needs_review' ? null : <OutboxItems entry={entry} />}
      {entry.state === 'queued' ? (
        <div>
          <p>Stored safely on this computer; it will be sent as soon as the service can be reached.</p>
          {entry.lastError ? <p className="notice">Last try: {entry.lastError}</p> : null}
          {entry.nextAttemptAt ? <p className="muted">Next try {formatDateTime(entry.nextAttemptAt)}.</p> : null}
          <button type="button" onClick={() => retry.mutate()} disabled={retry.isPending}>
            Send now
          </button>
          {retry.isError ? <p className="field-error" role="alert">{errorMessage(retry.error)}</p> : null}
        </div>
      ) : null}
      {entry.state === 'sending' ? <p>Sending to the service…</p> : null}
      {entry.state === 'needs_review' && entry.review?.kind === 'failed' ? <SendAgainReview entry={entry} /> : null}
      {entry.state === 'needs_review' && entry.review?.kind !== 'failed' ? (
        <div>
          <p className="field-error" role="alert">
            The service did not accept this order: {entry.review?.message ?? entry.lastError ?? 'no reason given'}
          </p>
          <ReviewEditor entry={entry} />
        </div>
      ) : null}
    </li>
  );
}
