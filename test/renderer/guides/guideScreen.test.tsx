import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };
const guideId = `gd_${'1'.padStart(32, '0')}`;
const guide = {
  id: guideId,
  name: 'Friday bar',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  lines: [
    { productId: 'prod_cab', par: 6 }, // minimum 2, stock 40
    { productId: 'prod_pinot', par: 12 }, // minimum 3, stock 10
    { productId: 'prod_chard', par: 2 }, // out of stock
    { productId: 'prod_merlot', par: 4 },
  ],
};
const onHand = (name: string) => screen.getByRole('textbox', { name: `On hand: ${name}` }) as HTMLInputElement;

describe('an order guide', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('counts on hand one field after another and fills the cart, saying what it could not fill and why', async () => {
    const fake = createFakeBridge();
    fake.setGuides([guide]);
    renderApp(fake.bridge, `#/guides/${guideId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Count and order' }, slow));

    const cab = onHand('Ridge Cabernet 2019 · 750 ml');
    cab.focus();
    fireEvent.change(cab, { target: { value: '5' } });
    fireEvent.keyDown(cab, { key: 'Enter' });
    expect(document.activeElement).toBe(onHand('Coast Pinot Noir 2019 · 750 ml'));
    fireEvent.change(onHand('Coast Pinot Noir 2019 · 750 ml'), { target: { value: '0' } });
    fireEvent.change(onHand('Coast Chardonnay 2019 · 750 ml'), { target: { value: '0' } });
    fireEvent.change(onHand('Ridge Merlot 2020 · 750 ml'), { target: { value: '9' } });
    fireEvent.keyDown(onHand('Ridge Merlot 2020 · 750 ml'), { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fill the cart' }));
    // Said where it happened, before anything is filled.
    expect(screen.getByText('On hand (9) is more than the par (4): nothing to order.')).toBeTruthy();
    expect(screen.getByText('Rounded up from 1 to the minimum order of 2 cases.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Fill the cart' }));
    expect(useCartStore.getState().lines.map((line) => [line.productId, line.quantity])).toEqual([
      ['prod_cab', 2],
      ['prod_pinot', 10],
    ]);
    const report = screen.getByRole('status', { name: 'What was put in the cart' });
    expect(report.textContent).toContain('Put 2 products (12 cases) in the cart.');
    expect(within(screen.getByRole('list', { name: 'Could not fill' })).getByText('Coast Chardonnay 2019 · 750 ml: Out of stock.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Put in the cart' })).getByText(/10 cases of Coast Pinot Noir 2019 · 750 ml — Only 10 cases available: 2 cases short of the par\./)).toBeTruthy();

    // Counting again replaces what the count put in the cart, rather than adding to it.
    fireEvent.change(onHand('Ridge Cabernet 2019 · 750 ml'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fill the cart' }));
    expect(useCartStore.getState().lines.find((line) => line.productId === 'prod_cab')?.quantity).toBe(6);
  });

  it('a count that is not a whole number stops the fill, marked at its field', async () => {
    const fake = createFakeBridge();
    fake.setGuides([guide]);
    renderApp(fake.bridge, `#/guides/${guideId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Count and order' }, slow));
    fireEvent.change(onHand('Ridge Cabernet 2019 · 750 ml'), { target: { value: '0' } });
    fireEvent.change(onHand('Coast Pinot Noir 2019 · 750 ml'), { target: { value: '1.5' } });
    expect(onHand('Coast Pinot Noir 2019 · 750 ml').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Fill the cart' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/not whole numbers of cases/);
    expect(document.activeElement).toBe(onHand('Coast Pinot Noir 2019 · 750 ml'));
    expect(useCartStore.getState().lines).toEqual([]);
  });

  it('refuses a par that is not a whole number ≥ 0 at its field, and saves a good one', async () => {
    const fake = createFakeBridge();
    fake.setGuides([guide]);
    renderApp(fake.bridge, `#/guides/${guideId}`);
    const par = (await screen.findByRole('textbox', { name: 'Par for Ridge Cabernet 2019 · 750 ml' }, slow)) as HTMLInputElement;
    fireEvent.change(par, { target: { value: '-2' } });
    fireEvent.blur(par);
    expect(await screen.findByText(/The par must be a whole number of cases, 0 or more/)).toBeTruthy();
    expect(fake.callsTo('setGuideLine')).toEqual([]);
    fireEvent.change(par, { target: { value: '8' } });
    fireEvent.keyDown(par, { key: 'Enter' });
    await waitFor(() => expect(fake.callsTo('setGuideLine')).toEqual([{ id: guideId, productId: 'prod_cab', par: 8 }]));
  });

  it('tells wines of the same name apart: each row and each count shows the vintage and size', async () => {
    const fake = createFakeBridge();
    fake.setGuides([guide]);
    renderApp(fake.bridge, `#/guides/${guideId}`);
    const table = await screen.findByRole('table', { name: 'Products and pars' }, slow);
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.querySelector('a')?.textContent)).toEqual([
      'Ridge Cabernet 2019 · 750 ml',
      'Coast Pinot Noir 2019 · 750 ml',
      'Coast Chardonnay 2019 · 750 ml',
      'Ridge Merlot 2020 · 750 ml',
    ]);
  });

  it('names the wine with its vintage and size in "Add to an order guide"', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/product/prod_pinot');
    fireEvent.click(await screen.findByRole('button', { name: 'Add to guide: Coast Pinot Noir' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Add to an order guide' });
    expect(within(dialog).getByText('Coast Pinot Noir 2019 · 750 ml')).toBeTruthy();
  });

  it('makes a guide from the favourites and opens it', async () => {
    const fake = createFakeBridge();
    await fake.bridge.setFavourite({ productId: 'prod_pinot', favourite: true });
    renderApp(fake.bridge, '#/guides');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }, slow), { target: { value: 'Starred' } });
    fireEvent.click(screen.getByRole('radio', { name: /My favourites/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Make the guide' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Starred' }, slow)).toBeTruthy();
    expect(fake.callsTo('createOrderGuide')).toEqual([{ name: 'Starred', from: { kind: 'favourites' } }]);
    expect((screen.getByRole('textbox', { name: 'Par for Coast Pinot Noir 2019 · 750 ml' }) as HTMLInputElement).value).toBe('3');
  });
});

