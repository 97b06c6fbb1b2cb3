import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../shared/bridge';
import { OutboxPanel } from '../../../renderer/features/cart/outbox/OutboxPanel';
import { createFakeBridge } from '../support/fakeBridge';
import { renderWithBridge, resetClientState } from '../support/render';

const order = {
  supplier_id: 'sup_sonoma',
  items: [{ product_id: 'prod_pinot', quantity: 3 }],
  shipping_address: { street1: '12 Market St', city: 'Napa', state: 'CA' as const, zip: '94558' },
};

async function entryInReview(kind: 'failed' | 'refused', message: string) {
  const fake = createFakeBridge();
  const submitted = await fake.bridge.submitOrders({ drafts: [{ order, supplierName: 'Sonoma Coast Wines', estimatedTotalCents: 12_000 }] });
  if (!submitted.ok) throw new Error('could not queue');
  const entry: OutboxEntry = await fake.reject(submitted.data[0]!.id, { kind, code: kind === 'failed' ? 'service_error' : 'insufficient_inventory', message, fields: [] });
  renderWithBridge(<OutboxPanel entries={[entry]} />, fake.bridge);
  const heading = await screen.findByRole('heading', { name: 'Order to Sonoma Coast Wines: Needs review' });
  return { fake, entry, card: heading.closest('li')! };
}

describe('the outbox review card', () => {
  beforeEach(resetClientState);

  it('offers Send again, as it is and with the same entry, for an order the service kept failing on', async () => {
    const message = 'The service failed on this order 6 times; it was not placed. You can send it again or discard it.';
    const { fake, entry, card } = await entryInReview('failed', message);
    expect(within(card).getByText(message)).toBeTruthy();
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Save and send again' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(fake.callsTo('retryOutboxEntry')).toEqual([{ id: entry.id }]));
    expect(fake.callsTo('updateOutboxEntry')).toEqual([]);
    expect(within(card).getByRole('button', { name: 'Discard order' })).toBeTruthy();
  });

  it('asks for a fix, not a plain resend, for an order the service refused', async () => {
    const { card } = await entryInReview('refused', 'Not enough stock for Coast Pinot Noir.');
    expect(within(card).getByText(/The service did not accept this order: Not enough stock/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Save and send again' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Send again' })).toBeNull();
  });
});
