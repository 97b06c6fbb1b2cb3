import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../../shared/bridge';
import { useToastStore } from '../../../renderer/app/toastStore';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { useAddToCart } from '../../../renderer/features/cart/useAddToCart';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { makeProduct, product, toCatalogProduct } from '../support/fixtures';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };
// Two wines of the same name: another vintage, another bottle size.
const ashby2019 = makeProduct({ id: 'prod_ashby19', name: 'Ashby Pinot Noir', vintage: 2019, size_ml: 750, case_price_cents: 17_000, bottle_price_cents: 1_575 });
const ashby2021 = makeProduct({ id: 'prod_ashby21', name: 'Ashby Pinot Noir', vintage: 2021, size_ml: 1500, pack_size: 6, case_price_cents: 24_000, bottle_price_cents: 4_000 });

describe('wines of the same name, once picked', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('the cart names each line with its vintage and bottle size, and says what a bottle costs by the case and alone', async () => {
    useCartStore.getState().add(toCartProduct(ashby2019), 2);
    useCartStore.getState().add(toCartProduct(ashby2021), 2);
    renderApp(createFakeBridge({ getProduct: async ({ id }) => ok({ data: id === ashby2019.id ? ashby2019 : ashby2021, freshness: { asOf: null, fromCache: true } }) }).bridge, '#/cart');
    const first = await screen.findByRole('link', { name: 'Ashby Pinot Noir 2019 · 750 ml' }, slow);
    expect(screen.getByRole('link', { name: 'Ashby Pinot Noir 2021 · 1.5 L' })).toBeTruthy();
    const line = first.closest('li')!;
    expect(within(line).getByText('$14.17 a bottle by the case; $15.75 a single bottle — the case saves 10 %')).toBeTruthy();
    expect(within(line).getByText('$170.00 per case of 12')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Ashby Pinot Noir 2021 · 1.5 L from the cart' })).toBeTruthy();
  });

  it('the add toast names the wine with its vintage and size', () => {
    const { result } = renderHook(() => useAddToCart());
    act(() => void result.current(toCatalogProduct(ashby2021)));
    act(() => void result.current(toCatalogProduct(ashby2021), 100));
    expect(useToastStore.getState().toasts.map((toast) => toast.title)).toEqual([
      'Added 2 cases of Ashby Pinot Noir 2021 · 1.5 L',
      'Could not add Ashby Pinot Noir 2021 · 1.5 L',
    ]);
  });

  it('the order detail and the reorder outcome name the lines with vintage and size, read from the product', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/orders/ord_shipped1');
    await screen.findByRole('heading', { name: /Order ORD-1001/, level: 1 }, slow);
    expect(await screen.findByRole('link', { name: 'Ridge Cabernet 2019 · 750 ml' }, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reorder into the cart' }));
    expect(await screen.findByText(/Added to the cart: 2 × Ridge Cabernet 2019 · 750 ml\./)).toBeTruthy();
  });

  it('an order line whose product cannot be read keeps its name alone', async () => {
    const fake = createFakeBridge({ getProduct: async () => ({ ok: false, error: { code: 'not_found', message: 'Gone.', retryable: false } }) });
    renderApp(fake.bridge, '#/orders/ord_shipped1');
    await screen.findByRole('heading', { name: /Order ORD-1001/, level: 1 }, slow);
    expect(await screen.findByRole('link', { name: product('prod_cab').name })).toBeTruthy();
  });

  it('an order on its way lists its wines with vintage and size', async () => {
    const fake = createFakeBridge();
    useCartStore.getState().add(toCartProduct(product('prod_cab')), 2);
    useCartStore.getState().add(toCartProduct(product('prod_merlot')), 1);
    renderApp(fake.bridge, '#/cart');
    await screen.findByText(/The account's address \(12 Market St, Suite 4/, undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const entry = (await screen.findByRole('heading', { name: 'Order to Napa Ridge Cellars: Queued' }, slow)).closest('li')!;
    expect(await within(entry).findByText('2 × Ridge Cabernet 2019 · 750 ml, 1 × Ridge Merlot 2020 · 750 ml', undefined, slow)).toBeTruthy();
  });
});
