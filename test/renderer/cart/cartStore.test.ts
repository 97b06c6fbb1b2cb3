import { beforeEach, describe, expect, it } from 'vitest';
import { orderTotals } from '../../../shared/pricing';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { buildDraft, groupCart, groupIsPlaceable } from '../../../renderer/features/cart/cartGroups';
import { CART_STORAGE_KEY, useCartStore } from '../../../renderer/features/cart/cartStore';
import { product } from '../support/fixtures';
import { resetClientState } from '../support/render';

const cab = toCartProduct(product('prod_cab'));
const merlot = toCartProduct(product('prod_merlot'));
const pinot = toCartProduct(product('prod_pinot'));

describe('cart store', () => {
  beforeEach(resetClientState);

  it('groups lines by supplier, one future order each, with totals by the service rule', () => {
    const cart = useCartStore.getState();
    expect(cart.add(cab, 2).ok).toBe(true);
    expect(cart.add(pinot, 3).ok).toBe(true);
    expect(cart.add(merlot, 1).ok).toBe(true);

    const groups = groupCart(useCartStore.getState().lines);
    expect(groups.map((group) => [group.supplierName, group.lines.map((line) => line.productId)])).toEqual([
      ['Napa Ridge Cellars', ['prod_cab', 'prod_merlot']],
      ['Sonoma Coast Wines', ['prod_pinot']],
    ]);
    expect(groups[0]!.totals).toEqual(
      orderTotals([
        { unit_price_cents: 36_000, quantity: 2 },
        { unit_price_cents: 24_000, quantity: 1 },
      ]),
    );
  });

  it('merges a second add of the same product and refuses to go past stock or below minimum', () => {
    const cart = useCartStore.getState();
    expect(cart.add(pinot, 3)).toEqual({ ok: true, value: 3 });
    expect(cart.add(pinot, 4)).toEqual({ ok: true, value: 7 });
    const tooMany = cart.add(pinot, 4);
    expect(tooMany.ok).toBe(false);
    expect(!tooMany.ok && tooMany.message).toMatch(/Only 10 cases available.*already have 7/);
    expect(useCartStore.getState().lines[0]!.quantity).toBe(7);

    expect(cart.setQuantity('prod_pinot', 2)).toEqual({ ok: false, message: 'The minimum order is 3 cases.' });
    expect(cart.setQuantity('prod_pinot', '2.5').ok).toBe(false);
    expect(cart.setQuantity('prod_pinot', '-1').ok).toBe(false);
    expect(useCartStore.getState().lines[0]!.quantity).toBe(7);
    expect(cart.setQuantity('prod_pinot', ' 5 ')).toEqual({ ok: true, value: 5 });
    expect(useCartStore.getState().lines[0]!.quantity).toBe(5);
  });

  it('never adds an out-of-stock product', () => {
    const result = useCartStore.getState().add(toCartProduct(product('prod_chard')), 2);
    expect(result).toEqual({ ok: false, message: 'This product is out of stock.' });
    expect(useCartStore.getState().lines).toEqual([]);
  });

  it('persists lines, notes and ship-to in localStorage and reads them back after a restart', async () => {
    const cart = useCartStore.getState();
    cart.add(cab, 4);
    cart.setNotes('sup_napa', 'Deliver before noon');
    cart.setShipTo({ street1: '1 Pier', city: 'Oakland', state: 'CA', zip: '94607' });

    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}') as { state: { lines: { productId: string; quantity: number }[]; notes: Record<string, string> } };
    expect(stored.state.lines.map((line) => [line.productId, line.quantity])).toEqual([['prod_cab', 4]]);
    expect(stored.state.notes).toEqual({ sup_napa: 'Deliver before noon' });

    const saved = localStorage.getItem(CART_STORAGE_KEY) ?? '';
    useCartStore.setState({ lines: [], notes: {}, shipTo: null });
    localStorage.setItem(CART_STORAGE_KEY, saved);
    await useCartStore.persist.rehydrate();
    const restored = useCartStore.getState();
    expect(restored.lines.map((line) => [line.productId, line.quantity])).toEqual([['prod_cab', 4]]);
    expect(restored.notes.sup_napa).toBe('Deliver before noon');
    expect(restored.shipTo?.city).toBe('Oakland');
  });

  it('keeps the chosen delivery dates with the cart across a restart, and forgets those of orders placed', async () => {
    const cart = useCartStore.getState();
    cart.add(cab, 2);
    cart.add(pinot, 3);
    cart.chooseDelivery('sup_napa', { date: '2026-12-01', cutoffAt: '2026-11-30T22:00:00.000Z', state: 'CA' });
    cart.chooseDelivery('sup_sonoma', { date: '2026-12-04', cutoffAt: '2026-12-03T22:00:00.000Z', state: 'CA' });

    const saved = localStorage.getItem(CART_STORAGE_KEY) ?? '';
    useCartStore.setState({ lines: [], deliveryDates: {} });
    localStorage.setItem(CART_STORAGE_KEY, saved);
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().deliveryDates.sup_napa).toEqual({ date: '2026-12-01', cutoffAt: '2026-11-30T22:00:00.000Z', state: 'CA' });

    useCartStore.getState().ordersPlaced(['sup_napa']);
    expect(Object.keys(useCartStore.getState().deliveryDates)).toEqual(['sup_sonoma']);
    useCartStore.getState().chooseDelivery('sup_sonoma', null);
    expect(useCartStore.getState().deliveryDates).toEqual({});
  });

  it('leaves out a stored delivery date not in the shape the cart writes (a damaged file), keeping the rest of the cart', async () => {
    useCartStore.getState().add(cab, 2);
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}') as { state: Record<string, unknown>; version: number };
    stored.state.deliveryDates = {
      sup_napa: { date: 'next friday', cutoffAt: '2026-11-30T22:00:00.000Z', state: 'CA' },
      sup_sonoma: { date: '2026-12-04', cutoffAt: '2026-12-03T22:00:00.000Z', state: 'OR' },
      sup_other: 'garbage',
    };
    useCartStore.setState({ lines: [], deliveryDates: {} });
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(stored));
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().deliveryDates).toEqual({ sup_sonoma: { date: '2026-12-04', cutoffAt: '2026-12-03T22:00:00.000Z', state: 'OR' } });
    expect(useCartStore.getState().lines.map((line) => line.productId)).toEqual(['prod_cab']);
  });

  it('flags lines that newer stock data made invalid and keeps them out of placeable groups', () => {
    const cart = useCartStore.getState();
    cart.add(pinot, 6);
    cart.refreshProduct({ ...pinot, inventoryAvailable: 4, casePriceCents: 31_000 });
    const [group] = groupCart(useCartStore.getState().lines);
    expect(group!.problems.prod_pinot).toBe('Only 4 cases available.');
    expect(groupIsPlaceable(group!)).toBe(false);
    expect(useCartStore.getState().lines[0]!.priceWhenAddedCents).toBe(30_000);
    expect(useCartStore.getState().lines[0]!.casePriceCents).toBe(31_000);
  });

  it('builds one draft per group with trimmed notes and the estimate', () => {
    const cart = useCartStore.getState();
    cart.add(cab, 2);
    const [group] = groupCart(useCartStore.getState().lines);
    const address = { street1: '1 Pier', city: 'Oakland', state: 'CA' as const, zip: '94607' };
    expect(buildDraft(group!, address, '  ring twice ')).toEqual({
      order: { supplier_id: 'sup_napa', items: [{ product_id: 'prod_cab', quantity: 2 }], shipping_address: address, buyer_notes: 'ring twice' },
      supplierName: 'Napa Ridge Cellars',
      estimatedTotalCents: group!.totals.total_cents,
    });
    expect(buildDraft(group!, address, '   ').order).not.toHaveProperty('buyer_notes');
  });
});
