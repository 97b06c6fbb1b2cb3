import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail } from '../../../shared/bridge';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { product } from '../support/fixtures';
import { renderApp, resetClientState } from '../support/render';

const NOT_CARRIED = 'This wine is not carried offline: only the suppliers chosen in Settings → What to keep offline are. Its page can be read when the service can be reached.';

describe('a cart line of a wine the offline copy does not carry', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('offline, says why it could not be checked and that it can still be ordered', async () => {
    useCartStore.getState().add(toCartProduct(product('prod_pinot')), 3);
    const fake = createFakeBridge({ getProduct: async () => fail('offline', NOT_CARRIED, true) });
    renderApp(fake.bridge, '#/cart');
    const note = await screen.findByText(/^This wine is not carried offline/, undefined, { timeout: 5000 });
    expect(note.textContent).toBe(`${NOT_CARRIED} Its price and stock are as when you added it; an order of it waits in the outbox until the service is back.`);
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
  });

  it('says nothing when the line was checked', async () => {
    useCartStore.getState().add(toCartProduct(product('prod_pinot')), 3);
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/cart');
    await screen.findByRole('button', { name: 'Place order' }, { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText(/not carried offline/)).toBeNull();
  });
});
