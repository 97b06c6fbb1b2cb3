import { cleanup, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { ReceiptsSection } from '../../../renderer/features/cart/outbox/ReceiptsSection';
import { createFakeBridge } from '../support/fakeBridge';
import { product } from '../support/fixtures';
import { placeCart } from '../support/placeCart';
import { renderWithBridge, resetClientState } from '../support/render';

describe('a receipt of an order the service filled partly with a backup (issue 26)', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('names each line sent instead of the wine asked for, and why; a line sent as asked has no such note', async () => {
    const fake = createFakeBridge();
    useCartStore.getState().add(toCartProduct(product('prod_cab')), 2);
    await placeCart(fake.bridge);
    const confirmed = await fake.confirm(fake.outbox[0]!.id);
    cleanup();

    const [asked] = confirmed.confirmed!.items;
    const sent = { ...asked!, id: 'item_sent', product_id: 'prod_merlot', product_name: 'Ridge Merlot 2020', substitution: { requested_product_id: 'prod_reserve', requested_product_name: 'Reserve Cabernet 2018', reason: 'out_of_stock' as const } };
    const entry = { ...confirmed, confirmed: { ...confirmed.confirmed!, items: [asked!, sent] } };
    renderWithBridge(<ReceiptsSection entries={[entry]} />, fake.bridge);

    const receipt = screen.getByRole('listitem', { name: 'Order to Napa Ridge Cellars: Confirmed' });
    const notes = [...receipt.querySelectorAll('.substitution-note')].map((note) => note.textContent);
    expect(notes).toEqual(['Ridge Merlot 2020: Backup for Reserve Cabernet 2018, which was out of stock.']);
    expect(within(receipt).queryByText(/Backup for .*Ridge Cabernet/)).toBeNull();
  });
});
