import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, type ServiceExtensions } from '../../../shared/bridge';
import type { Order, Product } from '../../../shared/schemas';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { buildDraft, groupCart } from '../../../renderer/features/cart/cartGroups';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { makeProduct, product, shippedOrder, toCatalogProduct } from '../support/fixtures';
import { renderApp, renderWithBridge, resetClientState } from '../support/render';
import { OutboxPanel } from '../../../renderer/features/cart/outbox/OutboxPanel';

const slow = { timeout: 5000 };
const freshness = { asOf: '2026-11-22T08:00:00.000Z', fromCache: true };
const address = { street1: '12 Market St', city: 'San Francisco', state: 'CA', zip: '94105' } as const;
const ALL: ServiceExtensions = { cancelOrder: true, webhookDeliveries: true, webhookTest: true, webhookPause: true, orderCancelledEvent: true, orderBackups: true };

// prod_cab: Napa Ridge, Cabernet Sauvignon, Napa Valley, $360 a case. Its similar wines of the same supplier:
const reserve = makeProduct({ id: 'prod_reserve', name: 'Ridge Cabernet Reserve', case_price_cents: 38_000 });
const zinfandel = makeProduct({ id: 'prod_zin', name: 'Ridge Zinfandel', varietal: 'Zinfandel', case_price_cents: 35_000 });
const soldOut = makeProduct({ id: 'prod_soldout', name: 'Ridge Cabernet Sold Out', inventory_available: 0 });
const catalog: Product[] = [product('prod_cab'), product('prod_merlot'), reserve, zinfandel, soldOut];

function bridgeWith(extensions: ServiceExtensions) {
  const fake = createFakeBridge({
    getServiceExtensions: async (input) => {
      fake.calls.push({ method: 'getServiceExtensions', input });
      return ok(extensions);
    },
    getProduct: async (input) => ok({ data: catalog.find((item) => item.id === input.id) ?? product(input.id), freshness }),
    searchCatalog: async (input = {}) => {
      const items = catalog.filter(
        (item) =>
          (!input.supplierId || item.supplier.id === input.supplierId) &&
          (input.minPriceCents === undefined || item.case_price_cents >= input.minPriceCents) &&
          (input.maxPriceCents === undefined || item.case_price_cents <= input.maxPriceCents) &&
          (!input.inStock || item.inventory_available > 0),
      );
      return ok({ items: items.map(toCatalogProduct), total: items.length, facets: { varietal: [], region: [], country: [], supplier: [], vintage: [] }, tookMs: 1, freshness, coverage: null });
    },
  });
  return fake;
}

const picker = () => screen.findByRole('combobox', { name: /If Ridge Cabernet 2019 .* runs out, send instead/ }, slow);

describe('backups in the cart (issue 26)', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('offers similar wines of the same supplier, best first, and the order names the one chosen', async () => {
    useCartStore.getState().add(toCartProduct(product('prod_cab')), 2);
    renderApp(bridgeWith(ALL).bridge, '#/cart');
    const select = await picker();
    // Same varietal before same region; the Merlot is outside the price band, the sold-out Cabernet cannot be ordered.
    await waitFor(() => expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No backup: refuse the order as it is',
      expect.stringMatching(/^Ridge Cabernet Reserve.* · \$380\.00 per case$/),
      expect.stringMatching(/^Ridge Zinfandel.* · \$350\.00 per case$/),
    ]), slow);
    act(() => {
      fireEvent.change(select, { target: { value: 'prod_reserve' } });
    });
    expect(useCartStore.getState().lines[0]?.backup).toMatchObject({ productId: 'prod_reserve', casePriceCents: 38_000 });
    expect(screen.getByText(/^Ridge Cabernet Reserve.*, \$380\.00 per case: the same number of cases is sent, at its own price, when this wine is short\.$/)).toBeTruthy();
    const [group] = groupCart(useCartStore.getState().lines);
    expect(buildDraft(group!, address, undefined, true).order.items).toEqual([{ product_id: 'prod_cab', quantity: 2, backup_product_id: 'prod_reserve' }]);
    // Choosing none again takes it off.
    act(() => {
      fireEvent.change(select, { target: { value: '' } });
    });
    expect(useCartStore.getState().lines[0]).not.toHaveProperty('backup');
  });

  it('offers no backup where the service does not take them, and never sends one there', async () => {
    useCartStore.getState().add(toCartProduct(product('prod_cab')), 2);
    useCartStore.getState().setBackup('prod_cab', { productId: 'prod_reserve', name: 'Ridge Cabernet Reserve', casePriceCents: 38_000 });
    const fake = bridgeWith({ ...ALL, orderBackups: false });
    renderApp(fake.bridge, '#/cart');
    await screen.findByRole('heading', { name: 'Order from Napa Ridge Cellars' }, slow);
    await waitFor(() => expect(fake.callsTo('getServiceExtensions').length).toBeGreaterThan(0));
    await act(async () => undefined);
    expect(screen.queryByRole('combobox', { name: /runs out, send instead/ })).toBeNull();
    const [group] = groupCart(useCartStore.getState().lines);
    expect(buildDraft(group!, address, undefined, false).order.items).toEqual([{ product_id: 'prod_cab', quantity: 2 }]);
  });

  it('does not hold back a line short of stock when it has a backup the service takes; holds it back otherwise', () => {
    const cart = useCartStore.getState();
    cart.add(toCartProduct(product('prod_cab')), 2);
    cart.refreshProduct({ ...toCartProduct(product('prod_cab')), inventoryAvailable: 0 });
    expect(groupCart(useCartStore.getState().lines, {}, Date.now(), true)[0]?.problems).toEqual({ prod_cab: 'This product is out of stock.' });
    cart.setBackup('prod_cab', { productId: 'prod_reserve', name: 'Ridge Cabernet Reserve', casePriceCents: 38_000 });
    expect(groupCart(useCartStore.getState().lines, {}, Date.now(), true)[0]?.problems).toEqual({});
    expect(groupCart(useCartStore.getState().lines, {}, Date.now(), false)[0]?.problems).toEqual({ prod_cab: 'This product is out of stock.' });
    // The minimum still holds.
    cart.refreshProduct({ ...toCartProduct(product('prod_cab')), inventoryAvailable: 0, minimumOrder: 3 });
    expect(groupCart(useCartStore.getState().lines, {}, Date.now(), true)[0]?.problems).toEqual({ prod_cab: 'The minimum order is 3 cases.' });
  });

  it('leaves out, and says so, a backup the cart now orders as its own line', async () => {
    const cart = useCartStore.getState();
    cart.add(toCartProduct(product('prod_cab')), 2);
    cart.setBackup('prod_cab', { productId: 'prod_reserve', name: 'Ridge Cabernet Reserve', casePriceCents: 38_000 });
    cart.add(toCartProduct(reserve), 2);
    const [group] = groupCart(useCartStore.getState().lines);
    expect(buildDraft(group!, address, undefined, true).order.items).toEqual([
      { product_id: 'prod_cab', quantity: 2 },
      { product_id: 'prod_reserve', quantity: 2 },
    ]);
    renderApp(bridgeWith(ALL).bridge, '#/cart');
    expect(await screen.findByText(/Ridge Cabernet Reserve is in the cart as its own line, so it cannot be this wine's backup: choose another\./, undefined, slow)).toBeTruthy();
  });
});

