import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatWineName } from '../../shared/format';
import type { CatalogProduct } from '../../shared/schemas';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, navLink, parseCents, readResultCount, searchField, waitForCatalog, WAIT } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 300 });
let catalog: Promise<CatalogProduct[]> | null = null;
/** The demo catalog as the service lists it, read once. */
const demoProducts = () => (catalog ??= app().service.allProducts());

const caseWord = (count: number) => (count === 1 ? 'case' : 'cases');

/** The case prices in the rendered rows of the table view, top to bottom, found by the column's header. */
async function casePricesOnScreen(page: Page) {
  const table = page.getByRole('table', { name: 'Products' });
  // Every header cell, those a narrow window hides too, so the index matches the cells of a row.
  const headers = (await table.locator('thead th').allTextContents()).map((text) => text.replace(/[▲▼]/g, '').trim());
  const column = headers.indexOf('Case');
  if (column < 0) throw new Error(`The products table has no "Case" column (${headers.join(', ')})`);
  const cells = await table.locator(`tbody tr[aria-rowindex] td:nth-child(${column + 1})`).allTextContents();
  return cells.map(parseCents);
}

describe('browsing the demo marketplace', () => {
  it('first launch: the catalog shows the demo products, the account name and the age of the data', async () => {
    const { page, problems, close } = await app().openPage();
    const account = await app().service.account();

    await page.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();
    await waitForCatalog(page, app().catalogSize);
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    expect(await cards.count()).toBeGreaterThan(0);
    await page.getByText(/^Catalog (saved copy, checked with the service|from the service, read) /).waitFor();
    const banner = page.getByRole('banner');
    await banner.getByText(account.name).waitFor({ timeout: WAIT.short });
    expect(await banner.textContent()).toMatch(/demo/i);

    problems.assertNone('the first launch');
    await close();
  });

  it('search, filter and sort: typing narrows the results, a varietal filter shows its count, prices follow the sort', async () => {
    const products = await demoProducts();
    const { page, problems, close } = await app().openPage();
    await waitForCatalog(page, app().catalogSize);
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Table' }).click();
    const table = page.getByRole('table', { name: 'Products' });
    await table.waitFor();

    const target = products.find((product) => products.filter((other) => other.name === product.name).length === 1);
    if (!target) throw new Error('The demo catalog has no product with a unique name');
    await searchField(page).pressSequentially(target.name, { delay: 20 });
    await expect.poll(() => readResultCount(page), { message: 'typing narrows the results' }).toBeLessThan(app().catalogSize);
    await table.getByRole('link', { name: target.name, exact: true }).waitFor();
    expect(await readResultCount(page)).toBeGreaterThan(0);

    await searchField(page).fill('');
    await expect.poll(() => readResultCount(page), { message: 'clearing the search shows everything again' }).toBe(app().catalogSize);

    const varietalFilter = page.getByLabel('Varietal', { exact: true });
    const options = (await varietalFilter.getByRole('option').allTextContents())
      .map((label) => ({ label, match: /^(.*) \(([0-9,]+)\)$/.exec(label) }))
      .filter((option) => option.match)
      .map((option) => ({ label: option.label, name: option.match?.[1] ?? '', count: Number(option.match?.[2]?.replace(/,/g, '')) }))
      .filter((option) => option.count > 1 && option.count < app().catalogSize)
      .sort((a, b) => b.count - a.count);
    const varietal = options[0];
    if (!varietal) throw new Error('The varietal filter offers no option with a count');
    expect(varietal.count).toBe(products.filter((product) => product.varietal === varietal.name).length);
    await varietalFilter.selectOption({ label: varietal.label });
    await expect.poll(() => readResultCount(page), { message: `the ${varietal.name} filter shows its count` }).toBe(varietal.count);
    const rowTexts = await table.locator('tbody tr[aria-rowindex]').allTextContents();
    expect(rowTexts.length).toBeGreaterThan(0);
    for (const text of rowTexts) expect(text).toContain(varietal.name);

    const ofVarietal = products.filter((product) => product.varietal === varietal.name).map((product) => product.case_price_cents);
    const sortBy = page.getByLabel('Sort by');
    await sortBy.selectOption({ label: 'Price: low to high' });
    await expect.poll(async () => (await casePricesOnScreen(page))[0], { message: 'the cheapest comes first' }).toBe(Math.min(...ofVarietal));
    const ascending = await casePricesOnScreen(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await sortBy.selectOption({ label: 'Price: high to low' });
    await expect.poll(async () => (await casePricesOnScreen(page))[0], { message: 'the dearest comes first' }).toBe(Math.max(...ofVarietal));
    const descending = await casePricesOnScreen(page);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect(await readResultCount(page)).toBe(varietal.count);

    problems.assertNone('search, filter and sort');
    await close();
  });

  it('product detail: the quantity stepper refuses below the minimum and above the stock, then adds to the cart', async () => {
    const products = await demoProducts();
    const { page, problems, close } = await app().openPage();
    const candidates = products.filter(
      (product) =>
        product.inventory_available >= product.minimum_order + 2 &&
        products.filter((other) => other.name === product.name).length === 1,
    );
    const product = candidates.find((candidate) => candidate.minimum_order >= 2) ?? candidates[0];
    if (!product) throw new Error('The demo catalog has no orderable product with a unique name');
    const { minimum_order: minimum, inventory_available: stock } = product;

    await waitForCatalog(page, app().catalogSize);
    await searchField(page).fill(product.name);
    await page.getByRole('link', { name: product.name, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const detail = await app().service.product(product.id);
    await page.getByText(detail.sku, { exact: true }).waitFor();

    const cases = page.getByLabel('Cases', { exact: true });
    const add = page.getByRole('button', { name: 'Add to cart' });
    const decrease = page.getByRole('button', { name: 'Decrease Cases' });
    const increase = page.getByRole('button', { name: 'Increase Cases' });
    expect(await cases.inputValue()).toBe(String(minimum));
    expect(await decrease.isDisabled()).toBe(true);

    await cases.fill(String(minimum - 1));
    await page.getByRole('alert').filter({ hasText: minimum > 1 ? `The minimum order is ${minimum} ${caseWord(minimum)}.` : 'Enter at least 1 case.' }).waitFor();
    expect(await add.isDisabled()).toBe(true);

    await cases.fill(String(stock + 1));
    await page.getByRole('alert').filter({ hasText: `Only ${stock} ${caseWord(stock)} available.` }).waitFor();
    expect(await add.isDisabled()).toBe(true);

    await cases.fill(String(stock));
    expect(await increase.isDisabled()).toBe(true);
    expect(await add.isDisabled()).toBe(false);

    await cases.fill(String(minimum));
    await increase.click();
    expect(await cases.inputValue()).toBe(String(minimum + 1));
    await add.click();
    await page.getByText(`Added ${minimum + 1} cases; ${minimum + 1} in the cart now.`).waitFor();
    await expect.poll(() => navLink(page, 'Cart').textContent()).toContain(`${minimum + 1} cases`);

    await goTo(page, 'Cart');
    await page.getByRole('heading', { name: `Order from ${product.supplier.name}` }).waitFor();
    // Once picked, a wine is named with its vintage and bottle size.
    const picked = formatWineName({ name: product.name, vintage: product.vintage, sizeMl: product.size_ml });
    expect(await page.getByLabel(`Cases of ${picked}`, { exact: true }).inputValue()).toBe(String(minimum + 1));

    problems.assertNone('product detail and add to cart');
    await close();
  });

  it('account: the organisation, licence, address and stats of the signed-in buyer', async () => {
    const { page, problems, close } = await app().openPage();
    const account = await app().service.account();

    await goTo(page, 'Account');
    await page.getByRole('heading', { level: 1, name: account.name }).waitFor();
    for (const section of ['Organisation', 'Contact', 'Licence', 'Address', 'On the marketplace', 'In Caseworks on this computer']) {
      await page.getByRole('heading', { level: 2, name: section }).waitFor();
    }
    await page.getByText(account.license.number, { exact: true }).waitFor();
    await page.getByText(account.email, { exact: true }).waitFor();
    await page.getByText(account.address.street1).first().waitFor();
    if (account.dba_name) await page.getByText(`Doing business as ${account.dba_name}`).waitFor();
    await page.getByText(account.license.verified ? /^Verified/ : 'Not verified yet').waitFor();
    const orders = page.getByRole('definition').filter({ has: page.locator('xpath=preceding-sibling::dt[.="Orders"]') });
    expect((await orders.textContent())?.trim()).toBe(String(account.stats.total_orders));
    await page.getByText(/^Account (saved copy, checked with the service|from the service, read) /).waitFor();

    problems.assertNone('the account screen');
    await close();
  });

  it('webhooks: delete asks first; cancel keeps the webhook, confirm removes it at the service', async () => {
    const { page, problems, close } = await app().openPage();
    const [webhook] = (await app().service.webhooks()).data;
    if (!webhook) throw new Error('The demo buyer has no webhook to delete');

    await goTo(page, 'Webhooks');
    await page.getByText(webhook.url, { exact: true }).waitFor();
    const deleteButton = page.getByRole('button', { name: `Delete webhook ${webhook.url}` });

    await deleteButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this webhook?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(webhook.url, { exact: true }).waitFor();
    expect((await app().service.webhooks()).data.map((kept) => kept.id)).toContain(webhook.id);

    await deleteButton.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete webhook', exact: true }).click();
    await page.getByText(webhook.url, { exact: true }).waitFor({ state: 'detached' });
    await expect.poll(async () => (await app().service.webhooks()).data.map((kept) => kept.id)).not.toContain(webhook.id);

    problems.assertNone('deleting a webhook');
    await close();
  });
});
