import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../shared/bridge';
import { backgroundOutboxNotices, outboxStates } from '../../../electron/core/notices/background-outbox-notices';

const entry = (id: string, state: OutboxEntry['state'], orderNumber: string | null = null) =>
  ({ id, state, supplierName: 'Hill Winery', confirmed: orderNumber ? { order_number: orderNumber } : null }) as OutboxEntry;

describe('notices for orders of an account in the background', () => {
  it('tells of an order placed or needing a look, naming the account; nothing on a first look or without a move', () => {
    const before = outboxStates([entry('out_1', 'sending'), entry('out_2', 'sending'), entry('out_3', 'queued')]);
    expect(backgroundOutboxNotices('Harbor Wines', before, [entry('out_1', 'confirmed', 'CW-240001'), entry('out_2', 'needs_review'), entry('out_3', 'queued'), entry('out_4', 'confirmed', 'CW-1')])).toEqual([
      { title: 'Order placed for Harbor Wines', body: 'The order to Hill Winery is order CW-240001.' },
      {
        title: 'An order for Harbor Wines needs a look',
        body: 'The order to Hill Winery was not placed. Switch to Harbor Wines and open the cart to fix or discard it.',
      },
    ]);
    expect(backgroundOutboxNotices('Harbor Wines', new Map(), [entry('out_1', 'confirmed', 'CW-240001')])).toEqual([]);
  });
});
