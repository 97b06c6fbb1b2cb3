import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../../shared/bridge';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { PasteOrder } from '../../../renderer/features/cart/paste/PasteOrder';
import { createFakeBridge } from '../support/fakeBridge';
import * as fixtures from '../support/fixtures';
import { renderWithBridge, resetClientState } from '../support/render';

const cartLines = () => useCartStore.getState().lines.map((line) => [line.productId, line.quantity]);
/** The review's row of a pasted line (by its number; read from the DOM: role queries over a table are slow in jsdom). */
const rowOf = (line: number) => [...document.querySelectorAll<HTMLTableRowElement>('tbody tr')].find((row) => row.cells[0]?.textContent === String(line))!;

async function paste(text: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Paste an order' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Lines to match' }), { target: { value: text } });
  await userEvent.click(screen.getByRole('button', { name: 'Match lines' }));
}

describe('pasting an order into the cart', () => {
  beforeEach(resetClientState);

  it('matches a mixed block, holds the cart until every waiting line is fixed or dropped, then adds exactly the reviewed lines at once', async () => {
    const fake = createFakeBridge();
    renderWithBridge(<PasteOrder />, fake.bridge);
    await paste('SKU\tQty\nSKU-prod_cab\t4\n\n036000291452, 3\nSKU-prod_merlot\nNOPE-1; 2\nSKU-prod_merlot, 0\n\u0000\u0001\u0002');

    await screen.findByText('Ridge Cabernet 2019 · 750 ml — Napa Ridge Cellars');
    expect(fake.callsTo('matchProductCodes')).toEqual([{ codes: ['SKU-prod_cab', '036000291452', 'SKU-prod_merlot', 'NOPE-1'] }]);
    expect(screen.getByRole('status').textContent).toBe(
      '3 lines need you: fix or drop them before adding. 3 lines are ready: 8 cases. Left out: 1 header row skipped, 1 blank line skipped.',
    );
    expect(within(rowOf(1)).getByText('Read as a header row (column names): skipped.')).toBeTruthy();
    expect(within(rowOf(5)).getByText('1 case (no quantity given)')).toBeTruthy();
    expect(within(rowOf(6)).getByText('No product has the SKU or UPC “NOPE-1” in the offline catalog.')).toBeTruthy();
    expect(within(rowOf(7)).getByText('The quantity is 0: give a number of cases, or drop the line.')).toBeTruthy();
    expect(within(rowOf(8)).getByText(/not text \(binary data\?\)/)).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add to the cart' });
    expect((add as HTMLButtonElement).disabled).toBe(true);

    // Line 6 corrected with the keyboard: the focus is in its field, Enter checks it again.
    const fix = screen.getByRole('textbox', { name: 'Correct line 6' });
    await userEvent.clear(fix);
    await userEvent.type(fix, 'SKU-prod_pinot, 3{Enter}', { delay: null });
    await waitFor(() => expect(within(rowOf(6)).getByText('Coast Pinot Noir 2019 · 750 ml — Sonoma Coast Wines')).toBeTruthy());
    expect(fake.callsTo('matchProductCodes').at(-1)).toEqual({ codes: ['SKU-prod_pinot'] });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Correct line 7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Drop line 7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Drop line 8' }));
    expect(cartLines()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Add 3 products to the cart' }));
    // The cabernet, the pinot twice (lines 4 and 6) summed, the merlot at one case.
    expect(cartLines()).toEqual([
      ['prod_cab', 4],
      ['prod_pinot', 6],
      ['prod_merlot', 1],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // A whole journey through the dialog: about 3 s in jsdom on a loaded machine.
  }, 15_000);

  it('asks which product a code that names several is, and adds the one chosen', async () => {
    const [cab, merlot] = [fixtures.toCatalogProduct(fixtures.product('prod_cab')), fixtures.toCatalogProduct(fixtures.product('prod_merlot'))];
    const fake = createFakeBridge({
      matchProductCodes: async ({ codes }) => ok({ matches: codes.map((code) => ({ code, products: [cab, merlot] })), freshness: { asOf: null, fromCache: true }, detailsIncomplete: false }),
    });
    renderWithBridge(<PasteOrder />, fake.bridge);
    await paste('12345\t2');
    await screen.findByText('“12345” is the code of 2 products: choose one, or drop the line.');
    expect((screen.getByRole('button', { name: 'Add to the cart' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Product for line 1' }), 'prod_merlot');
    await userEvent.click(screen.getByRole('button', { name: 'Add 1 product to the cart' }));
    expect(cartLines()).toEqual([['prod_merlot', 2]]);
  });

  it('checks quantities as the cart would: the minimum, the stock, and what the cart already holds', async () => {
    useCartStore.getState().add(toCartProduct(fixtures.product('prod_cab')), 38);
    const fake = createFakeBridge();
    renderWithBridge(<PasteOrder />, fake.bridge);
    await paste('036000291452, 1\nSKU-prod_cab, 3\nSKU-prod_chard, 1');
    await screen.findByText('The minimum order is 3 cases.');
    expect(screen.getByText('Only 40 cases available. (38 cases of it already in the cart or on lines above.)')).toBeTruthy();
    expect(screen.getByText('This product is out of stock.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add to the cart' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a block of 10,000 lines next to the box, at once, without asking the catalog', async () => {
    const fake = createFakeBridge();
    renderWithBridge(<PasteOrder />, fake.bridge);
    await paste(Array.from({ length: 10_000 }, (_, n) => `SKU-${n}\t1`).join('\n'));
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toBe('This paste has 10,000 lines; at most 500 can be matched at once. Paste it in parts of 500 lines or fewer.');
    expect(screen.getByRole('textbox', { name: 'Lines to match' }).getAttribute('aria-invalid')).toBe('true');
    expect(fake.callsTo('matchProductCodes')).toEqual([]);
  });

  it('says what went wrong when the catalog cannot be asked, and tries again', async () => {
    let failures = 1;
    const base = createFakeBridge();
    const fake = createFakeBridge({
      matchProductCodes: async (input) => (failures-- > 0 ? { ok: false, error: { code: 'internal', message: 'The offline copy could not be read.', retryable: true } } : base.bridge.matchProductCodes(input)),
    });
    renderWithBridge(<PasteOrder />, fake.bridge);
    await paste('SKU-prod_cab 2');
    expect((await screen.findByRole('alert')).textContent).toMatch(/The lines could not be matched: The offline copy could not be read\./);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Ridge Cabernet 2019 · 750 ml — Napa Ridge Cellars');
  });
});
