import type { OutboxEntry } from '../../../../shared/bridge';
import { OutboxEntryCard } from './OutboxEntryCard';
import { sortForDisplay } from './mergeOutbox';
import { ORDERS_ON_THEIR_WAY_ID } from './useReceiptFocus';

/** Orders not yet confirmed: queued, sending, or waiting for the buyer's review. Receipts are shown apart. */
export function OutboxPanel({ entries }: { entries: readonly OutboxEntry[] }) {
  const pending = entries.filter((entry) => entry.state !== 'confirmed');
  if (pending.length === 0) return null;
  return (
    <section className="outbox" aria-labelledby="outbox-title">
      <h2 id={ORDERS_ON_THEIR_WAY_ID} tabIndex={-1}>Orders on their way</h2>
      <p className="muted">Every order waits here until the service confirms it, across restarts and sign-out.</p>
      <ul className="outbox-list">
        {sortForDisplay(pending).map((entry) => (
          <OutboxEntryCard key={`${entry.id}-${entry.updatedAt}`} entry={entry} />
        ))}
      </ul>
    </section>
  );
}
