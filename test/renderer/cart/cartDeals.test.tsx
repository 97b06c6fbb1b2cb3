import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../../shared/bridge';
import { formatCents } from '../../../shared/format';
import { orderTotals } from '../../../shared/pricing';
import type { Deal, Product } from '../../../shared/schemas';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { groupCart } from '../../../renderer/features/cart/cartGroups';
import { ProductDeals } from '../../../renderer/features/product/ProductDeals';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { product, toCatalogProduct } from '../support/fixtures';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };
const DAY = 86_400_000;

const fiveCases: Deal = {
  id: 'deal_fivecases',
  kind: 'case',
  title: '5+ cases: $18 off each',
  min_cases: 5,
  discount: { type: 'amount_off', amount_off_cents: 1_800 },
  starts_at: new Date(Date.now() - DAY).toISOString(),
  ends_at: new Date(Date.now() + 10 * DAY).toISOString(),
  product_count: 1,
};
const ended: Deal = { ...fiveCases, id: 'deal_ended', title: 'Over', min_cases: 1, starts_at: new Date(Date.now() - 10 * DAY).toISOString(), ends_at: new Date(Date.now() - DAY).toISOString() };

const cabWithDeals: Product = { ...product('prod_cab'), deals: [fiveCases, ended] };

describe('cart with deals (issue 26)', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('estimates with the deal from its threshold on, never with one that ended, and says what a few more cases would save', () => {
    const cart = useCartStore.getState();
    cart.add(toCartProduct(cabWithDeals), 3);
    let [group] = groupCart(useCartStore.getState().lines);
    expect(group!.totals).toEqual(orderTotals([{ unit_price_cents: 36_000, quantity: 3 }]));
    expect(group!.hints.prod_cab).toMatchObject({ casesToAdd: 2, savingPerCaseCents: 1_800, title: fiveCases.title });

    cart.setQuantity('prod_cab', 5);
    [group] = groupCart(useCartStore.getState().lines);
    expect(group!.totals).toEqual(orderTotals([{ unit_price_cents: 34_200, quantity: 5 }]));
    expect(group!.priced[0]).toMatchObject({ unit_price_cents: 34_200, saved_cents: 9_000, deal: { id: fiveCases.id } });
    expect(group!.hints.prod_cab).toBeUndefined();
  });

  it('keeps the deals a detail gave when a catalog item of the same product is added again', () => {
    const cart = useCartStore.getState();
    cart.add(toCartProduct(cabWithDeals), 3);
    cart.add(toCartProduct(toCatalogProduct(product('prod_cab'))), 2);
    expect(useCartStore.getState().lines[0]).toMatchObject({ quantity: 5, deals: [fiveCases, ended] });
  });

  it('shows the deal applied and its price in the cart, from the product detail the app holds (the offline copy when offline)', async () => {
    useCartStore.getState().add(toCartProduct(product('prod_cab')), 5);
    // The detail as the bridge answers it from the saved copy: with the deals the change feed brought.
    const fake = createFakeBridge({
      getProduct: async (input) => (input.id === 'prod_cab' ? ok({ data: cabWithDeals, freshness: { asOf: '2026-11-22T08:00:00.000Z', fromCache: true } }) : ok({ data: product(input.id), freshness: { asOf: '2026-11-22T08:00:00.000Z', fromCache: true } })),
    });
    renderApp(fake.bridge, '#/cart');
    const note = await screen.findByText(/Deal “5\+ cases: \$18 off each”/, undefined, slow);
    expect(note.textContent).toContain(`${formatCents(34_200)} per case, saves ${formatCents(9_000)}`);
    const group = screen.getByRole('heading', { name: 'Order from Napa Ridge Cellars' }).closest('section') as HTMLElement;
    // The line's total and the group's subtotal: the deal price × 5.
    expect(within(group).getAllByText(formatCents(34_200 * 5)).map((element) => element.className || element.tagName)).toEqual(['line-total', 'DD']);
    expect(within(group).getByText(formatCents(orderTotals([{ unit_price_cents: 34_200, quantity: 5 }]).total_cents))).toBeTruthy();
  });

  it('lists on the product page the deals running and to come with their case price, never one that ended, and the split-case terms', () => {
    const later: Deal = { ...fiveCases, id: 'deal_later', kind: 'mix', title: 'Any 10 cases', min_cases: 10, discount: { type: 'percent_off', percent_off_basis_points: 800 }, product_count: 4, starts_at: new Date(Date.now() + 2 * DAY).toISOString() };
    render(<ProductDeals product={{ ...cabWithDeals, deals: [fiveCases, ended, later], split_case: { fee_cents: 3_000, bottles_available: 40 } }} />);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain(`5+ cases: $18 off each: ${formatCents(34_200)} a case (instead of ${formatCents(36_000)}) from 5 cases of this wine, until`);
    expect(items[1]).toContain(`${formatCents(33_120)} a case`);
    expect(items[1]).toContain('from 10 cases of any of 4 of this supplier’s wines together, from');
    expect(screen.getByText(/plus \$30\.00 per order line; 40 bottles in stock/)).toBeTruthy();
  });
});
