import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderDraft, SavedAddress } from '../../../shared/bridge';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { product } from '../support/fixtures';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };
const bar: SavedAddress = {
  id: 'adr_00000000-0000-4000-8000-00000000000a',
  label: 'Downtown bar',
  address: { street1: '5 Pike St', city: 'Seattle', state: 'WA', zip: '98101' },
  createdAt: '2026-11-20T08:00:00.000Z',
};
const warehouse: SavedAddress = {
  id: 'adr_00000000-0000-4000-8000-00000000000b',
  label: 'Warehouse',
  address: { street1: '9 Dock Rd', city: 'Oakland', state: 'CA', zip: '94607' },
  createdAt: '2026-11-21T08:00:00.000Z',
};

function fill(form: HTMLElement, values: { label?: string; street1?: string; city?: string; state?: string; zip?: string }) {
  const scope = within(form);
  if (values.label !== undefined) fireEvent.change(scope.getByLabelText('Label'), { target: { value: values.label } });
  if (values.street1 !== undefined) fireEvent.change(scope.getByLabelText('Street'), { target: { value: values.street1 } });
  if (values.city !== undefined) fireEvent.change(scope.getByLabelText('City'), { target: { value: values.city } });
  if (values.state !== undefined) fireEvent.change(scope.getByLabelText('State'), { target: { value: values.state } });
  if (values.zip !== undefined) fireEvent.change(scope.getByLabelText('ZIP code'), { target: { value: values.zip } });
}

