import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, type OrderDraft } from '../../../shared/bridge';
import { priceOrder } from '../../../shared/deals';
import { formatCents } from '../../../shared/format';
import type { Product } from '../../../shared/schemas';
import { buildDraft, groupCart, groupIsPlaceable } from '../../../renderer/features/cart/cartGroups';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { CART_STORAGE_KEY, useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { product, shippedOrder } from '../support/fixtures';
import { renderApp, resetClientState } from '../support/render';

/**
 * Issue 26 point 2 in the app: bottles of a split case in the cart, beside the cases of the same
 * product, estimated as the service prices them (shared priceOrder: bottle price × bottles, plus the
 * supplier's fee per line), sent with unit bottle, and refused in plain words where the rules say no.
 */
const slow = { timeout: 5000 };
const SPLIT = { fee_cents: 3_300, bottles_available: 40 * 12 + 7 };
/** Cabernet: 12 bottles a case, $360 a case, $30 a bottle, minimum 2 cases, 40 cases; sold by the bottle at $33 a line. */
const cabSplit: Product = { ...product('prod_cab'), split_case: SPLIT };
/** Merlot: minimum 1 case; its supplier splits cases too. */
const merlotSplit: Product = { ...product('prod_merlot'), split_case: SPLIT };
const address = { street1: '1 Pier', city: 'Oakland', state: 'CA' as const, zip: '94607' };

const linesOf = () => useCartStore.getState().lines.map((line) => [line.productId, line.unit ?? 'case', line.quantity]);

describe('split cases in the cart (issue 26)', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('holds cases and bottles of one product as two lines, estimates bottle price × bottles plus the fee per line by the shared pricing, and sends unit bottle', () => {
    const cart = useCartStore.getState();
    expect(cart.add(toCartProduct(merlotSplit), 5, 'bottle')).toEqual({ ok: true, value: 5 });
    expect(cart.add(toCartProduct(merlotSplit), 2)).toEqual({ ok: true, value: 2 });
    expect(cart.add(toCartProduct(merlotSplit), 3, 'bottle')).toEqual({ ok: true, value: 8 });
    expect(linesOf()).toEqual([
      ['prod_merlot', 'bottle', 8],
      ['prod_merlot', 'case', 2],
    ]);
    const [group] = groupCart(useCartStore.getState().lines);
    const expected = priceOrder(
      [
        { productId: 'prod_merlot', unit: 'bottle', quantity: 8, casePriceCents: 24_000, bottlePriceCents: 2_000, deals: [], splitCaseFeeCents: 3_300 },
        { productId: 'prod_merlot', unit: 'case', quantity: 2, casePriceCents: 24_000, bottlePriceCents: 2_000, deals: [], splitCaseFeeCents: 3_300 },
      ],
      Date.now(),
    );
    expect(group!.totals).toEqual(expected.totals);
    // By hand: 8 × $20 + 2 × $240 = $640; shipping $25 + 3 × $3.50 (the split case counts as one case) + the $33 fee; 2.5 % platform fee.
    expect(group!.totals).toEqual({ subtotal_cents: 64_000, shipping_cents: 2_500 + 3 * 350 + 3_300, platform_fee_cents: 1_600, total_cents: 64_000 + 6_850 + 1_600 });
    expect(group!.splitCaseFeesCents).toBe(3_300);
    expect(groupIsPlaceable(group!)).toBe(true);
    const draft = buildDraft(group!, address, undefined);
    expect(draft.order.items).toEqual([
      { product_id: 'prod_merlot', quantity: 8, unit: 'bottle' },
      { product_id: 'prod_merlot', quantity: 2 },
    ]);
    expect(draft.estimatedTotalCents).toBe(expected.totals.total_cents);
  });

  it('refuses bottles out of range, beyond the bottles in stock, below the minimum, or where the supplier does not split cases, each in plain words', () => {
    const cart = useCartStore.getState();
    const cab = toCartProduct(cabSplit);
    expect(cart.add(toCartProduct(product('prod_cab')), 3, 'bottle')).toEqual({ ok: false, message: 'Its supplier does not sell this wine by the bottle (no split cases): order it by the case.' });
    // Minimum 2 cases: bottles alone are one split case, one case short.
    expect(cart.add(cab, 3, 'bottle')).toEqual({ ok: false, message: 'The minimum order is 2 cases, a split case counting as one: add cases too.' });
    expect(cart.add(cab, 2).ok).toBe(true);
    expect(cart.add(cab, 12, 'bottle')).toEqual({ ok: false, message: 'A split case is 1 to 11 bottles; 12 bottles make a case: order whole cases as cases.' });
    expect(cart.add(cab, 0, 'bottle')).toEqual({ ok: false, message: 'Enter at least 1 bottle.' });
    expect(cart.add(cab, 3, 'bottle').ok).toBe(true);
    // With a split case beside them, one case meets the minimum of two.
    expect(cart.setQuantity('prod_cab', 1)).toEqual({ ok: true, value: 1 });
    expect(cart.setQuantity('prod_cab:bottles', '2.5')).toEqual({ ok: false, message: 'Enter a whole number of bottles (no decimals or letters).' });
    let [group] = groupCart(useCartStore.getState().lines, useCartStore.getState().drafts);
    expect(group!.problems).toEqual({ 'prod_cab:bottles': 'Enter a whole number of bottles (no decimals or letters).' });
    expect(cart.setQuantity('prod_cab:bottles', 4)).toEqual({ ok: true, value: 4 });
    // Stock counted in bottles: 487 in all, 12 of them in the one case.
    const short = toCartProduct({ ...cabSplit, split_case: { fee_cents: 3_300, bottles_available: 15 } });
    useCartStore.getState().refreshProduct(short);
    [group] = groupCart(useCartStore.getState().lines, useCartStore.getState().drafts);
    expect(group!.problems).toEqual({ 'prod_cab:bottles': 'Only 3 bottles available besides the cases.' });
    expect(groupIsPlaceable(group!)).toBe(false);
    // Removing the bottles leaves one case, below the minimum again: said on the line of cases.
    useCartStore.getState().remove('prod_cab:bottles');
    [group] = groupCart(useCartStore.getState().lines);
    expect(group!.problems).toEqual({ prod_cab: 'The minimum order is 2 cases.' });
  });

  it('keeps a line of bottles across a restart, reads a cart of before split cases (version 1) as lines of cases, and leaves out a line of an unknown unit', async () => {
    useCartStore.getState().add(toCartProduct(merlotSplit), 4, 'bottle');
    const saved = localStorage.getItem(CART_STORAGE_KEY) ?? '';
    expect(JSON.parse(saved)).toMatchObject({ version: 2, state: { lines: [{ productId: 'prod_merlot', unit: 'bottle', quantity: 4 }] } });
    useCartStore.setState({ lines: [] });
    localStorage.setItem(CART_STORAGE_KEY, saved);
    await useCartStore.persist.rehydrate();
    expect(linesOf()).toEqual([['prod_merlot', 'bottle', 4]]);

    const { splitCase: _split, deals: _deals, ...before } = toCartProduct(product('prod_cab'));
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ version: 1, state: { lines: [{ ...before, quantity: 3, priceWhenAddedCents: 36_000 }], notes: {}, shipTo: null, shipToChoice: null } }));
    await useCartStore.persist.rehydrate();
    expect(linesOf()).toEqual([['prod_cab', 'case', 3]]);
    expect(groupCart(useCartStore.getState().lines)[0]!.problems).toEqual({});

    // A line with a unit the contract does not know (a damaged file) is left out, never ordered as cases.
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ version: 2, state: { lines: [{ ...before, quantity: 3, priceWhenAddedCents: 36_000 }, { ...before, productId: 'prod_merlot', quantity: 4, priceWhenAddedCents: 2_000, unit: 'crate' }], notes: {}, shipTo: null, shipToChoice: null } }));
    await useCartStore.persist.rehydrate();
    expect(linesOf()).toEqual([['prod_cab', 'case', 3]]);
  });

  it('the product page adds bottles where the supplier splits cases, refuses a case’s worth, and says plainly where it does not', async () => {
    const fake = createFakeBridge({
      getProduct: async ({ id }) => ok({ data: id === 'prod_merlot' ? merlotSplit : product(id), freshness: { asOf: new Date().toISOString(), fromCache: false } }),
    });
    const view = renderApp(fake.bridge, '#/product/prod_merlot');
    const form = await screen.findByRole('form', { name: 'Add bottles to cart' }, slow);
    expect(within(form).getByText(`Or by the bottle (a split case): ${formatCents(2_000)} a bottle, plus ${formatCents(3_300)} for the order line.`)).toBeTruthy();
    const field = within(form).getByRole('textbox', { name: 'Bottles' });
    fireEvent.change(field, { target: { value: '12' } });
    expect(within(form).getByRole('alert').textContent).toBe('A split case is 1 to 11 bottles; 12 bottles make a case: order whole cases as cases.');
    expect((within(form).getByRole('button', { name: 'Add bottles to cart' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: '6' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add bottles to cart' }));
    await within(form).findByText(/Added 6 bottles; 6 bottles in the cart now\./);
    expect(linesOf()).toEqual([['prod_merlot', 'bottle', 6]]);
    // The form of cases counts cases: the bottles are not "6 in the cart" there.
    const casesForm = screen.getByRole('form', { name: 'Add to cart' });
    expect(casesForm.textContent).not.toContain('in the cart');
    view.unmount();

    renderApp(fake.bridge, '#/product/prod_cab');
    expect(await screen.findByText('Sold by the case only: its supplier does not sell it by the bottle (no split cases).', undefined, slow)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add bottles to cart' })).toBeNull();
  });

  it('a line of bottles whose supplier stopped splitting cases says so next to the line, and nothing is placed', async () => {
    useCartStore.getState().add(toCartProduct(merlotSplit), 2);
    useCartStore.getState().add(toCartProduct(merlotSplit), 5, 'bottle');
    // The newest detail (live or the offline copy) has no split-case terms any more.
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/cart');
    const stepper = await screen.findByRole('textbox', { name: 'Bottles of Ridge Merlot 2020 · 750 ml' }, slow);
    const line = stepper.closest('li') as HTMLElement;
    expect(await within(line).findByText('Its supplier does not sell this wine by the bottle (no split cases): order it by the case. Change the quantity or remove this line.', undefined, slow)).toBeTruthy();
    await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Fix the quantities marked in the order from Napa Ridge Cellars.')).toBeTruthy();
    expect(fake.callsTo('submitOrders')).toHaveLength(0);
    // Removed, the cases alone are placed.
    fireEvent.click(within(line).getByRole('button', { name: 'Remove the bottles of Ridge Merlot 2020 · 750 ml from the cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText('Your cart is empty', undefined, slow);
    const [input] = fake.callsTo('submitOrders') as { drafts: OrderDraft[] }[];
    expect(input!.drafts[0]!.order.items).toEqual([{ product_id: 'prod_merlot', quantity: 2 }]);
  });

  it('shows a line of bottles with its bottle price, fee and total, and places it with unit bottle and the estimate', async () => {
    useCartStore.getState().add(toCartProduct(merlotSplit), 5, 'bottle');
    const fake = createFakeBridge({
      getProduct: async ({ id }) => ok({ data: id === 'prod_merlot' ? merlotSplit : product(id), freshness: { asOf: new Date().toISOString(), fromCache: true } }),
    });
    renderApp(fake.bridge, '#/cart');
    const stepper = await screen.findByRole('textbox', { name: 'Bottles of Ridge Merlot 2020 · 750 ml' }, slow);
    const line = stepper.closest('li') as HTMLElement;
    expect(within(line).getByText(`By the bottle (a split case): ${formatCents(2_000)} a bottle`)).toBeTruthy();
    expect(within(line).getByText(`Plus a split-case fee of ${formatCents(3_300)} for this line, in shipping.`)).toBeTruthy();
    expect(within(line).getByText(formatCents(10_000)).className).toBe('line-total');
    expect(screen.getByText(`Shipping includes ${formatCents(3_300)} of split-case fees (one per line of bottles).`)).toBeTruthy();
    // Free shipping or not, the fee is charged: the hint says so. The menu counts bottles as bottles.
    expect(screen.getByText(/The split-case fees \(\$33\.00\) are charged all the same\./)).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /^Cart/ }).textContent).toContain('(5 bottles)');
    fireEvent.change(stepper, { target: { value: '11' } });
    fireEvent.change(stepper, { target: { value: '13' } });
    expect(within(line).getByRole('alert').textContent).toBe('A split case is 1 to 11 bottles; 12 bottles make a case: order whole cases as cases.');
    expect(linesOf()).toEqual([['prod_merlot', 'bottle', 11]]);
    fireEvent.change(stepper, { target: { value: '11' } });

    const total = priceOrder([{ productId: 'prod_merlot', unit: 'bottle', quantity: 11, casePriceCents: 24_000, bottlePriceCents: 2_000, deals: [], splitCaseFeeCents: 3_300 }], Date.now()).totals.total_cents;
    await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText('Your cart is empty', undefined, slow);
    const [input] = fake.callsTo('submitOrders') as { drafts: OrderDraft[] }[];
    expect(input!.drafts[0]).toMatchObject({ order: { items: [{ product_id: 'prod_merlot', quantity: 11, unit: 'bottle' }] }, estimatedTotalCents: total });
    // On its way, the order says bottles.
    expect(await screen.findByText('11 bottles × Ridge Merlot 2020 · 750 ml', undefined, slow)).toBeTruthy();
  });

  it('an order refused because the supplier stopped splitting cases shows the service’s words next to the line of bottles; fixed, it keeps each line’s unit', async () => {
    useCartStore.getState().add(toCartProduct(merlotSplit), 2);
    useCartStore.getState().add(toCartProduct(merlotSplit), 5, 'bottle');
    let splits = true;
    const fake = createFakeBridge({
      getProduct: async ({ id }) => ok({ data: id === 'prod_merlot' && splits ? merlotSplit : product(id), freshness: { asOf: new Date().toISOString(), fromCache: false } }),
    });
    renderApp(fake.bridge, '#/cart');
    await screen.findByRole('textbox', { name: 'Bottles of Ridge Merlot 2020 · 750 ml' }, slow);
    await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText('Your cart is empty', undefined, slow);
    const entry = fake.outbox[0]!;
    expect(entry.order.items).toEqual([
      { product_id: 'prod_merlot', quantity: 2 },
      { product_id: 'prod_merlot', quantity: 5, unit: 'bottle' },
    ]);

    splits = false;
    await fake.reject(entry.id, {
      code: 'split_case_not_allowed',
      message: 'Some products are not sold by the bottle.',
      fields: [{ pointer: '/items/1/unit', detail: 'is sold by the case only: its supplier does not split cases' }],
    });
    act(() => fake.emit({ type: 'outbox-changed', entries: fake.outbox }));
    const card = (await screen.findByRole('heading', { name: 'Order to Napa Ridge Cellars: Needs review' })).closest('li')!;
    const bottles = within(card).getByRole('textbox', { name: 'Bottles of Ridge Merlot 2020 · 750 ml' }).closest('li') as HTMLElement;
    expect(within(bottles).getByText('Service: is sold by the case only: its supplier does not split cases')).toBeTruthy();
    expect(await within(bottles).findByText('Its supplier does not sell this wine by the bottle (no split cases): order it by the case.', undefined, slow)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Save and send again' }));
    expect(await within(card).findByText('Fix the quantities marked below.')).toBeTruthy();
    expect(fake.callsTo('updateOutboxEntry')).toHaveLength(0);

    fireEvent.click(within(bottles).getByRole('button', { name: 'Remove the bottles of Ridge Merlot 2020 · 750 ml' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Save and send again' }));
    await waitFor(() => expect(fake.callsTo('updateOutboxEntry')).toEqual([{ id: entry.id, order: { ...entry.order, items: [{ product_id: 'prod_merlot', quantity: 2 }] } }]));
  });
});

describe('a refused line of bottles fixed in the outbox (issue 26)', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('stays a line of bottles when the buyer orders fewer bottles and sends it again', async () => {
    useCartStore.getState().add(toCartProduct(merlotSplit), 9, 'bottle');
    const fake = createFakeBridge({
      getProduct: async ({ id }) => ok({ data: id === 'prod_merlot' ? merlotSplit : product(id), freshness: { asOf: new Date().toISOString(), fromCache: false } }),
    });
    renderApp(fake.bridge, '#/cart');
    await screen.findByRole('textbox', { name: 'Bottles of Ridge Merlot 2020 · 750 ml' }, slow);
    await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText('Your cart is empty', undefined, slow);
    const entry = fake.outbox[0]!;
    await fake.reject(entry.id, { code: 'insufficient_inventory', message: 'Not enough inventory for some items.', fields: [{ pointer: '/items/0/quantity', detail: 'only 4 bottles available' }] });
    act(() => fake.emit({ type: 'outbox-changed', entries: fake.outbox }));
    const card = (await screen.findByRole('heading', { name: 'Order to Napa Ridge Cellars: Needs review' })).closest('li')!;
    const field = within(card).getByRole('textbox', { name: 'Bottles of Ridge Merlot 2020 · 750 ml' });
    expect(within(card).getByText('Service: only 4 bottles available')).toBeTruthy();
    fireEvent.change(field, { target: { value: '12' } });
    expect(await within(card).findByText('A split case is 1 to 11 bottles; 12 bottles make a case: order whole cases as cases.', undefined, slow)).toBeTruthy();
    fireEvent.change(field, { target: { value: '4' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save and send again' }));
    await waitFor(() => expect(fake.callsTo('updateOutboxEntry')).toEqual([{ id: entry.id, order: { ...entry.order, items: [{ product_id: 'prod_merlot', quantity: 4, unit: 'bottle' }] } }]));
  });
});

describe('an order with a line of bottles, seen and reordered (issue 26)', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('shows the line as bottles at a bottle price, and reorders it into the cart as bottles, not cases', async () => {
    const order = {
      ...shippedOrder,
      items: [
        { id: 'item_1', product_id: 'prod_merlot', product_name: 'Ridge Merlot 2020', quantity: 1, unit_price_cents: 24_000, total_cents: 24_000 },
        { id: 'item_2', product_id: 'prod_merlot', product_name: 'Ridge Merlot 2020', quantity: 5, unit_price_cents: 2_000, total_cents: 10_000, unit: 'bottle' as const, split_case_fee_cents: 3_300 },
      ],
      split_case_fees_cents: 3_300,
    };
    const fake = createFakeBridge({
      getOrder: async () => ok({ data: order, freshness: { asOf: new Date().toISOString(), fromCache: false } }),
      getProduct: async ({ id }) => ok({ data: id === 'prod_merlot' ? merlotSplit : product(id), freshness: { asOf: new Date().toISOString(), fromCache: false } }),
    });
    renderApp(fake.bridge, '#/orders/ord_shipped1');
    const bottlesCell = await screen.findByRole('cell', { name: '5 bottles' }, slow);
    expect(within(bottlesCell.closest('tr') as HTMLElement).getByRole('cell', { name: `${formatCents(2_000)} a bottle` })).toBeTruthy();
    expect(screen.getByText(`Shipping includes ${formatCents(3_300)} of split-case fees (one per line of bottles).`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reorder into the cart' }));
    expect(await screen.findByText(/Added to the cart: 1 × Ridge Merlot 2020 · 750 ml, 5 bottles × Ridge Merlot 2020 · 750 ml/, undefined, slow)).toBeTruthy();
    expect(linesOf()).toEqual([
      ['prod_merlot', 'case', 1],
      ['prod_merlot', 'bottle', 5],
    ]);
  });
});
