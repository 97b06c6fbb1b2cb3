import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail } from '../../../shared/bridge';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };
const cartLines = () => useCartStore.getState().lines.map((line) => [line.productId, line.quantity]);

describe('product screen', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('shows every field and adds within minimum and stock, Enter in the field adding', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/product/prod_pinot');
    await screen.findByRole('heading', { name: 'Coast Pinot Noir', level: 1 }, slow);
    for (const text of ['Sonoma Coast', 'Oakville', 'USA', '14.5%', '750 ml', 'SKU-prod_pinot', '036000291452', 'Blackcurrant, cedar.', 'A structured red.']) {
      expect(screen.getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
    }
    const cases = screen.getByRole('textbox', { name: 'Cases' }) as HTMLInputElement;
    expect(cases.value).toBe('3');
    fireEvent.change(cases, { target: { value: '11' } });
    expect(screen.getByText('Only 10 cases available.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(cases, { target: { value: '8' } });
    fireEvent.submit(cases.closest('form')!);
    expect(await screen.findByText(/Added 8 cases; 8 in the cart now\./)).toBeTruthy();
    fireEvent.change(cases, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Only 10 cases available. You already have 8 in the cart.')).toBeTruthy();
    expect(cartLines()).toEqual([['prod_pinot', 8]]);
  });

  it('says why an out-of-stock product cannot be ordered', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/product/prod_chard');
    await screen.findByRole('heading', { name: 'Coast Chardonnay', level: 1 }, slow);
    expect(screen.getByText('Out of stock. This product cannot be ordered right now.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });

  it('falls back to the catalog list data when the detail cannot be read offline', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/catalog');
    await screen.findByText('4 products', undefined, slow);
    const realGetProduct = fake.bridge.getProduct;
    fake.bridge.getProduct = async () => fail('offline', 'The service cannot be reached and this product is not in the saved copy.', true);
    act(() => {
      window.location.hash = '#/product/prod_cab';
    });
    await screen.findByRole('heading', { name: 'Ridge Cabernet 2019', level: 1 }, slow);
    expect(screen.getByText(/this product is not in the saved copy/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(cartLines()).toEqual([['prod_cab', 2]]);

    fake.bridge.getProduct = realGetProduct;
    act(() => fake.emit({ type: 'connectivity', online: true }));
    expect(await screen.findByRole('heading', { name: 'Details' }, slow)).toBeTruthy();
  });
});
