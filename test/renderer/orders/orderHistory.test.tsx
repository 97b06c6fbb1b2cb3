import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_HISTORY_CSV_HEADERS } from '../../../electron/core/order-history';
import type { Order } from '../../../shared/schemas';
import { createFakeBridge } from '../support/fakeBridge';
import * as fixtures from '../support/fixtures';
import { layoutScrollBoxes } from '../support/layout';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

const sonoma = { id: 'sup_sonoma', name: 'Sonoma Coast Wines', address: '2 Coast Rd, Healdsburg, CA' };

const deliveredOrder: Order = {
  ...fixtures.shippedOrder,
  id: 'ord_delivered1',
  order_number: 'ORD-0950',
  status: 'delivered',
  supplier: sonoma,
  items: [
    { id: 'item_2', product_id: 'prod_pinot', product_name: 'Coast Pinot Noir', quantity: 3, unit_price_cents: 30_000, total_cents: 90_000 },
    { id: 'item_3', product_id: 'prod_chard', product_name: 'Coast Chardonnay', quantity: 1, unit_price_cents: 36_000, total_cents: 36_000 },
  ],
  subtotal_cents: 126_000,
  shipping_cents: 3_900,
  platform_fee_cents: 3_150,
  total_cents: 133_050,
  tracking: null,
  created_at: '2026-10-05T12:00:00.000Z',
  shipped_at: null,
};

const cancelledOrder: Order = {
  ...deliveredOrder,
  id: 'ord_cancelled1',
  order_number: 'ORD-0900',
  status: 'cancelled',
  items: [{ id: 'item_4', product_id: 'prod_pinot', product_name: 'Coast Pinot Noir', quantity: 9, unit_price_cents: 1, total_cents: 9 }],
  created_at: '2026-09-20T12:00:00.000Z',
};

function historyApp(hash = '#/orders') {
  const fake = createFakeBridge();
  fake.setOrderHistory([fixtures.shippedOrder, deliveredOrder, cancelledOrder]);
  renderApp(fake.bridge, hash);
  return fake;
}

const orderLinks = () =>
  within(screen.getByRole('tabpanel')).queryAllByRole('link').map((link) => link.textContent).filter((text) => text?.startsWith('ORD-'));
const totalOf = (term: string) => {
  const list = screen.getByLabelText('Totals of these orders');
  const row = [...list.querySelectorAll('div')].find((div) => div.querySelector('dt')?.textContent === term);
  return row?.querySelector('dd')?.textContent;
};

