import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, type ServiceExtensions } from '../../../shared/bridge';
import { formatCents } from '../../../shared/format';
import type { Order } from '../../../shared/schemas';
import { createFakeBridge } from '../support/fakeBridge';
import * as fixtures from '../support/fixtures';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };
const ALL: ServiceExtensions = { cancelOrder: true, webhookDeliveries: true, webhookTest: true, webhookPause: true, orderCancelledEvent: true, orderBackups: true };
const confirmed: Order = { ...fixtures.shippedOrder, id: 'ord_conf1', order_number: 'ORD-2002', status: 'confirmed', tracking: null, shipped_at: null, timeline: fixtures.shippedOrder.timeline.slice(0, 2) };
const freshness = { asOf: '2026-11-22T08:00:00.000Z', fromCache: false };

/** A fake service that has the confirmed order and, when `extensions` says so, cancels it. */
function serviceWith(extensions: ServiceExtensions) {
  let order = confirmed;
  const fake = createFakeBridge({
    getServiceExtensions: async (input) => {
      fake.calls.push({ method: 'getServiceExtensions', input });
      return ok(extensions);
    },
    getOrder: async (input) => (input.id === order.id ? ok({ data: order, freshness }) : fail('not_found', 'No such order.')),
    cancelOrder: async (input) => {
      fake.calls.push({ method: 'cancelOrder', input });
      order = { ...order, status: 'cancelled', cancelled_at: '2026-11-23T10:00:00.000Z', timeline: [...order.timeline, { event: 'order_cancelled', timestamp: '2026-11-23T10:00:00.000Z' }] };
      return ok(order);
    },
  });
  return fake;
}

describe('cancelling an order (a service extension)', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('asks first, naming the order and its total; cancelling in the dialog changes nothing', async () => {
    const fake = serviceWith(ALL);
    renderApp(fake.bridge, '#/orders/ord_conf1');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }, slow));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order ORD-2002?' });
    expect(dialog.textContent).toContain('ORD-2002');
    expect(dialog.textContent).toContain(formatCents(confirmed.total_cents));
    // The safe choice says what it does; "Cancel" next to "Cancel this order" would read as the same act.
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.callsTo('cancelOrder')).toEqual([]);
  });

  it('cancels after confirmation: the status and the timeline show it, and the button goes', async () => {
    const fake = serviceWith(ALL);
    renderApp(fake.bridge, '#/orders/ord_conf1');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }, slow));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel this order' }));
    const heading = await screen.findByRole('heading', { name: /Order ORD-2002 Cancelled/, level: 1 }, slow);
    expect(heading).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Timeline' })).getByText('Cancelled')).toBeTruthy();
    expect(fake.callsTo('cancelOrder')).toEqual([{ id: 'ord_conf1' }]);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('a refusal (the order has shipped meanwhile) shows the order as it is now at once: badge, time, no Cancel button', async () => {
    let order = confirmed;
    const shippedAt = '2026-11-23T09:00:00.000Z';
    const readAt = ['2026-11-22T08:00:00.000Z', '2026-11-23T09:30:00.000Z'];
    let reads = 0;
    const fake = createFakeBridge({
      getServiceExtensions: async () => ok(ALL),
      getOrder: async () => ok({ data: order, freshness: { asOf: readAt[Math.min(reads++, 1)]!, fromCache: false } }),
      cancelOrder: async (input) => {
        fake.calls.push({ method: 'cancelOrder', input });
        // Shipped by the supplier while the screen was open: the service says no.
        order = { ...confirmed, status: 'shipped', shipped_at: shippedAt, tracking: fixtures.shippedOrder.tracking, timeline: fixtures.shippedOrder.timeline };
        return fail('rejected', 'Order ORD-2002 is shipped and can no longer be cancelled.');
      },
    });
    renderApp(fake.bridge, '#/orders/ord_conf1');
    await screen.findByRole('heading', { name: /Order ORD-2002 Confirmed/, level: 1 }, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel this order' }));
    // The query client of the tests never refetches by itself (staleTime Infinity): only the refusal makes it read again.
    await screen.findByRole('heading', { name: /Order ORD-2002 Shipped/, level: 1 }, slow);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.getByText(/is shipped and can no longer be cancelled/)).toBeTruthy();
    expect(screen.getByText((_content, element) => element?.tagName === 'P' && /^Order from the service, read /.test(element.textContent ?? '')).querySelector('time')?.getAttribute('datetime')).toBe(readAt[1]);
  });

  it('offline it says so and does nothing', async () => {
    const fake = serviceWith(ALL);
    renderApp(fake.bridge, '#/orders/ord_conf1');
    await screen.findByRole('button', { name: 'Cancel order' }, slow);
    act(() => fake.emit({ type: 'connectivity', online: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(/You are offline\. An order can be cancelled only while Caseworks is connected/)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.callsTo('cancelOrder')).toEqual([]);
  });

  it('shows no Cancel order where the service does not offer it', async () => {
    const without = serviceWith({ ...ALL, cancelOrder: false });
    renderApp(without.bridge, '#/orders/ord_conf1');
    await screen.findByRole('heading', { name: /Order ORD-2002/, level: 1 }, slow);
    await waitFor(() => expect(without.callsTo('getServiceExtensions').length).toBeGreaterThan(0));
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reorder into the cart' })).toBeTruthy();
  });

  it('shows no Cancel order on a shipped order', async () => {
    const fake = createFakeBridge({ getServiceExtensions: async () => ok(ALL) });
    renderApp(fake.bridge, '#/orders/ord_shipped1');
    await screen.findByRole('heading', { name: /Order ORD-1001/, level: 1 }, slow);
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });
});
