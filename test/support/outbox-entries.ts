import type { OutboxEntry } from '../../shared/bridge';

/** An outbox entry as it stands in a file before its first send: queued, never tried. */
export function queuedOutboxEntry(fields: Pick<OutboxEntry, 'id' | 'accountId' | 'order' | 'estimatedTotalCents' | 'createdAt'>): OutboxEntry {
  return {
    ...fields,
    idempotencyKey: `key-${fields.id}`,
    supplierName: 'Hill Winery',
    state: 'queued',
    attempts: 0,
    failures: 0,
    updatedAt: fields.createdAt,
    nextAttemptAt: null,
    lastError: null,
    review: null,
    confirmed: null,
  };
}