describe('the order history', { timeout: 20_000 }, () => {
  layoutScrollBoxes();
  beforeEach(resetClientState);
  afterEach(() => vi.restoreAllMocks());

  it('lists every order with the totals of those bought: cancelled orders listed, not counted', async () => {
    historyApp();
    await screen.findByRole('link', { name: 'ORD-1001' }, slow);
    expect(orderLinks()).toEqual(['ORD-1001', 'ORD-0950', 'ORD-0900']);
    expect(totalOf('Orders')).toBe('2 orders');
    expect(totalOf('Cases')).toBe('6 cases');
    expect(totalOf('Total')).toBe('$2,100.50');
    expect(screen.getByText('1 cancelled order is listed but not counted.')).toBeTruthy();
  });

  it('filters by supplier, by the days placed and by a search of order numbers and products, with the status tab', async () => {
    const fake = historyApp();
    await screen.findByRole('link', { name: 'ORD-1001' }, slow);

    await userEvent.selectOptions(screen.getByLabelText('Supplier'), 'Sonoma Coast Wines');
    await waitFor(() => expect(orderLinks()).toEqual(['ORD-0950', 'ORD-0900']));
    expect(totalOf('Total')).toBe('$1,330.50');

    await userEvent.click(screen.getByRole('tab', { name: 'Delivered' }));
    await waitFor(() => expect(orderLinks()).toEqual(['ORD-0950']));
    expect(fake.callsTo('listOrderHistory')).toContainEqual(expect.objectContaining({ status: 'delivered', supplierId: 'sup_sonoma', timeZone: expect.any(String) }));

    await userEvent.click(screen.getByRole('tab', { name: 'All' }));
    await userEvent.selectOptions(screen.getByLabelText('Supplier'), 'All suppliers');
    fireEvent.change(screen.getByLabelText('Placed from'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('Placed to'), { target: { value: '2026-10-31' } });
    await waitFor(() => expect(orderLinks()).toEqual(['ORD-0950']));

    await userEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    await userEvent.type(screen.getByLabelText('Search orders'), 'ridge cab');
    await waitFor(() => expect(orderLinks()).toEqual(['ORD-1001']));
    await userEvent.clear(screen.getByLabelText('Search orders'));
    await userEvent.type(screen.getByLabelText('Search orders'), '0950');
    await waitFor(() => expect(orderLinks()).toEqual(['ORD-0950']));
    await userEvent.type(screen.getByLabelText('Search orders'), 'x');
    expect(await screen.findByText('No orders match the filter')).toBeTruthy();
  });

  it('says what is wrong under the field, keeps the orders of the last good filter and sends main nothing wrong', async () => {
    const fake = historyApp();
    await screen.findByRole('link', { name: 'ORD-1001' }, slow);
    fireEvent.change(screen.getByLabelText('Placed from'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('Placed to'), { target: { value: '2026-10-01' } });
    const to = screen.getByLabelText('Placed to');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(to.getAttribute('aria-describedby')!)?.textContent).toBe('The end date is before the start date.');
    expect(screen.getByRole('alert').textContent).toBe('The end date is before the start date.');
    expect(screen.getByRole('button', { name: /^Export/ })).toBeTruthy();

    fireEvent.change(to, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Placed from'), { target: { value: '' } });
    const search = screen.getByLabelText('Search orders');
    fireEvent.change(search, { target: { value: 'pinot\u0007\u0000' } });
    expect(await screen.findByText('The search cannot contain control characters such as tab or line breaks.')).toBeTruthy();
    expect(search.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(search, { target: { value: 'x'.repeat(10_240) } });
    expect(await screen.findByText('Search for at most 200 characters.')).toBeTruthy();
    // The screen still stands, with orders, and main was never asked with a wrong filter.
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const sent = fake.callsTo('listOrderHistory') as { from?: string; to?: string; search?: string }[];
    expect(sent.filter((input) => (input.from && input.to && input.from > input.to) || (input.search?.length ?? 0) > 200 || /\p{Cc}/u.test(input.search ?? ''))).toEqual([]);

    fireEvent.change(search, { target: { value: 'pinot' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await waitFor(() => expect(orderLinks()).toEqual(['ORD-0950', 'ORD-0900']));
  });

  it('exports the filtered orders as a CSV download in the browser, one row per line item', async () => {
    const fake = historyApp();
    const created: Blob[] = [];
    const clicked: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (created.push(blob), 'blob:orders'));
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await screen.findByRole('link', { name: 'ORD-1001' }, slow);
    await userEvent.selectOptions(screen.getByLabelText('Supplier'), 'Sonoma Coast Wines');
    await waitFor(() => expect(orderLinks()).toEqual(['ORD-0950', 'ORD-0900']));

    await userEvent.click(screen.getByRole('button', { name: 'Export 2 orders as CSV' }));
    expect(await screen.findByText('Downloaded orders.csv (3 rows).')).toBeTruthy();
    expect(clicked).toEqual(['orders.csv']);
    expect(fake.callsTo('exportOrderHistory')).toEqual([expect.objectContaining({ supplierId: 'sup_sonoma' })]);
    const rows = Papa.parse<string[]>(await created[0]!.text(), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([...ORDER_HISTORY_CSV_HEADERS]);
    expect(rows.slice(1).map((row) => [row[0], row[4], row[7]])).toEqual([
      ['ORD-0950', 'Coast Pinot Noir', '3'],
      ['ORD-0950', 'Coast Chardonnay', '1'],
      ['ORD-0900', 'Coast Pinot Noir', '9'],
    ]);
  });

  it('says where the desktop saved the file, and that nothing was exported when the dialog was cancelled', async () => {
    const fake = historyApp();
    fake.setExportOutcome('saved');
    await screen.findByRole('link', { name: 'ORD-1001' }, slow);
    await userEvent.click(screen.getByRole('button', { name: 'Export 3 orders as CSV' }));
    expect(await screen.findByText('Saved 4 rows to orders.csv.')).toBeTruthy();
    fake.setExportOutcome('cancelled');
    await userEvent.click(screen.getByRole('button', { name: 'Export 3 orders as CSV' }));
    expect(await screen.findByText('Not exported: the save was cancelled.')).toBeTruthy();
  });

  it('shows when a product was last ordered, with the cases and the price paid, on its page', async () => {
    historyApp('#/product/prod_pinot');
    const line = await screen.findByText(/^Last ordered/, {}, slow);
    // The newest order of the Pinot was delivered; the older cancelled one does not count.
    expect(line.textContent).toBe('Last ordered Oct 5, 2026: 3 cases at $300.00 a case (order ORD-0950)');
    expect(within(line).getByRole('link', { name: 'ORD-0950' }).getAttribute('href')).toBe('#/orders/ord_delivered1');
  });

  it('shows when a product was last ordered on its catalog card, and nothing on a card of a product never ordered', async () => {
    historyApp('#/catalog');
    fireEvent.click(await screen.findByRole('button', { name: 'Cards' }, slow));
    const cards = await screen.findByRole('list', { name: 'Products' }, slow);
    const cardOf = (name: string) => within(cards).getByRole('link', { name }).closest('li')!;
    await waitFor(() => expect(within(cardOf('Coast Pinot Noir')).getByText(/^Last ordered/).textContent).toBe('Last ordered Oct 5, 2026 · 3 × $300.00'), slow);
    expect(within(cardOf('Ridge Merlot 2020')).queryByText(/^Last ordered/)).toBeNull();
  });

  it('says a product was not ordered before', async () => {
    historyApp('#/product/prod_merlot');
    expect(await screen.findByText('Not ordered before.', {}, slow)).toBeTruthy();
  });
});