describe('Settings: the address book', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('lists the account address first, then adds an address after pointing out a bad label and ZIP code', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/settings');
    const list = await screen.findByRole('list', { name: 'Ship-to addresses' }, slow);
    await within(list).findByText(/12 Market St/, undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    fill(form, { label: 'x'.repeat(61), street1: '5 Pike St', city: 'Seattle', state: 'WA', zip: '981' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('The label is too long: at most 60 characters.')).toBeTruthy();
    expect(within(form).getByText('Enter a US ZIP code, like 94105 or 94105-1234.')).toBeTruthy();
    expect(fake.callsTo('addSavedAddress')).toEqual([]);
    fill(form, { label: 'Downtown bar', zip: '98101' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    await within(list).findByText('Downtown bar');
    expect(fake.callsTo('addSavedAddress')).toEqual([{ label: 'Downtown bar', address: { street1: '5 Pike St', city: 'Seattle', state: 'WA', zip: '98101' } }]);
  });

  it('warns before saving an address whose ZIP code is another state\'s, and saves it only once told it is right', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/settings');
    const list = await screen.findByRole('list', { name: 'Ship-to addresses' }, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    fill(form, { label: 'Dock', street1: '55 Dock Rd', city: 'Oakland', state: 'NY', zip: '94607' });
    // Said as the buyer types, before any press of Save.
    expect(within(form).getByRole('status').textContent).toBe('ZIP code 94607 is in California, but the state is New York. Check the state or the ZIP code.');
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Not saved yet: correct the ZIP code or the state');
    expect(fake.callsTo('addSavedAddress')).toEqual([]);

    fireEvent.click(within(form).getByRole('checkbox', { name: 'The address is right as written' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    await within(list).findByText('Dock');
    expect(fake.callsTo('addSavedAddress')).toEqual([{ label: 'Dock', address: { street1: '55 Dock Rd', city: 'Oakland', state: 'NY', zip: '94607' } }]);
  });

  it('says nothing of a ZIP code and a state that agree, and forgets "right as written" when either changes', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/settings');
    await screen.findByRole('list', { name: 'Ship-to addresses' }, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    fill(form, { label: 'Dock', street1: '55 Dock Rd', city: 'Oakland', state: 'CA', zip: '94607' });
    expect(within(form).queryByRole('status')).toBeNull();
    fill(form, { state: 'NY' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'The address is right as written' }));
    fill(form, { zip: '94608' });
    expect((within(form).getByRole('checkbox', { name: 'The address is right as written' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    await within(form).findByRole('alert');
    expect(fake.callsTo('addSavedAddress')).toEqual([]);
  });

  it('shows a label already used next to the label', async () => {
    const fake = createFakeBridge();
    fake.setAddressBook({ items: [bar], defaultId: null, problem: null });
    renderApp(fake.bridge, '#/settings');
    await screen.findByText('Downtown bar', undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    fill(form, { label: 'Downtown bar', street1: '1 A St', city: 'Napa', state: 'CA', zip: '94558' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    const message = await within(form).findByText(/already have an address called “Downtown bar”/);
    expect(within(form).getByLabelText('Label').getAttribute('aria-describedby')).toBe(message.id);
  });

  it('edits, makes default, and deletes only after confirming', async () => {
    const fake = createFakeBridge();
    fake.setAddressBook({ items: [bar, warehouse], defaultId: null, problem: null });
    renderApp(fake.bridge, '#/settings');
    await screen.findByText('Warehouse', undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Warehouse' }));
    const form = screen.getByRole('form', { name: 'Edit Warehouse' });
    fill(form, { label: 'Main warehouse' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Main warehouse');
    fireEvent.click(screen.getByRole('button', { name: 'Make Main warehouse the default' }));
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Main warehouse' })).queryByText('Default')).toBeTruthy());
    expect(fake.callsTo('setDefaultAddress')).toEqual([{ id: warehouse.id }]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Downtown bar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(fake.callsTo('deleteSavedAddress')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Downtown bar' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Delete Downtown bar?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Downtown bar')).toBeNull());
    expect(fake.callsTo('deleteSavedAddress')).toEqual([{ id: bar.id }]);
  });

  it('says when the address book file was set aside', async () => {
    const fake = createFakeBridge();
    fake.setAddressBook({ items: [], defaultId: null, problem: 'The saved addresses file was damaged. It was kept as addresses.json.damaged-1 for support.' });
    renderApp(fake.bridge, '#/settings');
    expect(await screen.findByText(/saved addresses file was damaged/, undefined, slow)).toBeTruthy();
  });
});

describe('the cart ships to a saved address', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  async function openCart(fake: ReturnType<typeof createFakeBridge>) {
    useCartStore.getState().add(toCartProduct(product('prod_pinot')), 3);
    renderApp(fake.bridge, '#/cart');
    await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
  }
  const placed = async (fake: ReturnType<typeof createFakeBridge>) => {
    await waitFor(() => expect(fake.callsTo('submitOrders')).toHaveLength(1));
    return (fake.callsTo('submitOrders')[0] as { drafts: OrderDraft[] }).drafts[0]!.order.shipping_address;
  };

  it('starts on the default saved address and sends it', async () => {
    const fake = createFakeBridge();
    fake.setAddressBook({ items: [bar, warehouse], defaultId: warehouse.id, problem: null });
    await openCart(fake);
    const choice = await screen.findByRole('radio', { name: /^Warehouse/ });
    await waitFor(() => expect((choice as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('radio', { name: /^Downtown bar/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await placed(fake)).toEqual(bar.address);
  });

  it('does not save a one-off address unless asked: "Save for later" starts unticked', async () => {
    const fake = createFakeBridge();
    await openCart(fake);
    fireEvent.click(screen.getByRole('radio', { name: 'Another address' }));
    expect((screen.getByRole('checkbox', { name: 'Save for later' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.change(screen.getByLabelText('Street'), { target: { value: '77 Elm St' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await placed(fake)).toMatchObject({ street1: '77 Elm St' });
    expect(fake.callsTo('addSavedAddress')).toEqual([]);
    // One order only: the next cart ships to the account's address again.
    await waitFor(() => expect(useCartStore.getState().shipTo).toBeNull());
  });

  it('saves a one-off address under its label before placing, then ships to it', async () => {
    const fake = createFakeBridge();
    await openCart(fake);
    fireEvent.click(screen.getByRole('radio', { name: 'Another address' }));
    fireEvent.change(screen.getByLabelText('Street'), { target: { value: '77 Elm St' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Save for later' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Enter a label, like “Downtown bar” or “Warehouse”.')).toBeTruthy();
    expect(fake.callsTo('addSavedAddress')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Label for the saved address'), { target: { value: 'Pop-up' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await placed(fake)).toMatchObject({ street1: '77 Elm St' });
    expect(fake.callsTo('addSavedAddress')).toMatchObject([{ label: 'Pop-up', address: { street1: '77 Elm St' } }]);
  });
});
