import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail } from '../../../shared/bridge';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { product } from '../support/fixtures';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 10_000 };

/** The cart's ship-to choice names the account's address; while the account is read it never says the address is missing. */
describe("the account's address in the cart's ship-to", { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetClientState();
    useCartStore.getState().add(toCartProduct(product('prod_cab')), 2);
  });

  it('says it is being read while the account is read, not that it was never synced', async () => {
    const { bridge } = createFakeBridge({ getAccount: () => new Promise(() => undefined) });
    renderApp(bridge, '#/cart');
    expect(await screen.findByText("The account's address (reading…)", undefined, slow)).toBeTruthy();
    expect(screen.queryByText(/not synced yet/)).toBeNull();
  });

  it('says "not synced yet" once reading found no account (offline before the first sync)', async () => {
    const { bridge } = createFakeBridge({ getAccount: async () => fail('offline', 'The account has not been synced yet and the service cannot be reached.') });
    renderApp(bridge, '#/cart');
    expect(await screen.findByText("The account's address (not synced yet)", undefined, slow)).toBeTruthy();
  });
});
