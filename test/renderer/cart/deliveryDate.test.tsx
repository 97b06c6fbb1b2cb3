import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, type OrderDraft } from '../../../shared/bridge';
import type { DeliveryTerms, Supplier } from '../../../shared/schemas';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { product, shippedOrder, suppliers } from '../support/fixtures';
import { renderApp, resetClientState } from '../support/render';

/** Issue 26.3 in the cart: next delivery, time left before the cutoff, a date to choose; and the review of a date that passed. */
// The first render of the whole app takes seconds on a loaded 2-core machine.
const slow = { timeout: 15_000 };
/** Delivers to CA on Tuesdays and Fridays; order by 14:00 Pacific the weekday before. */
const NAPA_TERMS: DeliveryTerms = { time_zone: 'America/Los_Angeles', order_cutoff: '14:00', routes: [{ state: 'CA', days: ['tue', 'fri'], lead_days: 1 }] };
/** Wednesday 25 November 2026, 10:00 in Napa. */
const NOW = Date.UTC(2026, 10, 25, 18, 0, 0);

/** The supplier as the bridge answers it from the offline copy, with or without delivery terms. */
function bridgeWith(terms: DeliveryTerms | null) {
  return createFakeBridge({
    getSupplier: async ({ id }) => {
      const found = suppliers.find((supplier) => supplier.id === id)!;
      const data: Supplier = terms ? { ...found, delivery_terms: terms } : found;
      return ok({ data, freshness: { asOf: '2026-11-25T17:00:00.000Z', fromCache: true } });
    },
  });
}

const napaGroup = () => screen.getByRole('heading', { name: 'Order from Napa Ridge Cellars' }).closest('section') as HTMLElement;

