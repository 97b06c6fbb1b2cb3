import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { product } from '../support/fixtures';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

function napaHint() {
  return screen.getByRole('group', { name: 'Free shipping from Napa Ridge Cellars' });
}

async function openCart(fake: ReturnType<typeof createFakeBridge>) {
  renderApp(fake.bridge, '#/cart');
  await screen.findByRole('heading', { name: 'Order from Napa Ridge Cellars' }, slow);
}

describe('the free-shipping hint', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('says how much more, offers the fewest cases, and goes once the order ships free', async () => {
    useCartStore.getState().add(toCartProduct(product('prod_merlot')), 1);
    const fake = createFakeBridge();
    await openCart(fake);
    const hint = napaHint();
    expect(within(hint).getByRole('status').textContent).toBe('Add $1,260.00 more for free shipping.');
    // 4 cases at least (3 of the $360 Cabernet and 1 more $240 Merlot: $1,320), the cheapest way with 4.
    const add = await within(hint).findByRole('button', { name: 'Add 3 cases of Ridge Cabernet 2019 · 750 ml for free shipping' }, slow);
    expect(within(hint).getByRole('button', { name: 'Add 1 case of Ridge Merlot 2020 · 750 ml for free shipping' })).toBeTruthy();
    expect(fake.callsTo('searchCatalog')).toContainEqual({ supplierId: 'sup_napa', inStock: true, sort: 'price_desc', limit: 500 });

    add.focus();
    fireEvent.click(add);
    expect(useCartStore.getState().lines.map((line) => [line.productId, line.quantity])).toEqual([
      ['prod_merlot', 1],
      ['prod_cab', 3],
    ]);
    expect(within(napaHint()).getByRole('status').textContent).toBe('Add $180.00 more for free shipping.');
    // The keyboard stays in the hint when the button it pressed goes.
    expect(document.activeElement).toBe(napaHint());

    const more = await within(napaHint()).findByRole('button', { name: 'Add 1 case of Ridge Merlot 2020 · 750 ml for free shipping' });
    fireEvent.click(more);
    await waitFor(() => expect(within(napaHint()).getByRole('status').textContent).toBe('This order ships free.'));
    expect(within(napaHint()).queryAllByRole('button')).toHaveLength(0);
    expect(within(screen.getByLabelText('Estimated totals for Napa Ridge Cellars')).getByText('Free')).toBeTruthy();

    // Below the threshold again (a case removed), the hint is back.
    useCartStore.getState().setQuantity('prod_merlot', 1);
    await waitFor(() => expect(within(napaHint()).getByRole('status').textContent).toBe('Add $180.00 more for free shipping.'));
  });

  it("offers the buyer's favourites of that supplier first", async () => {
    useCartStore.getState().add(toCartProduct(product('prod_merlot')), 1);
    const fake = createFakeBridge();
    await fake.bridge.setFavourite({ productId: 'prod_merlot', favourite: true });
    await openCart(fake);
    const hint = napaHint();
    expect(await within(hint).findByRole('button', { name: 'Add 6 cases of Ridge Merlot 2020 · 750 ml for free shipping' }, slow)).toBeTruthy();
    expect(within(hint).getByText('(one of your favourites)')).toBeTruthy();
    expect(within(hint).queryByRole('button', { name: /Cabernet/ })).toBeNull();
  });

  it('offers the wines of the buyer\'s order guides next, before the rest of the catalog', async () => {
    useCartStore.getState().add(toCartProduct(product('prod_merlot')), 1);
    const fake = createFakeBridge();
    const guide = await fake.bridge.createOrderGuide({ name: 'Bar', from: { kind: 'empty' } });
    if (!guide.ok) throw new Error('the fake bridge made no guide');
    await fake.bridge.setGuideLine({ id: guide.data.id, productId: 'prod_merlot', par: 6 });
    await openCart(fake);
    const hint = napaHint();
    expect(await within(hint).findByRole('button', { name: 'Add 6 cases of Ridge Merlot 2020 · 750 ml for free shipping' }, slow)).toBeTruthy();
    expect(within(hint).getByText('(from your order guide)')).toBeTruthy();
    expect(within(hint).queryByRole('button', { name: /Cabernet/ })).toBeNull();
  });
});
