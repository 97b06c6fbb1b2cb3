import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail } from '../../../shared/bridge';
import { BarcodeField } from '../../../renderer/features/barcode/BarcodeField';
import { createScannerCapture } from '../../../renderer/features/barcode/scannerCapture';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { renderWithBridge, resetClientState } from '../support/render';

const cartLines = () => useCartStore.getState().lines.map((line) => [line.productId, line.quantity]);

describe('barcode field', () => {
  beforeEach(resetClientState);

  it('takes a scanner burst ending in Enter and adds that product at its minimum', async () => {
    const fake = createFakeBridge();
    renderWithBridge(<BarcodeField />, fake.bridge);
    const field = screen.getByRole('textbox', { name: 'Barcode' });
    await userEvent.type(field, '036000291452{Enter}', { delay: null });

    expect(await screen.findByText('Added 3 × Coast Pinot Noir 2019 · 750 ml to the cart (now 3).')).toBeTruthy();
    expect(fake.callsTo('lookupProductCode')).toEqual([{ code: '036000291452' }]);
    expect(cartLines()).toEqual([['prod_pinot', 3]]);
    expect((field as HTMLInputElement).value).toBe('');

    await userEvent.type(field, '036000291452{Enter}', { delay: null });
    expect(await screen.findByText('Added 3 × Coast Pinot Noir 2019 · 750 ml to the cart (now 6).')).toBeTruthy();
  });

  it('takes back "Added … (now 3)" as soon as the cart no longer holds that', async () => {
    const fake = createFakeBridge();
    renderWithBridge(<BarcodeField />, fake.bridge);
    await userEvent.type(screen.getByRole('textbox', { name: 'Barcode' }), '036000291452{Enter}', { delay: null });
    const line = 'Added 3 × Coast Pinot Noir 2019 · 750 ml to the cart (now 3).';
    expect(await screen.findByText(line)).toBeTruthy();
    act(() => useCartStore.getState().setQuantity('prod_pinot', 5));
    expect(screen.queryByText(line)).toBeNull();

    await userEvent.type(screen.getByRole('textbox', { name: 'Barcode' }), '036000291452{Enter}', { delay: null });
    expect(await screen.findByText('Added 3 × Coast Pinot Noir 2019 · 750 ml to the cart (now 8).')).toBeTruthy();
    act(() => useCartStore.getState().clear());
    expect(screen.queryByText(/^Added /)).toBeNull();
  });

  it('says plainly when no product has the code, keeps the code and leaves the cart alone', async () => {
    const fake = createFakeBridge();
    renderWithBridge(<BarcodeField />, fake.bridge);
    const field = screen.getByRole('textbox', { name: 'Barcode' }) as HTMLInputElement;
    await userEvent.type(field, '999999999999{Enter}', { delay: null });
    expect(await screen.findByText('No product with the code 999999999999 in the catalog.')).toBeTruthy();
    expect(field.value).toBe('999999999999');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(cartLines()).toEqual([]);
  });

  it('refuses an empty submission and reports a failing core without losing the code', async () => {
    const fake = createFakeBridge({ lookupProductCode: async () => fail('bad_response', 'The offline catalog file is unreadable.', true) });
    renderWithBridge(<BarcodeField />, fake.bridge);
    fireEvent.click(screen.getByRole('button', { name: 'Add by code' }));
    expect(screen.getByText('Scan a barcode or type a UPC or SKU first.')).toBeTruthy();

    const field = screen.getByRole('textbox', { name: 'Barcode' }) as HTMLInputElement;
    await userEvent.type(field, '012345678905{Enter}', { delay: null });
    expect(await screen.findByText('Could not look up 012345678905: The offline catalog file is unreadable.')).toBeTruthy();
    expect(field.value).toBe('012345678905');
  });
});

describe('scanner capture outside the field', () => {
  beforeEach(resetClientState);

  it('adds the product when a scanner types a code and Enter while no field has the focus', async () => {
    const fake = createFakeBridge();
    renderWithBridge(<BarcodeField />, fake.bridge);
    for (const key of '012345678905') fireEvent.keyDown(document.body, { key });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(await screen.findByText('Added 2 × Ridge Cabernet 2019 · 750 ml to the cart (now 2).')).toBeTruthy();
    expect(cartLines()).toEqual([['prod_cab', 2]]);
  });

  it('ignores slow typing, short codes and keys aimed at a text field', () => {
    let clock = 0;
    const onCode = vi.fn();
    const capture = createScannerCapture(onCode, () => clock);
    const press = (key: string, target: EventTarget = document.body, gap = 5) => {
      clock += gap;
      const event = new KeyboardEvent('keydown', { key, cancelable: true });
      Object.defineProperty(event, 'target', { value: target });
      capture(event);
    };
    for (const key of '0123456789') press(key, document.body, 200);
    press('Enter');
    for (const key of '1234') press(key);
    press('Enter');
    const input = document.createElement('input');
    for (const key of '012345678905') press(key, input);
    press('Enter', input);
    expect(onCode).not.toHaveBeenCalled();

    for (const key of '012345678905') press(key);
    press('Enter');
    expect(onCode).toHaveBeenCalledWith('012345678905');
  });
});
