import { describe, expect, it } from 'vitest';
import { US_STATE_CODES } from '../../shared/schemas';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, openReceipts, searchField, waitForCatalog, WAIT } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 300 });

describe('the cart’s ship-to address and notes', () => {
  it('offers the state as a list, refuses control characters next to the field, and sends nothing until fixed', async () => {
    const { page, problems, close } = await app().openPage();
    const product = (await app().service.allProducts())
      .filter((candidate) => candidate.inventory_available >= candidate.minimum_order)
      .sort((a, b) => a.case_price_cents - b.case_price_cents)[0]!;
    const ordersBefore = await app().service.orderCount();

    await waitForCatalog(page, app().catalogSize);
    await goTo(page, 'Catalog');
    await searchField(page).fill(product.name);
    const cases = product.minimum_order === 1 ? 'case' : 'cases';
    await page.getByRole('button', { name: `Add ${product.minimum_order} ${cases} of ${product.name} to the cart` }).first().click();
    await goTo(page, 'Cart');
    await page.getByRole('heading', { level: 2, name: `Order from ${product.supplier.name}` }).waitFor();
    await page.getByText('Reading the outbox…').waitFor({ state: 'detached' });

    // "Another address" starts from the account's address once the account is read (before, from
    // nothing, with "Choose a state" among the states): the choice says "reading…" until then.
    await page.getByRole('radio', { name: /^The account's address \((?!not synced yet|reading…)/ }).waitFor({ timeout: WAIT.short });
    await page.getByRole('radio', { name: 'Another address' }).check();
    const state = page.getByRole('combobox', { name: 'State' });
    const offered = await Promise.all((await state.locator('option').all()).map((option) => option.getAttribute('value')));
    expect(offered).toEqual(US_STATE_CODES);
    await page.getByRole('textbox', { name: 'Street' }).fill('12 Dock\u0000 Road');
    await page.getByRole('textbox', { name: `Notes for ${product.supplier.name}` }).fill('Ring twice\u000b');
    await page.getByText('The notes have characters that cannot be sent (control characters other than tabs and line breaks); remove them.').waitFor();
    await page.getByRole('button', { name: 'Place order', exact: true }).click();
    await page.getByText('The street has characters that cannot be sent (tabs, line breaks or other control characters); remove them.').waitFor();
    await page.getByText(`Fix the notes for ${product.supplier.name}.`).waitFor();
    expect(await page.getByRole('heading', { name: /^Order to / }).count()).toBe(0);
    expect(await app().service.orderCount()).toBe(ordersBefore);

    await page.getByRole('textbox', { name: 'Street' }).fill('12 Dock Road');
    await page.getByRole('textbox', { name: 'City' }).fill('Portland');
    await state.selectOption('OR');
    await page.getByRole('textbox', { name: 'ZIP code' }).fill('97210');
    await page.getByRole('textbox', { name: `Notes for ${product.supplier.name}` }).fill('Ring twice\n\tthen wait');
    await page.getByRole('button', { name: 'Place order', exact: true }).click();

    await openReceipts(page);
    const confirmed = page.getByRole('heading', { name: `Order to ${product.supplier.name}: Confirmed` });
    await confirmed.waitFor({ timeout: WAIT.fulfilment });
    expect(await app().service.orderCount()).toBe(ordersBefore + 1);
    const [latest] = (await app().service.orders('per_page=1')).data;
    const order = await app().service.order(latest!.id);
    expect(order.shipping_address).toEqual({ street1: '12 Dock Road', city: 'Portland', state: 'OR', zip: '97210' });
    expect(order.buyer_notes).toBe('Ring twice\n\tthen wait');

    problems.assertNone('placing an order to another address');
    await close();
  });
});
