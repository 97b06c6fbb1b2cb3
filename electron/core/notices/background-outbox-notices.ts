import type { OutboxEntry, OutboxState } from '../../../shared/bridge/outbox-entries';

/**
 * The desktop notifications for orders of a buyer account that is not the active one: its outbox
 * sends in the background, so the rep hears when an order was placed or needs a look, and for whom.
 * Only moves of entries seen before count (the first look at an outbox announces nothing).
 */
export function backgroundOutboxNotices(accountName: string, before: ReadonlyMap<string, OutboxState>, entries: readonly OutboxEntry[]): { title: string; body: string }[] {
  const notices: { title: string; body: string }[] = [];
  for (const entry of entries) {
    const previous = before.get(entry.id);
    if (previous === undefined || previous === entry.state) continue;
    if (entry.state === 'confirmed') {
      const number = entry.confirmed?.order_number;
      notices.push({ title: `Order placed for ${accountName}`, body: `The order to ${entry.supplierName}${number ? ` is order ${number}` : ' was confirmed'}.` });
    } else if (entry.state === 'needs_review') {
      notices.push({ title: `An order for ${accountName} needs a look`, body: `The order to ${entry.supplierName} was not placed. Switch to ${accountName} and open the cart to fix or discard it.` });
    }
  }
  return notices;
}

/** The states of an outbox's entries, for the next comparison. */
export const outboxStates = (entries: readonly OutboxEntry[]): Map<string, OutboxState> => new Map(entries.map((entry) => [entry.id, entry.state]));
