import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { bindCartToAccount, CART_STORAGE_KEY, cartStorageKeyOf, useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { product } from '../support/fixtures';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

function withSecondAccount() {
  const fake = createFakeBridge();
  fake.addAccount({ id: 'ba_harbor', mode: 'custom', baseUrl: 'https://wine.example.com/api/v1', accountId: 'org_harbor', name: 'Harbor Wines', queuedOrders: 2 });
  return fake;
}

describe('the account switcher', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('opens with Ctrl+Shift+A, marks the active account, and switches to another in one step', async () => {
    const fake = withSecondAccount();
    renderApp(fake.bridge, '#/account');
    const trigger = await screen.findByRole('button', { name: 'Switch account' }, slow);
    expect(trigger.getAttribute('aria-keyshortcuts')).toBe('Control+Shift+A');

    fireEvent.keyDown(window, { key: 'A', code: 'KeyA', ctrlKey: true, shiftKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Switch buyer account' });
    const list = within(dialog).getByRole('list', { name: 'Buyer accounts' });
    const active = await within(list).findByRole('button', { name: /Bistro Verde/ });
    expect(active.getAttribute('aria-current')).toBe('true');
    const harbor = within(list).getByRole('button', { name: /^Harbor Wines/ });
    expect(harbor.textContent).toBe('Harbor Wines · wine.example.com · 2 orders waiting');
    expect(harbor.getAttribute('aria-current')).toBeNull();

    harbor.focus();
    fireEvent.click(harbor);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Switch buyer account' })).toBeNull());
    expect(fake.callsTo('switchBuyerAccount')).toEqual([{ id: 'ba_harbor' }]);
    const header = screen.getByRole('banner');
    await within(header).findByRole('link', { name: 'Harbor Wines' }, slow);
  });

  it('opens with Cmd+Shift+A on a Mac and closes with Escape', async () => {
    const fake = withSecondAccount();
    renderApp(fake.bridge, '#/account');
    await screen.findByRole('button', { name: 'Switch account' }, slow);
    fireEvent.keyDown(window, { key: 'a', code: 'KeyA', metaKey: true, shiftKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Switch buyer account' });
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Switch buyer account' })).toBeNull());
    expect(fake.callsTo('switchBuyerAccount')).toEqual([]);
  });

  it('names the account on the cart and on every queued order', async () => {
    const fake = createFakeBridge();
    await fake.bridge.submitOrders({
      drafts: [
        {
          order: {
            supplier_id: 'sup_napa',
            items: [{ product_id: 'prod_cab', quantity: 2 }],
            shipping_address: { street1: '1 Main St', city: 'Napa', state: 'CA', zip: '94558' },
          },
          supplierName: 'Napa Ridge Cellars',
          estimatedTotalCents: 1,
        },
      ],
    });
    renderApp(fake.bridge, '#/cart');
    await screen.findByRole('heading', { name: 'Cart', level: 1 }, slow);
    expect(screen.getByText('Ordering for', { exact: false }).textContent).toBe('Ordering for Bistro Verde');
    // The fake service has not answered it yet: on its way.
    const entry = await screen.findByRole('listitem', { name: 'Order to Napa Ridge Cellars: Sending' }, slow);
    expect(within(entry).getByText('For', { exact: false }).textContent).toBe('For Bistro Verde');
  });
});

describe('a cart per buyer account', () => {
  beforeEach(resetClientState);
  const cab = toCartProduct(product('prod_cab'));
  const pinot = toCartProduct(product('prod_pinot'));

  it("keeps each account's cart apart and brings it back on switching", () => {
    bindCartToAccount('ba_one');
    useCartStore.getState().add(cab, 2);
    useCartStore.getState().setQuantity(cab.productId, 'x');
    bindCartToAccount('ba_two');
    expect(useCartStore.getState().lines).toEqual([]);
    expect(useCartStore.getState().drafts, 'what was typed stays with its cart').toEqual({});
    useCartStore.getState().add(pinot, 3);
    bindCartToAccount('ba_one');
    expect(useCartStore.getState().lines.map((line) => [line.productId, line.quantity])).toEqual([['prod_cab', 2]]);
    bindCartToAccount('ba_two');
    expect(useCartStore.getState().lines.map((line) => [line.productId, line.quantity])).toEqual([['prod_pinot', 3]]);
    expect(localStorage.getItem(cartStorageKeyOf('ba_one'))).toContain('prod_cab');
  });

  it('gives the cart of before several accounts to the first account bound', () => {
    useCartStore.getState().add(cab, 2);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toContain('prod_cab');
    bindCartToAccount('ba_existing');
    expect(useCartStore.getState().lines.map((line) => line.productId)).toEqual(['prod_cab']);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(cartStorageKeyOf('ba_existing'))).toContain('prod_cab');
  });
});

describe('settings: buyer accounts', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  async function openAccounts(fake: ReturnType<typeof createFakeBridge>) {
    renderApp(fake.bridge, '#/settings');
    const heading = await screen.findByRole('heading', { name: 'Buyer accounts', level: 2 }, slow);
    return heading.closest('section') as HTMLElement;
  }

  it('adds an account after the test, and says specifically when the key is already added, next to the key', async () => {
    const fake = createFakeBridge();
    const section = await openAccounts(fake);
    fireEvent.click(within(section).getByRole('button', { name: 'Add a buyer account' }));
    const url = within(section).getByLabelText('Service URL') as HTMLInputElement;
    const key = within(section).getByLabelText('API key') as HTMLInputElement;
    fireEvent.change(url, { target: { value: 'https://wine.example.com/api/v1' } });
    fireEvent.change(key, { target: { value: 'sk_harbor_12345678' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Test and add' }));
    expect(await within(section).findByText('Added Buyer 2; it is the active account now.', undefined, slow)).toBeTruthy();
    expect(fake.callsTo('addBuyerAccount')).toEqual([{ baseUrl: 'https://wine.example.com/api/v1', apiKey: 'sk_harbor_12345678', allowWeakKeyStorage: false }]);

    fireEvent.click(within(section).getByRole('button', { name: 'Add a buyer account' }));
    fireEvent.change(within(section).getByLabelText('Service URL'), { target: { value: 'https://wine.example.com/api/v1' } });
    fireEvent.change(within(section).getByLabelText('API key'), { target: { value: 'sk_harbor_12345678' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Test and add' }));
    const refused = await within(section).findByText('This key is already added, as Buyer 2. Choose it in the account switcher instead.', undefined, slow);
    const keyField = within(section).getByLabelText('API key');
    expect(keyField.getAttribute('aria-describedby')).toBe(refused.id);
    await waitFor(() => expect(document.activeElement).toBe(keyField));
    expect((await fake.bridge.listBuyerAccounts({})).ok).toBe(true);
  });

  it('warns with the number of queued orders before removing an account, and removes it only when confirmed', async () => {
    const fake = withSecondAccount();
    const section = await openAccounts(fake);
    fireEvent.click(await within(section).findByRole('button', { name: 'Remove Harbor Wines' }, slow));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Harbor Wines?' });
    expect(dialog.textContent).toContain('2 orders of this account are still waiting in the outbox.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.callsTo('removeBuyerAccount')).toEqual([]);

    fireEvent.click(within(section).getByRole('button', { name: 'Remove Harbor Wines' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove account' }));
    expect(await screen.findByText('2 queued orders were kept and will be sent after you add this account again.', undefined, slow)).toBeTruthy();
    expect(fake.callsTo('removeBuyerAccount')).toEqual([{ id: 'ba_harbor' }]);
    await waitFor(() => expect(within(section).queryByText('Harbor Wines')).toBeNull());
  });
});

describe('signed out of one account while others stay', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('offers the switcher in the header, and switching signs in again', async () => {
    const fake = withSecondAccount();
    // Signing out forgets the active account; the others stay on this computer, none active.
    await fake.bridge.signOut();
    renderApp(fake.bridge, '#/catalog');
    const header = screen.getByRole('banner');
    await within(header).findByText('Signed out', undefined, slow);
    fireEvent.click(within(header).getByRole('button', { name: 'Switch account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch buyer account' });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Harbor Wines/ }));
    await within(header).findByRole('link', { name: 'Harbor Wines' }, slow);
    expect(fake.callsTo('switchBuyerAccount')).toEqual([{ id: 'ba_harbor' }]);
  });
});

describe("the demo's buyers in Settings", { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('are added from a list, without a key, and the added one becomes active', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/settings');
    const list = (await screen.findByRole('heading', { name: 'Buyers of the demo marketplace' }, slow)).closest('section') as HTMLElement;
    expect(within(list).getByText('Bistro Verde').parentElement?.textContent).toContain('added');
    fireEvent.click(within(list).getByRole('button', { name: 'Add Harbor Provisions' }));
    expect(await screen.findByText('Added Harbor Provisions; it is the active account now.', undefined, slow)).toBeTruthy();
    expect(fake.callsTo('addDemoBuyer')).toEqual([{ accountId: 'org_demo2' }]);
    expect(fake.callsTo('addBuyerAccount'), 'no key was typed').toEqual([]);
  });

  it('the browser shell says plainly which accounts come back after a restart and which need their key again', async () => {
    const fake = createFakeBridge();
    fake.setSession({ keysInMemoryOnly: true });
    renderApp(fake.bridge, '#/settings');
    const note = await screen.findByText(/keeps the list of accounts in its data folder, but never a key/, undefined, slow);
    expect(note.textContent).toContain('needs it again');
  });
});
