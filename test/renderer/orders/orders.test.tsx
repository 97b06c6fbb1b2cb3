import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../shared/bridge';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

describe('orders', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('filters by status tab', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/orders');
    await screen.findByRole('link', { name: 'ORD-1001' }, slow);
    await userEvent.click(screen.getByRole('tab', { name: 'Delivered' }));
    expect(await screen.findByText('No delivered orders')).toBeTruthy();
    expect(fake.callsTo('listOrderHistory')).toContainEqual(expect.objectContaining({ status: 'delivered', page: 1, perPage: 25 }));
    await userEvent.click(screen.getByRole('tab', { name: 'Shipped' }));
    expect(await screen.findByRole('link', { name: 'ORD-1001' })).toBeTruthy();
  });

  it('shows the detail with tracking, opens the link through the bridge and reorders into the cart', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/orders/ord_shipped1');
    await screen.findByRole('heading', { name: /Order ORD-1001/, level: 1 }, slow);
    const tracking = screen.getByRole('region', { name: 'Tracking' });
    expect(within(tracking).getByText('1Z999')).toBeTruthy();
    expect(within(tracking).getByText('Nov 25, 2026')).toBeTruthy();
    expect(screen.getByText('Back door')).toBeTruthy();
    expect(screen.getByText('Shipped', { selector: 'li strong' })).toBeTruthy();

    fireEvent.click(within(tracking).getByRole('button', { name: 'Track with UPS (opens your browser)' }));
    await waitFor(() => expect(fake.callsTo('openTrackingLink')).toEqual([{ url: 'https://ups.example/track/1Z999' }]));

    fireEvent.click(screen.getByRole('button', { name: 'Reorder into the cart' }));
    expect(await screen.findByText(/Added to the cart: 2 × Ridge Cabernet 2019/)).toBeTruthy();
    expect(useCartStore.getState().lines.map((line) => [line.productId, line.quantity])).toEqual([['prod_cab', 2]]);
  });

  describe('where the page opens the tracking link itself (the browser shell)', () => {
    afterEach(() => vi.restoreAllMocks());

    async function trackFromBrowserShell() {
      const fake = createFakeBridge({ openTrackingLink: async () => ok({ outcome: 'open_in_page' as const }) });
      renderApp(fake.bridge, '#/orders/ord_shipped1');
      const tracking = await screen.findByRole('region', { name: 'Tracking' }, slow);
      fireEvent.click(within(tracking).getByRole('button', { name: 'Track with UPS (opens your browser)' }));
      return tracking;
    }

    it('opens it in a new tab that cannot reach back into the app', async () => {
      const tab = { opener: {} as unknown, location: { href: 'about:blank' } };
      const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
      const tracking = await trackFromBrowserShell();
      expect(await within(tracking).findByText('Opened in a new tab.')).toBeTruthy();
      expect(open).toHaveBeenCalledWith('', '_blank');
      expect(tab).toEqual({ opener: null, location: { href: 'https://ups.example/track/1Z999' } });
      expect(within(tracking).queryByRole('alert')).toBeNull();
    });

    it('gives the link to click when the browser blocked the tab', async () => {
      vi.spyOn(window, 'open').mockReturnValue(null);
      const tracking = await trackFromBrowserShell();
      const alert = await within(tracking).findByRole('alert');
      expect(within(alert).getByRole('link', { name: 'https://ups.example/track/1Z999' }).getAttribute('target')).toBe('_blank');
    });
  });
});
