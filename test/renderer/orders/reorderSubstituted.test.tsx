import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/schemas';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { shippedOrder } from '../support/fixtures';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

/** ORD-1001 as the service filled it: the Merlot sent because the Cabernet asked for was out of stock. */
const substitutedOrder: Order = {
  ...shippedOrder,
  items: [
    {
      id: 'item_1',
      product_id: 'prod_merlot',
      product_name: 'Ridge Merlot 2020',
      quantity: 2,
      unit_price_cents: 24_000,
      total_cents: 48_000,
      substitution: { requested_product_id: 'prod_cab', requested_product_name: 'Ridge Cabernet 2019', reason: 'out_of_stock' },
    },
  ],
};

describe('reordering an order the service filled with a backup (issue 26)', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('puts back the wine asked for, with the wine sent instead as its backup again', async () => {
    const fake = createFakeBridge();
    fake.setOrderHistory([substitutedOrder]);
    renderApp(fake.bridge, `#/orders/${substitutedOrder.id}`);
    await screen.findByRole('heading', { name: /Order ORD-1001/, level: 1 }, slow);

    fireEvent.click(screen.getByRole('button', { name: 'Reorder into the cart' }));
    expect(await screen.findByText('Added to the cart: 2 × Ridge Cabernet 2019 · 750 ml (Ridge Merlot 2020 · 750 ml as its backup).', { selector: 'p' })).toBeTruthy();
    const lines = useCartStore.getState().lines;
    expect(lines.map((line) => [line.productId, line.quantity, line.backup?.productId])).toEqual([['prod_cab', 2, 'prod_merlot']]);
    expect(lines[0]!.backup).toEqual({ productId: 'prod_merlot', name: 'Ridge Merlot 2020 · 750 ml', casePriceCents: 24_000 });
  });
});