describe('importing a guide', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('refuses a file over 1 MB at the file field, before reading it, and calls nothing', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/guides');
    const input = (await screen.findByLabelText('CSV file', undefined, slow)) as HTMLInputElement;
    const junk = new File(['x'.repeat(10 * 1024 * 1024)], 'junk.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [junk] } });
    expect((screen.getByRole('textbox', { name: 'Name of the new guide' }) as HTMLInputElement).value).toBe('junk');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText("The file is 10 MB; a guide's CSV can be at most 1.0 MB.")).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(fake.callsTo('importOrderGuide')).toEqual([]);
  });

  it('shows the file-level refusal of the core at the file field', async () => {
    const fake = createFakeBridge({
      importOrderGuide: async () => ({
        ok: false,
        error: { code: 'invalid_input', message: 'Row 1 has no “par” column.', retryable: false, fields: [{ pointer: '/csv', detail: 'Row 1 has no “par” column.' }] },
      }),
    });
    renderApp(fake.bridge, '#/guides');
    const input = (await screen.findByLabelText('CSV file', undefined, slow)) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['sku\nX\n'], 'bad.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Row 1 has no “par” column.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('an import report', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('lists the rows left out, and says rows not found may match once the product details are all here', async () => {
    const fake = createFakeBridge({
      importOrderGuide: async () => ({
        ok: true,
        data: { guide: null, rows: 1, skipped: [{ row: 2, code: 'unknown_product', message: 'Row 2: no product with SKU “CW-ZZ” in the catalog on this computer.' }], detailsIncomplete: true },
      }),
    });
    renderApp(fake.bridge, '#/guides');
    const input = (await screen.findByLabelText('CSV file', undefined, slow)) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['sku,par\nCW-ZZ,1\n'], 'patio.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const report = await screen.findByText('No row could be used, so nothing was saved.');
    const status = report.closest('[role="status"]') as HTMLElement;
    expect(within(status).getByText('Row 2: no product with SKU “CW-ZZ” in the catalog on this computer.')).toBeTruthy();
    expect(within(status).getByText(/^Product details, which carry the SKU and UPC, are not yet on this computer for every product/)).toBeTruthy();
  });
});

describe('add to guide', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('from the product page: names a new guide, refuses a bad par at its field, then adds the product at its par', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/product/prod_pinot');
    fireEvent.click(await screen.findByRole('button', { name: 'Add to guide: Coast Pinot Noir' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Add to an order guide' });
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: 'Guide' }) as HTMLSelectElement).value).toBe('new'));
    expect((within(dialog).getByRole('textbox', { name: 'Par (cases to keep)' }) as HTMLInputElement).value).toBe('3');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name of the new guide' }), { target: { value: 'Patio' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Par (cases to keep)' }), { target: { value: '2.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to guide' }));
    expect(await within(dialog).findByText(/The par must be a whole number of cases, 0 or more/)).toBeTruthy();
    expect(fake.callsTo('createOrderGuide')).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Par (cases to keep)' }), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to guide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsTo('createOrderGuide')).toEqual([{ name: 'Patio', from: { kind: 'empty' } }]);
    expect(fake.callsTo('setGuideLine')).toEqual([{ id: expect.stringMatching(/^gd_/), productId: 'prod_pinot', par: 4 }]);
  });
});
