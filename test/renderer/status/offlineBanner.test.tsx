import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeBridge } from '../support/fakeBridge';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };
const banner = () => screen.queryByText('You are offline.');

describe('offline banner', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('follows the connectivity events and toasts the change', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/account');
    await screen.findByRole('heading', { name: 'Bistro Verde', level: 1 }, slow);
    expect(banner()).toBeNull();

    act(() => fake.emit({ type: 'connectivity', online: false }));
    expect(banner()).toBeTruthy();
    act(() => fake.emit({ type: 'connectivity', online: true }));
    expect(banner()).toBeNull();
    expect(await screen.findByText('Back online')).toBeTruthy();
  });

  it('hides the sync progress while offline, where it cannot move, and shows it again online', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/account');
    await screen.findByRole('heading', { name: 'Bistro Verde', level: 1 }, slow);
    act(() => fake.emit({ type: 'sync-progress', dataset: 'account', done: 0, total: 1, finished: false }));
    expect(screen.getByText('Syncing:')).toBeTruthy();
    act(() => fake.emit({ type: 'connectivity', online: false }));
    expect(screen.queryByText('Syncing:')).toBeNull();
    act(() => fake.emit({ type: 'connectivity', online: true }));
    expect(screen.getByText('Syncing:')).toBeTruthy();
  });

  it('shows from the start when the session says offline, with the number of waiting orders', async () => {
    const fake = createFakeBridge();
    fake.setSession({ online: false });
    await fake.bridge.submitOrders({
      drafts: [
        {
          order: { supplier_id: 'sup_napa', items: [{ product_id: 'prod_cab', quantity: 2 }], shipping_address: { street1: '1 A St', city: 'X', state: 'CA', zip: '94105' } },
          supplierName: 'Napa Ridge Cellars',
          estimatedTotalCents: 1,
        },
      ],
    });
    renderApp(fake.bridge, '#/account');
    await waitFor(() => expect(banner()).toBeTruthy(), slow);
    await waitFor(() => expect(banner()!.closest('[role="status"]')!.textContent).toContain('(1 waiting now)'), slow);
  });
});
