import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderDraft } from '../../../shared/bridge';
import { fail } from '../../../shared/bridge';
import { formatCents } from '../../../shared/format';
import { orderTotals } from '../../../shared/pricing';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { product } from '../support/fixtures';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

function fillCart() {
  const cart = useCartStore.getState();
  cart.add(toCartProduct(product('prod_cab')), 2);
  cart.add(toCartProduct(product('prod_pinot')), 3);
  cart.add(toCartProduct(product('prod_merlot')), 1);
  cart.setNotes('sup_sonoma', 'Side gate');
}

async function openCart(fake: ReturnType<typeof createFakeBridge>) {
  renderApp(fake.bridge, '#/cart');
  await screen.findByRole('heading', { name: 'Cart', level: 1 }, slow);
  await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
}

describe('checkout', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('sends one draft per supplier to the outbox, empties the cart and shows each order as queued', async () => {
    fillCart();
    const fake = createFakeBridge();
    await openCart(fake);
    expect(screen.getByRole('heading', { name: 'Order from Napa Ridge Cellars' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Order from Sonoma Coast Wines' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Place 2 orders' }));

    await screen.findByText('Your cart is empty', undefined, slow);
    const [input] = fake.callsTo('submitOrders') as { drafts: OrderDraft[] }[];
    expect(fake.callsTo('submitOrders')).toHaveLength(1);
    const address = { street1: '12 Market St, Suite 4', city: 'San Francisco', state: 'CA', zip: '94105' };
    expect(input!.drafts).toEqual([
      {
        order: {
          supplier_id: 'sup_napa',
          items: [
            { product_id: 'prod_cab', quantity: 2 },
            { product_id: 'prod_merlot', quantity: 1 },
          ],
          shipping_address: address,
        },
        supplierName: 'Napa Ridge Cellars',
        estimatedTotalCents: orderTotals([
          { unit_price_cents: 36_000, quantity: 2 },
          { unit_price_cents: 24_000, quantity: 1 },
        ]).total_cents,
      },
      {
        order: { supplier_id: 'sup_sonoma', items: [{ product_id: 'prod_pinot', quantity: 3 }], shipping_address: address, buyer_notes: 'Side gate' },
        supplierName: 'Sonoma Coast Wines',
        estimatedTotalCents: orderTotals([{ unit_price_cents: 30_000, quantity: 3 }]).total_cents,
      },
    ]);
    const outbox = screen.getByRole('region', { name: 'Orders on their way' });
    // The outbox sends the first at once (the fake service has not answered it); the second waits its turn.
    expect(within(outbox).getByRole('heading', { name: /^Order to Napa Ridge Cellars: (Queued|Sending)$/ })).toBeTruthy();
    expect(within(outbox).getByRole('heading', { name: 'Order to Sonoma Coast Wines: Queued' })).toBeTruthy();
  });

  it('shows the confirmed totals and points out a difference from the estimate', async () => {
    fillCart();
    const fake = createFakeBridge();
    await openCart(fake);
    fireEvent.click(screen.getByRole('button', { name: 'Place 2 orders' }));
    await screen.findByText('Your cart is empty', undefined, slow);

    const [napa, sonoma] = fake.outbox;
    await fake.confirm(napa!.id, (id) => (id === 'prod_cab' ? 37_000 : product(id).case_price_cents));
    await fake.confirm(sonoma!.id);
    act(() => fake.emit({ type: 'outbox-changed', entries: fake.outbox }));

    const napaCard = (await screen.findByRole('heading', { name: 'Order to Napa Ridge Cellars: Confirmed' })).closest('li')!;
    const confirmedTotal = orderTotals([
      { unit_price_cents: 37_000, quantity: 2 },
      { unit_price_cents: 24_000, quantity: 1 },
    ]).total_cents;
    const difference = confirmedTotal - napa!.estimatedTotalCents;
    expect(difference).toBeGreaterThan(0);
    expect(within(napaCard).getByRole('note').textContent).toContain(
      `${formatCents(confirmedTotal)}, ${formatCents(difference)} more than the estimate of ${formatCents(napa!.estimatedTotalCents)}`,
    );
    const sonomaCard = screen.getByRole('heading', { name: 'Order to Sonoma Coast Wines: Confirmed' }).closest('li')!;
    expect(within(sonomaCard).queryByRole('note')).toBeNull();
    expect(within(sonomaCard).getByRole('link', { name: /order ORD-/ })).toBeTruthy();

    fireEvent.click(within(sonomaCard).getByRole('button', { name: /^Dismiss the confirmation of order ORD-/ }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Order to Sonoma Coast Wines: Confirmed' })).toBeNull());
    expect(fake.callsTo('discardOutboxEntry')).toEqual([{ id: sonoma!.id }]);
    expect(screen.getByRole('heading', { name: 'Order to Napa Ridge Cellars: Confirmed' })).toBeTruthy();
  });

  it('lets the buyer fix an order the service sent back for review', async () => {
    fillCart();
    const fake = createFakeBridge();
    await openCart(fake);
    fireEvent.click(screen.getByRole('button', { name: 'Place 2 orders' }));
    await screen.findByText('Your cart is empty', undefined, slow);

    // The service answers in turn: the first order is placed, the second sent back.
    await fake.confirm(fake.outbox[0]!.id);
    const sonoma = fake.outbox[1]!;
    await fake.reject(sonoma.id, {
      code: 'insufficient_inventory',
      message: 'Not enough stock for Coast Pinot Noir.',
      fields: [{ pointer: '/items/0/quantity', detail: 'only 2 cases left' }],
    });
    act(() => fake.emit({ type: 'outbox-changed', entries: fake.outbox }));

    const heading = await screen.findByRole('heading', { name: 'Order to Sonoma Coast Wines: Needs review' });
    const card = heading.closest('li')!;
    expect(within(card).getByText(/Not enough stock for Coast Pinot Noir/)).toBeTruthy();
    expect(within(card).getByText('Service: only 2 cases left')).toBeTruthy();

    const quantity = await within(card).findByRole('textbox', { name: 'Cases of Coast Pinot Noir 2019 · 750 ml' }, slow);
    fireEvent.change(quantity, { target: { value: '1' } });
    expect(within(card).getByText('The minimum order is 3 cases.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Save and send again' }));
    expect(fake.callsTo('updateOutboxEntry')).toHaveLength(0);

    fireEvent.change(quantity, { target: { value: '4' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save and send again' }));
    await waitFor(() => expect(fake.callsTo('updateOutboxEntry')).toHaveLength(1));
    expect(fake.callsTo('updateOutboxEntry')[0]).toEqual({ id: sonoma.id, order: { ...sonoma.order, items: [{ product_id: 'prod_pinot', quantity: 4 }] } });
    // Back in the queue, and on its way again at once.
    await screen.findByRole('heading', { name: /^Order to Sonoma Coast Wines: (Queued|Sending)$/ });
  });

  it('does not send anything while a line breaks the minimum, and says where', async () => {
    fillCart();
    useCartStore.setState((state) => ({ lines: state.lines.map((line) => (line.productId === 'prod_pinot' ? { ...line, quantity: 1 } : line)) }));
    const fake = createFakeBridge();
    await openCart(fake);
    fireEvent.click(screen.getByRole('button', { name: 'Place 2 orders' }));
    const problems = await screen.findByRole('list', { name: 'Before placing the orders' });
    expect(problems.textContent).toContain('Fix the quantities marked in the order from Sonoma Coast Wines.');
    expect(screen.getByText(/The minimum order is 3 cases\. Change the quantity or remove this line\./)).toBeTruthy();
    expect(fake.callsTo('submitOrders')).toHaveLength(0);
  });

  it('keeps the cart when the outbox refuses the orders, with the reason by the button', async () => {
    fillCart();
    const fake = createFakeBridge({ submitOrders: async () => fail('storage_error', 'The disk is full.') });
    await openCart(fake);
    fireEvent.click(screen.getByRole('button', { name: 'Place 2 orders' }));
    expect((await screen.findByText(/The orders were not handed over: The disk is full\./)).getAttribute('role')).toBe('alert');
    expect(useCartStore.getState().lines).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Order from Napa Ridge Cellars' })).toBeTruthy();
  });

  it('validates a custom ship-to address next to its fields', async () => {
    fillCart();
    const fake = createFakeBridge();
    await openCart(fake);
    fireEvent.click(screen.getByRole('radio', { name: 'Another address' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'ZIP code' }), { target: { value: '9410' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place 2 orders' }));
    expect(await screen.findByText('Enter a US ZIP code, like 94105 or 94105-1234.')).toBeTruthy();
    expect(fake.callsTo('submitOrders')).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'ZIP code' }), { target: { value: '94107' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place 2 orders' }));
    await waitFor(() => expect(fake.callsTo('submitOrders')).toHaveLength(1));
    const [input] = fake.callsTo('submitOrders') as { drafts: OrderDraft[] }[];
    expect(input!.drafts.every((draft) => draft.order.shipping_address.zip === '94107')).toBe(true);
  });

  it('does not place a quantity the buyer typed but the cart refused', async () => {
    fillCart();
    const fake = createFakeBridge();
    await openCart(fake);
    const field = screen.getByRole('textbox', { name: 'Cases of Coast Pinot Noir 2019 · 750 ml' });
    fireEvent.change(field, { target: { value: '2' } });
    expect(screen.getByText('The minimum order is 3 cases.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place 2 orders' }));
    expect((await screen.findByRole('list', { name: 'Before placing the orders' })).textContent).toContain('Sonoma Coast Wines');
    expect(fake.callsTo('submitOrders')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place 2 orders' }));
    await waitFor(() => expect(fake.callsTo('submitOrders')).toHaveLength(1));
    const [input] = fake.callsTo('submitOrders') as { drafts: OrderDraft[] }[];
    expect(input!.drafts[1]!.order.items).toEqual([{ product_id: 'prod_pinot', quantity: 4 }]);
  });
});
