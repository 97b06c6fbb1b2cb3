import { describe, expect, it } from 'vitest';
import { formatCases } from '../../shared/format';
import type { CatalogProduct } from '../../shared/schemas';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, openReceipts, searchField, waitForCatalog, WAIT } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 120, shipAfterSeconds: 600, deliverAfterSeconds: 600 });

function pick(products: readonly CatalogProduct[]): CatalogProduct {
  const found = products.find(
    (product) => product.inventory_available >= product.minimum_order && products.filter((other) => other.name === product.name).length === 1,
  );
  if (!found) throw new Error('The demo catalog has no orderable product with a name of its own');
  return found;
}

describe('saved ship-to addresses', () => {
  it('saves an address in Settings, makes it the default, and an order goes to it', async () => {
    const { page, problems, close } = await app().openPage();
    const product = pick(await app().service.allProducts());
    await waitForCatalog(page, app().catalogSize);

    await goTo(page, 'Settings');
    await page.getByRole('button', { name: 'Add an address' }).click();
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByRole('textbox', { name: 'Label' }).fill('Downtown bar');
    await form.getByRole('textbox', { name: 'Street' }).fill('5 Pike St');
    await form.getByRole('textbox', { name: 'City' }).fill('Seattle');
    await form.getByRole('combobox', { name: 'State' }).selectOption('WA');
    await form.getByRole('textbox', { name: 'ZIP code' }).fill('98101');
    await form.getByRole('button', { name: 'Save address' }).click();
    await page.getByRole('button', { name: 'Make Downtown bar the default' }).click();
    await page.getByRole('listitem', { name: 'Downtown bar' }).getByText('Default').waitFor();

    await goTo(page, 'Catalog');
    await searchField(page).fill(product.name);
    await page.getByRole('button', { name: `Add ${formatCases(product.minimum_order)} of ${product.name} to the cart` }).click();
    await goTo(page, 'Cart');
    const saved = page.getByRole('radio', { name: /^Downtown bar/ });
    await saved.waitFor();
    expect(await saved.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Place order', exact: true }).click();
    await page.getByText('Your cart is empty').waitFor();

    await openReceipts(page);
    const receipt = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Order to ${product.supplier.name}: Confirmed` }) });
    await receipt.waitFor({ timeout: WAIT.fulfilment });
    const number = ((await receipt.getByRole('link', { name: /^order / }).textContent()) ?? '').replace(/^order /, '');
    const placed = (await app().service.orders()).data.find((order) => order.order_number === number);
    if (!placed) throw new Error(`The service has no order ${number}`);
    expect((await app().service.order(placed.id)).shipping_address).toMatchObject({ street1: '5 Pike St', city: 'Seattle', state: 'WA', zip: '98101' });

    // Kept on this computer: still there after a reload.
    await page.reload();
    await goTo(page, 'Settings');
    await page.getByRole('listitem', { name: 'Downtown bar' }).waitFor();
    problems.assertNone('saving an address and ordering to it');
    await close();
  });
});
