import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../../shared/bridge';
import type { OrderDraft } from '../../../shared/bridge';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { usePlacedStore } from '../../../renderer/features/cart/placedStore';
import { createFakeBridge } from '../support/fakeBridge';
import { makeProduct, product, toCatalogProduct } from '../support/fixtures';
import { placeCart } from '../support/placeCart';
import { renderApp, resetClientState } from '../support/render';

/** A paragraph by its whole text, the age in its <time> included. */
const wholeText = (text: string) => (_content: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;

const slow = { timeout: 5000 };
const sonoma = { id: 'sup_sonoma', name: 'Sonoma Coast Wines', location: 'Healdsburg, CA', total_products: 2 };

describe('the outbox in the cart', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('a refused order shows the service’s current stock and minimum, orders what is available, and offers similar wines', async () => {
    const pinot = product('prod_pinot');
    const similar = [
      makeProduct({ id: 'prod_pinot_napa', name: 'Valley Pinot Noir', varietal: 'Pinot Noir', region: 'Sonoma Coast', minimum_order: 1 }),
      makeProduct({ id: 'prod_pinot_2', name: 'Coast Pinot Noir Reserve', varietal: 'Pinot Noir', region: 'Sonoma Coast', supplier: sonoma, minimum_order: 1 }),
      makeProduct({ id: 'prod_pinot_none', name: 'Coast Pinot Noir Magnum', varietal: 'Pinot Noir', region: 'Sonoma Coast', supplier: sonoma, inventory_available: 1, minimum_order: 2 }),
    ];
    let taken = false;
    const fake = createFakeBridge({
      // Once another buyer has taken some, the service has 4 cases; the cart saw 10.
      getProduct: async ({ id }) =>
        ok({ data: { ...product(id), inventory_available: taken && id === pinot.id ? 4 : 10 }, freshness: { asOf: new Date().toISOString(), fromCache: false } }),
      searchCatalog: async (input = {}) =>
        ok({
          items: [pinot, ...similar].filter((item) => item.varietal === input.varietal && item.region === input.region).map(toCatalogProduct),
          total: 4,
          facets: { varietal: [], region: [], country: [], supplier: [], vintage: [] },
          tookMs: 1,
          freshness: { asOf: null, fromCache: true },
        }),
    });
    useCartStore.getState().add(toCartProduct(pinot), 3);
    useCartStore.getState().setQuantity(pinot.id, 6);
    await placeCart(fake.bridge);
    taken = true;

    const entry = fake.outbox[0]!;
    await fake.reject(entry.id, { code: 'insufficient_inventory', message: 'Not enough inventory for some items.', fields: [{ pointer: '/items/0/quantity', detail: 'only 4 cases available' }] });
    act(() => fake.emit({ type: 'outbox-changed', entries: fake.outbox }));
    const card = (await screen.findByRole('heading', { name: 'Order to Sonoma Coast Wines: Needs review' })).closest('li')!;

    expect(await within(card).findByText(wholeText('4 cases in stock, minimum order 3 cases — the service, just now'), undefined, slow)).toBeTruthy();
    const offered = await within(card).findByRole('list', { name: 'Similar wines (Pinot Noir, Sonoma Coast)' }, slow);
    // Same supplier first; not the refused wine itself, nor one that cannot be ordered.
    expect(within(offered).getAllByRole('link').map((link) => link.textContent)).toEqual(['Coast Pinot Noir Reserve 2019 · 750 ml', 'Valley Pinot Noir 2019 · 750 ml']);
    fireEvent.click(within(offered).getByRole('button', { name: 'Add to cart: Valley Pinot Noir 2019 · 750 ml, instead of Coast Pinot Noir 2019 · 750 ml' }));
    expect(useCartStore.getState().lines.map((line) => [line.productId, line.quantity])).toEqual([['prod_pinot_napa', 1]]);

    fireEvent.click(within(card).getByRole('button', { name: 'Order the 4 cases available' }));
    await waitFor(() => expect(fake.callsTo('updateOutboxEntry')).toEqual([{ id: entry.id, order: { ...entry.order, items: [{ product_id: pinot.id, quantity: 4 }] } }]));
  });

  it('offers no "order what is available" when what is left is below the minimum', async () => {
    const pinot = product('prod_pinot');
    let taken = false;
    const fake = createFakeBridge({
      getProduct: async ({ id }) => ok({ data: { ...product(id), inventory_available: taken ? 2 : 10 }, freshness: { asOf: new Date().toISOString(), fromCache: false } }),
    });
    useCartStore.getState().add(toCartProduct(pinot), 3);
    await placeCart(fake.bridge);
    taken = true;
    await fake.reject(fake.outbox[0]!.id, { code: 'insufficient_inventory', message: 'Not enough inventory for some items.', fields: [{ pointer: '/items/0/quantity', detail: 'only 2 cases available' }] });
    act(() => fake.emit({ type: 'outbox-changed', entries: fake.outbox }));
    const card = (await screen.findByRole('heading', { name: 'Order to Sonoma Coast Wines: Needs review' })).closest('li')!;
    await within(card).findByText(wholeText('2 cases in stock, minimum order 3 cases — the service, just now'), undefined, slow);
    expect(within(card).queryByRole('button', { name: /^Order the / })).toBeNull();
  });

  it('puts receipts of confirmed orders after the cart, with "Dismiss all"; those of an earlier session collapsed', async () => {
    const fake = createFakeBridge();
    useCartStore.getState().add(toCartProduct(product('prod_cab')), 2);
    useCartStore.getState().add(toCartProduct(product('prod_pinot')), 3);
    await placeCart(fake.bridge, 'Place 2 orders');
    for (const entry of fake.outbox) await fake.confirm(entry.id);
    act(() => fake.emit({ type: 'outbox-changed', entries: fake.outbox }));
    // Right after placing they are open; a later start of the app finds them collapsed.
    await waitFor(() => expect(screen.getByRole('region', { name: 'Receipts' }).querySelector('details')!.open).toBe(true));
    cleanup();
    usePlacedStore.setState({ ids: [], focusPending: false });
    renderApp(fake.bridge, '#/cart');

    act(() => void useCartStore.getState().add(toCartProduct(product('prod_merlot')), 1));
    const line = await screen.findByRole('link', { name: 'Ridge Merlot 2020 · 750 ml' }, slow);
    const receipts = await screen.findByRole('region', { name: 'Receipts' }, slow);
    expect(line.compareDocumentPosition(receipts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const details = receipts.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(within(receipts).getByText('2 confirmed orders, kept for seven days')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Orders on their way' })).toBeNull();

    const ids = fake.outbox.map((entry) => entry.id);
    fireEvent.click(within(receipts).getByRole('button', { name: 'Dismiss all' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Receipts' })).toBeNull());
    expect((fake.callsTo('discardOutboxEntry') as { id: string }[]).map((input) => input.id).sort()).toEqual(ids.sort());
  });

  it('after Ctrl+Enter places the order, focus goes to the orders on their way, then to the receipt, open', async () => {
    const fake = createFakeBridge();
    useCartStore.getState().add(toCartProduct(product('prod_cab')), 2);
    renderApp(fake.bridge, '#/cart');
    await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    await screen.findByText('Your cart is empty', undefined, slow);
    // Sent but not confirmed yet: the focus waits on the orders on their way, not on the page's body.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Orders on their way' })));

    const [entry] = fake.outbox;
    await fake.confirm(entry!.id);
    act(() => fake.emit({ type: 'outbox-changed', entries: fake.outbox }));
    const receipts = await screen.findByRole('region', { name: 'Receipts' }, slow);
    const receipt = within(receipts).getByRole('listitem', { name: 'Order to Napa Ridge Cellars: Confirmed' });
    await waitFor(() => expect(document.activeElement).toBe(receipt));
    expect(receipts.querySelector('details')!.open).toBe(true);
  });

  it('leaves the focus where the buyer moved it while the order was on its way', async () => {
    const fake = createFakeBridge();
    useCartStore.getState().add(toCartProduct(product('prod_cab')), 2);
    await placeCart(fake.bridge);
    await waitFor(() => expect(document.activeElement?.id).toBe('outbox-title'));
    const catalogLink = screen.getByRole('navigation', { name: 'Main' }).querySelector('a')!;
    catalogLink.focus();
    await fake.confirm(fake.outbox[0]!.id);
    act(() => fake.emit({ type: 'outbox-changed', entries: fake.outbox }));
    await screen.findByRole('region', { name: 'Receipts' }, slow);
    expect(document.activeElement).toBe(catalogLink);
  });

  it('uses a one-off ship-to address for that order only: the next cart ships to the account’s address', async () => {
    const fake = createFakeBridge();
    useCartStore.getState().add(toCartProduct(product('prod_cab')), 2);
    renderApp(fake.bridge, '#/cart');
    await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
    fireEvent.click(screen.getByRole('radio', { name: 'Another address' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Street' }), { target: { value: '99 One-off Road' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText('Your cart is empty', undefined, slow);

    act(() => void useCartStore.getState().add(toCartProduct(product('prod_merlot')), 1));
    const accountChoice = await screen.findByRole('radio', { name: /^The account's address/ }, slow);
    expect((accountChoice as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(fake.callsTo('submitOrders')).toHaveLength(2));
    const streets = (fake.callsTo('submitOrders') as { drafts: OrderDraft[] }[]).map((input) => input.drafts[0]!.order.shipping_address.street1);
    expect(streets).toEqual(['99 One-off Road', '12 Market St, Suite 4']);
  });
});
