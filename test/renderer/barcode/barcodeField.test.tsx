import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail } from '../../../shared/bridge';
import { BarcodeField } from '../../../renderer/features/barcode/BarcodeField';
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

    expect(await screen.findByText('Added 3 × Coast Pinot Noir to the cart (now 3).')).toBeTruthy();
    expect(fake.callsTo('lookupProductCode')).toEqual([{ code: '036000291452' }]);
    expect(cartLines()).toEqual([['prod_pinot', 3]]);
    expect((field as HTMLInputElement).value).toBe('');

    await userEvent.type(field, '036000291452{Enter}', { delay: null });
    expect(await screen.findByText('Added 3 × Coast Pinot Noir to the cart (now 6).')).toBeTruthy();
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