describe('delivery dates in the cart', { timeout: 45_000 }, () => {
  beforeEach(() => {
    resetClientState();
    // Only Date is fixed: React Query and the tests' waits keep real timers.
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    useCartStore.getState().add(toCartProduct(product('prod_cab')), 2);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the next delivery date and the time left before its cutoff, from the offline copy', async () => {
    renderApp(bridgeWith(NAPA_TERMS).bridge, '#/cart');
    const next = await screen.findByText(/^Next delivery:/, undefined, slow);
    expect(next.textContent).toBe('Next delivery: Friday, November 27, 2026 — order within 1 day 4 h (by 2:00 PM PST on Thursday, November 26).');
    const select = within(napaGroup()).getByLabelText('Delivery date from Napa Ridge Cellars') as HTMLSelectElement;
    const options = [...select.options].map((option) => option.textContent);
    expect(options[0]).toBe('No date asked for (Napa Ridge Cellars schedules it)');
    expect(options.slice(1, 4)).toEqual([
      'Friday, November 27, 2026 — order by 2:00 PM PST on Thursday, November 26',
      'Tuesday, December 1, 2026 — order by 2:00 PM PST on Monday, November 30',
      'Friday, December 4, 2026 — order by 2:00 PM PST on Thursday, December 3',
    ]);
    expect(select.value).toBe('');
  });

  it('skips the dates the supplier is closed, and moves a cutoff back past a closed day', async () => {
    // Closed on Thanksgiving (Thursday 26) and the Friday after.
    renderApp(bridgeWith({ ...NAPA_TERMS, closed_dates: ['2026-11-26', '2026-11-27'] }).bridge, '#/cart');
    const next = await screen.findByText(/^Next delivery:/, undefined, slow);
    expect(next.textContent).toBe('Next delivery: Tuesday, December 1, 2026 — order within 5 days 4 h (by 2:00 PM PST on Monday, November 30).');
    const select = within(napaGroup()).getByLabelText('Delivery date from Napa Ridge Cellars') as HTMLSelectElement;
    expect([...select.options].slice(1, 3).map((option) => option.textContent)).toEqual([
      'Tuesday, December 1, 2026 — order by 2:00 PM PST on Monday, November 30',
      'Friday, December 4, 2026 — order by 2:00 PM PST on Thursday, December 3',
    ]);
  });

  it('puts the chosen date and its cutoff in the order handed to the outbox; none chosen, none sent', async () => {
    const fake = bridgeWith(NAPA_TERMS);
    renderApp(fake.bridge, '#/cart');
    const select = (await within(await screen.findByRole('region', { name: 'Order from Napa Ridge Cellars' }, slow)).findByLabelText('Delivery date from Napa Ridge Cellars', undefined, slow)) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '2026-12-01' } });
    await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText('Your cart is empty', undefined, slow);
    const [submitted] = fake.callsTo('submitOrders') as Array<{ drafts: OrderDraft[] }>;
    expect(submitted?.drafts[0]?.order.requested_delivery_date).toBe('2026-12-01');
    expect(submitted?.drafts[0]?.deliveryCutoffAt).toBe('2026-11-30T22:00:00.000Z');
    expect(useCartStore.getState().deliveryDates).toEqual({});
  });

  it('blocks placing once the chosen date’s cutoff has passed, saying so next to the choice and the button', async () => {
    const fake = bridgeWith(NAPA_TERMS);
    renderApp(fake.bridge, '#/cart');
    const select = (await screen.findByLabelText('Delivery date from Napa Ridge Cellars', undefined, slow)) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '2026-11-27' } });
    await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
    // Thursday 14:00 in Napa: Friday's cutoff passes while the cart is open.
    vi.setSystemTime(Date.UTC(2026, 10, 26, 22, 0, 0));
    // Opened again, the cart reads the clock anew (open, it would within AGE_TICK_MS).
    cleanup();
    renderApp(fake.bridge, '#/cart');
    const problem = await screen.findByText(/The order cutoff for delivery on Friday, November 27, 2026 has passed/, undefined, slow);
    expect(problem.textContent).toContain('The next possible delivery date is Tuesday, December 1, 2026');
    await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(/from Napa Ridge Cellars has passed: choose another delivery date, or none\./, undefined, slow)).toBeTruthy();
    expect(fake.callsTo('submitOrders')).toEqual([]);
  });

  it('does not carry a date chosen for another ship-to state over: the buyer chooses again before placing', async () => {
    const fake = bridgeWith({ ...NAPA_TERMS, routes: [...NAPA_TERMS.routes, { state: 'OR', days: ['tue', 'fri'], lead_days: 1 }] });
    // Chosen while the orders were to go to Oregon; the cart now ships to the account's address in California.
    useCartStore.setState({ deliveryDates: { sup_napa: { date: '2026-11-27', cutoffAt: '2026-11-26T22:00:00.000Z', state: 'OR' } } });
    renderApp(fake.bridge, '#/cart');
    expect(await screen.findByText('Choose the delivery date again for the new ship-to address (it was chosen for OR).', undefined, slow)).toBeTruthy();
    expect(((await screen.findByLabelText('Delivery date from Napa Ridge Cellars')) as HTMLSelectElement).value).toBe('');
    await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Choose the delivery date from Napa Ridge Cellars again for the new ship-to address.', undefined, slow)).toBeTruthy();
    expect(fake.callsTo('submitOrders')).toEqual([]);
  });

  it('says a supplier without delivery terms schedules the delivery itself, and offers no date', async () => {
    renderApp(bridgeWith(null).bridge, '#/cart');
    expect(await screen.findByText(/Napa Ridge Cellars publishes no delivery days: the order goes without a delivery date/, undefined, slow)).toBeTruthy();
    expect(screen.queryByLabelText('Delivery date from Napa Ridge Cellars')).toBeNull();
  });

  it('a queued order whose date passed offers the possible dates (none chosen) in its review, and sends the one chosen', async () => {
    const fake = bridgeWith(NAPA_TERMS);
    renderApp(fake.bridge, '#/cart');
    const select = (await screen.findByLabelText('Delivery date from Napa Ridge Cellars', undefined, slow)) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '2026-11-27' } });
    await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText('Your cart is empty', undefined, slow);
    const entry = fake.outbox[0]!;
    await fake.reject(entry.id, {
      code: 'delivery_date_unavailable',
      message: 'The order cutoff for delivery on Friday, November 27, 2026 passed before this order could be sent, so it was not sent.',
      fields: [{ pointer: '/requested_delivery_date', detail: 'its order cutoff has passed' }],
    });
    act(() => fake.emit({ type: 'outbox-changed', entries: fake.outbox }));
    const card = (await screen.findByRole('heading', { name: 'Order to Napa Ridge Cellars: Needs review' }, slow)).closest('li')!;
    const date = (await within(card).findByLabelText('Delivery date', undefined, slow)) as HTMLSelectElement;
    expect(date.value).toBe('');
    expect(within(card).getByText('Asked for: Friday, November 27, 2026.')).toBeTruthy();
    fireEvent.change(date, { target: { value: '2026-12-01' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save and send again' }));
    await waitFor(() => expect(fake.callsTo('updateOutboxEntry')).toHaveLength(1));
    const [update] = fake.callsTo('updateOutboxEntry') as Array<{ order: { requested_delivery_date?: string } }>;
    expect(update?.order.requested_delivery_date).toBe('2026-12-01');
  });

  it('the order screen says the delivery date the order asked for', async () => {
    const fake = createFakeBridge({ getOrder: async () => ok({ data: { ...shippedOrder, requested_delivery_date: '2026-11-27' }, freshness: { asOf: null, fromCache: false } }) });
    renderApp(fake.bridge, `#/orders/${shippedOrder.id}`);
    await screen.findByRole('heading', { name: 'Delivery date asked for' }, slow);
    expect(screen.getByText('Friday, November 27, 2026')).toBeTruthy();
  });
});
