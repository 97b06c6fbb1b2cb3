import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderDraft } from '../../../shared/bridge';
import { US_STATE_CODES } from '../../../shared/schemas';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { product } from '../support/fixtures';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

async function openCartWithOneOrder() {
  useCartStore.getState().add(toCartProduct(product('prod_pinot')), 3);
  const fake = createFakeBridge();
  renderApp(fake.bridge, '#/cart');
  await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
  return fake;
}

const place = () => fireEvent.click(screen.getByRole('button', { name: 'Place order' }));

describe('the cart applies the service’s text and state rules before anything is queued', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('offers the state as a choice of the US state codes and sends the chosen code', async () => {
    const fake = await openCartWithOneOrder();
    fireEvent.click(screen.getByRole('radio', { name: 'Another address' }));
    const state = screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement;
    expect([...state.options].map((option) => option.value)).toEqual(US_STATE_CODES);
    expect(state.value).toBe('CA');
    fireEvent.change(state, { target: { value: 'OR' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'ZIP code' }), { target: { value: '97204' } });
    place();
    await waitFor(() => expect(fake.callsTo('submitOrders')).toHaveLength(1));
    const [input] = fake.callsTo('submitOrders') as { drafts: OrderDraft[] }[];
    expect(input!.drafts[0]!.order.shipping_address.state).toBe('OR');
  });

  it('refuses a state that is not a US state code, next to the field', async () => {
    const fake = await openCartWithOneOrder();
    fireEvent.click(screen.getByRole('radio', { name: 'Another address' }));
    const shipTo = useCartStore.getState().shipTo!;
    useCartStore.getState().setShipTo({ ...shipTo, state: 'Zz9' });
    const state = (await screen.findByRole('combobox', { name: 'State' })) as HTMLSelectElement;
    expect(state.value).toBe('Zz9');
    expect(state.selectedOptions[0]?.textContent).toBe('Choose a state');
    place();
    expect(await screen.findByText('Choose the state from the list.')).toBeTruthy();
    expect(state.getAttribute('aria-invalid')).toBe('true');
    expect(fake.callsTo('submitOrders')).toHaveLength(0);
  });

  it('reads a state kept as its name as its code', async () => {
    const fake = await openCartWithOneOrder();
    fireEvent.click(screen.getByRole('radio', { name: 'Another address' }));
    useCartStore.getState().setShipTo({ ...useCartStore.getState().shipTo!, state: 'Oregon', zip: '97204' });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement).value).toBe('OR'));
    place();
    await waitFor(() => expect(fake.callsTo('submitOrders')).toHaveLength(1));
    const [input] = fake.callsTo('submitOrders') as { drafts: OrderDraft[] }[];
    expect(input!.drafts[0]!.order.shipping_address.state).toBe('OR');
  });

  it.each([
    ['a NUL', '1 Main St\u0000'],
    ['a tab', '1 Main\tSt'],
    ['an escape character', '1 Main St\u001b[2J'],
  ])('refuses a street with %s, in plain words next to the field', async (_what, street) => {
    const fake = await openCartWithOneOrder();
    fireEvent.click(screen.getByRole('radio', { name: 'Another address' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Street' }), { target: { value: street } });
    place();
    expect(
      await screen.findByText('The street has characters that cannot be sent (tabs, line breaks or other control characters); remove them.'),
    ).toBeTruthy();
    expect(fake.callsTo('submitOrders')).toHaveLength(0);
  });

  it('refuses a city over its length limit', async () => {
    const fake = await openCartWithOneOrder();
    fireEvent.click(screen.getByRole('radio', { name: 'Another address' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: 'x'.repeat(101) } });
    place();
    expect(await screen.findByText('The city is too long: at most 100 characters.')).toBeTruthy();
    expect(fake.callsTo('submitOrders')).toHaveLength(0);
  });

  it('warns of a ship-to ZIP code that is another state\'s before placing, and places only once told it is right', async () => {
    const fake = await openCartWithOneOrder();
    fireEvent.click(screen.getByRole('radio', { name: 'Another address' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Street' }), { target: { value: '55 Dock Rd' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: 'Oakland' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'NY' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'ZIP code' }), { target: { value: '94607' } });
    const shipTo = screen.getByRole('group', { name: 'Ship to' });
    expect(within(shipTo).getByRole('status').textContent).toBe('ZIP code 94607 is in California, but the state is New York. Check the state or the ZIP code.');
    place();
    expect((await screen.findByRole('list', { name: 'Before placing the orders' })).textContent).toContain("The ship-to address's ZIP code and state disagree");
    expect(fake.callsTo('submitOrders')).toHaveLength(0);

    fireEvent.click(within(shipTo).getByRole('checkbox', { name: 'The address is right as written' }));
    place();
    await waitFor(() => expect(fake.callsTo('submitOrders')).toHaveLength(1));
    const [input] = fake.callsTo('submitOrders') as { drafts: OrderDraft[] }[];
    expect(input!.drafts[0]!.order.shipping_address).toMatchObject({ city: 'Oakland', state: 'NY', zip: '94607' });
  });

  it('checks a saved address too: the one chosen is what the orders go to', async () => {
    useCartStore.getState().add(toCartProduct(product('prod_pinot')), 3);
    const fake = createFakeBridge();
    fake.setAddressBook({
      items: [{ id: 'adr_00000000-0000-4000-8000-00000000000c', label: 'Dock', address: { street1: '55 Dock Rd', city: 'Oakland', state: 'NY', zip: '94607' }, createdAt: '2026-11-20T08:00:00.000Z' }],
      defaultId: null,
      problem: null,
    });
    renderApp(fake.bridge, '#/cart');
    const shipTo = await screen.findByRole('group', { name: 'Ship to' }, slow);
    await waitFor(() => expect(within(shipTo).queryByRole('status')).toBeNull());
    fireEvent.click(await within(shipTo).findByRole('radio', { name: /^Dock/ }, slow));
    expect(within(shipTo).getByRole('status').textContent).toContain('ZIP code 94607 is in California');
    place();
    await screen.findByRole('list', { name: 'Before placing the orders' });
    expect(fake.callsTo('submitOrders')).toHaveLength(0);
  });

  it('counts the notes as they are typed and never cuts them: over the limit, it says by how much and places nothing', async () => {
    const fake = await openCartWithOneOrder();
    const notes = screen.getByRole('textbox', { name: 'Notes for Sonoma Coast Wines' }) as HTMLTextAreaElement;
    // A maxlength would let the browser drop the end of a long paste without a word.
    expect(notes.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(notes, { target: { value: 'Dock 4, ring' } });
    expect(screen.getByText('12 of 2,000 characters').id).toBe(notes.getAttribute('aria-describedby'));
    fireEvent.change(notes, { target: { value: 'n'.repeat(3000) } });
    expect(notes.value).toHaveLength(3000);
    expect(screen.getByText('3,000 of 2,000 characters')).toBeTruthy();
    expect(screen.getByText('The notes are too long: at most 2,000 characters; shorten them by 1,000 before placing. Nothing was cut.')).toBeTruthy();
    place();
    expect((await screen.findByRole('list', { name: 'Before placing the orders' })).textContent).toContain('Fix the notes for Sonoma Coast Wines.');
    expect(fake.callsTo('submitOrders')).toHaveLength(0);

    fireEvent.change(notes, { target: { value: 'n'.repeat(2000) } });
    place();
    await waitFor(() => expect(fake.callsTo('submitOrders')).toHaveLength(1));
    const [input] = fake.callsTo('submitOrders') as { drafts: OrderDraft[] }[];
    expect(input!.drafts[0]!.order.buyer_notes).toHaveLength(2000);
  });

  it('says next to the notes when they carry control characters, and sends nothing until they are fixed', async () => {
    const fake = await openCartWithOneOrder();
    const notes = screen.getByRole('textbox', { name: 'Notes for Sonoma Coast Wines' });
    fireEvent.change(notes, { target: { value: 'Dock 4\u000bring twice\u0000' } });
    const message = 'The notes have characters that cannot be sent (control characters other than tabs and line breaks); remove them.';
    expect(screen.getByText(message)).toBeTruthy();
    expect(notes.getAttribute('aria-invalid')).toBe('true');
    place();
    expect((await screen.findByRole('list', { name: 'Before placing the orders' })).textContent).toContain('Fix the notes for Sonoma Coast Wines.');
    expect(fake.callsTo('submitOrders')).toHaveLength(0);

    fireEvent.change(notes, { target: { value: 'Dock 4\n\tring twice' } });
    expect(screen.queryByText(message)).toBeNull();
    place();
    await waitFor(() => expect(fake.callsTo('submitOrders')).toHaveLength(1));
    const [input] = fake.callsTo('submitOrders') as { drafts: OrderDraft[] }[];
    expect(input!.drafts[0]!.order.buyer_notes).toBe('Dock 4\n\tring twice');
  });
});