describe('a substitution on an order (issue 26)', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('shows on the line which wine was asked for, and in the timeline what was sent instead', async () => {
    const substituted: Order = {
      ...shippedOrder,
      items: [{ ...shippedOrder.items[0]!, product_id: 'prod_reserve', product_name: 'Ridge Cabernet Reserve', unit_price_cents: 38_000, total_cents: 76_000, substitution: { requested_product_id: 'prod_cab', requested_product_name: 'Ridge Cabernet 2019', reason: 'out_of_stock' } }],
      timeline: [
        shippedOrder.timeline[0]!,
        { event: 'item_substituted', timestamp: shippedOrder.created_at, substitution: { item_id: 'item_1', product_id: 'prod_reserve', product_name: 'Ridge Cabernet Reserve', requested_product_id: 'prod_cab', requested_product_name: 'Ridge Cabernet 2019', reason: 'out_of_stock' } },
        ...shippedOrder.timeline.slice(1),
      ],
    };
    const fake = createFakeBridge({ getOrder: async () => ok({ data: substituted, freshness }), getProduct: async (input) => ok({ data: catalog.find((item) => item.id === input.id) ?? product('prod_cab'), freshness }) });
    renderApp(fake.bridge, `#/orders/${substituted.id}`);
    // On the screen's lines and on the printable sheet's.
    expect(await screen.findAllByText('Backup for Ridge Cabernet 2019, which was out of stock.', undefined, slow)).toHaveLength(2);
    const timeline = screen.getByRole('heading', { name: 'Timeline' }).closest('section') as HTMLElement;
    expect(within(timeline).getByText('Backup sent')).toBeTruthy();
    expect(within(timeline).getByText('Ridge Cabernet Reserve sent instead of Ridge Cabernet 2019 (out of stock).')).toBeTruthy();
  });
});

describe('an order with a backup sent back for review (issue 26)', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  async function sendAgainAfter(fields: Array<{ pointer: string; detail: string }>) {
    const fake = createFakeBridge();
    const order = {
      supplier_id: 'sup_sonoma',
      items: [{ product_id: 'prod_pinot', quantity: 3, backup_product_id: 'prod_chard' }],
      shipping_address: { street1: '12 Market St', city: 'Napa', state: 'CA' as const, zip: '94558' },
    };
    const submitted = await fake.bridge.submitOrders({ drafts: [{ order, supplierName: 'Sonoma Coast Wines', estimatedTotalCents: 12_000 }] });
    if (!submitted.ok) throw new Error('could not queue');
    const entry = await fake.reject(submitted.data[0]!.id, { kind: 'refused', code: 'invalid_backup', message: 'A backup product is not allowed.', fields });
    renderWithBridge(<OutboxPanel entries={[entry]} />, fake.bridge);
    const heading = await screen.findByRole('heading', { name: 'Order to Sonoma Coast Wines: Needs review' }, slow);
    const card = heading.closest('li')!;
    await within(card).findByText(/Sonoma Coast Wines|Coast Pinot Noir/, undefined, slow);
    fireEvent.click(within(card).getByRole('button', { name: 'Save and send again' }));
    await waitFor(() => expect(fake.callsTo('updateOutboxEntry')).toHaveLength(1), slow);
    return (fake.callsTo('updateOutboxEntry')[0] as { order: { items: unknown[] } }).order.items;
  }

  it('keeps the backup the buyer chose when the service refused something else', async () => {
    expect(await sendAgainAfter([{ pointer: '/items/0/quantity', detail: 'only 3 cases available' }])).toEqual([{ product_id: 'prod_pinot', quantity: 3, backup_product_id: 'prod_chard' }]);
  });

  it('leaves out the backup the service refused, which the review shows next to the line', async () => {
    expect(await sendAgainAfter([{ pointer: '/items/0/backup_product_id', detail: 'is not sold by sup_sonoma' }])).toEqual([{ product_id: 'prod_pinot', quantity: 3 }]);
  });
});
