import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../shared/bridge';
import { createFakeBridge } from '../support/fakeBridge';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

function orderSheet(): HTMLElement {
  const sheet = document.body.querySelector<HTMLElement>(':scope > .order-sheet');
  if (!sheet) throw new Error('no order sheet beside the app');
  return sheet;
}

describe('printing an order', { timeout: 20_000 }, () => {
  let print: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    resetClientState();
    print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
  });
  afterEach(() => print.mockRestore());

  it('renders the order sheet beside the app (supplier, address, lines, totals, tracking) for the print stylesheet', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/orders/ord_shipped1');
    await screen.findByRole('heading', { name: /Order ORD-1001/, level: 1 }, slow);
    const sheet = orderSheet();
    expect(sheet.closest('#root')).toBeNull();
    const text = sheet.textContent ?? '';
    expect(within(sheet).getByRole('heading', { level: 1, name: 'Order ORD-1001', hidden: true })).toBeTruthy();
    for (const part of ['Supplier', 'Ship to', 'UPS 1Z999', 'https://ups.example/track/1Z999', 'estimated delivery Nov 25, 2026', 'Notes: Back door']) {
      expect(text).toContain(part);
    }
    const totals = sheet.querySelector('dl.totals');
    expect(totals?.getAttribute('aria-label')).toBe('Totals of order ORD-1001');
    expect(totals?.textContent).toContain('$720.00');
    expect(totals?.textContent).toContain('$770.00');
    const rows = within(sheet).getAllByRole('row', { hidden: true });
    expect(rows.map((row) => row.textContent)).toEqual(['ProductCasesCase priceLine total', 'Ridge Cabernet 2019 · 750 ml2$360.00$720.00']);
    // Hidden on screen and from assistive technology: the screen shows the order itself.
    expect(sheet.hidden).toBe(true);
    expect(screen.getAllByRole('heading', { level: 1, name: /Order ORD-1001/ })).toHaveLength(1);
  });

  it('in the browser shell (main answers unsupported) the page opens the browser’s print', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/orders/ord_shipped1');
    fireEvent.click(await screen.findByRole('button', { name: 'Print / Save as PDF' }, slow));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(fake.callsTo('saveOrderSheetPdf')).toEqual([{ orderNumber: 'ORD-1001' }]);
  });

  it('in the desktop app the PDF is saved by main; the page says where and does not print itself', async () => {
    const fake = createFakeBridge({ saveOrderSheetPdf: async () => ok({ outcome: 'saved', fileName: 'Order ORD-1001.pdf' }) });
    renderApp(fake.bridge, '#/orders/ord_shipped1');
    fireEvent.click(await screen.findByRole('button', { name: 'Print / Save as PDF' }, slow));
    expect(await screen.findByText('Saved Order ORD-1001.pdf.')).toBeTruthy();
    expect(print).not.toHaveBeenCalled();
  });

  it('a cancelled save dialog says nothing; a failed save says why next to the button', async () => {
    let answer = ok({ outcome: 'cancelled' as const }) as Awaited<ReturnType<ReturnType<typeof createFakeBridge>['bridge']['saveOrderSheetPdf']>>;
    const fake = createFakeBridge({ saveOrderSheetPdf: async () => answer });
    renderApp(fake.bridge, '#/orders/ord_shipped1');
    const button = await screen.findByRole('button', { name: 'Print / Save as PDF' }, slow);
    fireEvent.click(button);
    await waitFor(() => expect(button).not.toHaveProperty('disabled', true));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(print).not.toHaveBeenCalled();

    answer = fail('storage_error', 'Order ORD-1001.pdf was not saved: Caseworks may not write there.', true);
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('The order sheet was not saved: Order ORD-1001.pdf was not saved: Caseworks may not write there.');
  });
});
