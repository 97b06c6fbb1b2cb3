import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatCases } from '../../shared/format';
import type { CatalogProduct } from '../../shared/schemas';
import { blockingViolations, formatViolations, runAxe } from '../support/e2e-axe';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, navLink, openReceipts, searchField, waitForCatalog, WAIT } from '../support/e2e-screens';

// The periodic re-sync stays at the app's two minutes: the review journey needs the offline copy
// to keep the stock it had before another buyer took some.
const app = useE2eApp({ catalogSize: 300, shipAfterSeconds: 600, deliverAfterSeconds: 600 });

/** "Ashby Pinot Noir 2019 · 750 ml": what the screens must call a picked wine (spelled out, not the app's own formatter). */
const wineName = (product: CatalogProduct) => {
  const size = product.size_ml >= 1000 ? `${product.size_ml / 1000} L` : `${product.size_ml} ml`;
  const year = product.vintage === null ? 'NV' : String(product.vintage);
  return `${product.name.split(' ').includes(year) ? product.name : `${product.name} ${year}`} · ${size}`;
};
const orderable = (product: CatalogProduct) => product.inventory_available >= product.minimum_order;

interface Picks {
  /** Two products of different suppliers, each with a name no other product has. */
  first: CatalogProduct;
  second: CatalogProduct;
  /** A product with stock for twice its minimum and a similar orderable wine (same varietal and region). */
  scarce: CatalogProduct;
  similar: CatalogProduct[];
}

let picked: Promise<Picks> | null = null;
const picks = () => (picked ??= app().service.allProducts().then(choose));

function choose(products: readonly CatalogProduct[]): Picks {
  const similarTo = (product: CatalogProduct) =>
    products.filter((other) => other.id !== product.id && other.varietal === product.varietal && other.region === product.region && orderable(other));
  const scarce = products.find((product) => product.minimum_order >= 1 && product.inventory_available >= 2 * product.minimum_order && similarTo(product).length > 0);
  if (!scarce) throw new Error('The demo catalog has no product with a similar wine and stock for twice its minimum');
  const unique = products
    .filter((product) => orderable(product) && product.supplier.id !== scarce.supplier.id)
    .filter((product) => products.filter((other) => other.name === product.name).length === 1)
    .sort((a, b) => a.case_price_cents * a.minimum_order - b.case_price_cents * b.minimum_order);
  const first = unique[0];
  const second = unique.find((product) => product.supplier.id !== first?.supplier.id);
  if (!first || !second) throw new Error('The demo catalog has no two orderable products of different suppliers');
  return { first, second, scarce, similar: similarTo(scarce) };
}

async function addFromCatalog(page: Page, product: CatalogProduct) {
  await goTo(page, 'Catalog');
  await searchField(page).fill(product.name);
  const cases = formatCases(product.minimum_order);
  await page.getByRole('button', { name: `Add ${cases} of ${product.name} to the cart` }).click();
  // The toast names the wine with its vintage and bottle size.
  await page.getByText(`Added ${cases} of ${wineName(product)}`, { exact: true }).first().waitFor();
}

function outboxEntry(page: Page, supplierName: string, state: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Order to ${supplierName}: ${state}` }) });
}

/** axe-core over the page as it is, in light and in dark: no serious or critical violation. */
async function expectAxeClean(page: Page, screen: string) {
  const reports: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const blocking = blockingViolations(await runAxe(page));
    if (blocking.length > 0) reports.push(formatViolations(`${screen} (${colorScheme})`, blocking));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(reports, reports.join('\n\n')).toEqual([]);
}

async function pageIsNoWiderThanWindow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  // An expression evaluated in the page (this project's Node types have no DOM).
  return page.evaluate('({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })');
}

describe('the cart', () => {
  it('a one-off ship-to address is used for its order only; receipts open after placing, then wait after the next cart, collapsed; long words wrap', async () => {
    const { page, problems, close } = await app().openPage();
    const { first, second } = await picks();
    const account = await app().service.account();
    const accountStreet = account.address.street2?.trim() ? `${account.address.street1}, ${account.address.street2.trim()}` : account.address.street1;
    const note = 'x'.repeat(2_000);
    await waitForCatalog(page, app().catalogSize);

    // First order: to another address, with a note of one 2,000-character word.
    await addFromCatalog(page, first);
    await goTo(page, 'Cart');
    await page.getByRole('link', { name: wineName(first), exact: true }).waitFor();
    await page.getByRole('radio', { name: 'Another address' }).check();
    await page.getByRole('textbox', { name: 'Street' }).fill('99 One-off Road');
    await page.getByRole('textbox', { name: `Notes for ${first.supplier.name}` }).fill(note);
    await page.getByRole('button', { name: 'Place order', exact: true }).click();
    await page.getByText('Your cart is empty').waitFor();

    // Its receipt: after the (empty) cart, open right after placing.
    const receipt = outboxEntry(page, first.supplier.name, 'Confirmed');
    await receipt.waitFor({ timeout: WAIT.fulfilment });
    expect(await page.getByRole('region', { name: 'Receipts' }).locator('details').getAttribute('open')).not.toBeNull();
    const number = ((await receipt.getByRole('link', { name: /^order / }).textContent()) ?? '').replace(/^order /, '');
    const placed = (await app().service.orders()).data.find((order) => order.order_number === number);
    if (!placed) throw new Error(`The service has no order ${number}`);
    expect((await app().service.order(placed.id)).shipping_address.street1).toBe('99 One-off Road');
    await expectAxeClean(page, 'cart with its receipts open');

    // The order page: the note wraps, at 1280 and at 1024 pixels, and the line names the vintage and size.
    await receipt.getByRole('link', { name: `order ${number}` }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(`^Order ${number}\\b`) }).waitFor();
    // (The hidden order sheet beside the app's root, for printing, holds the note too.)
    await page.locator('#root').getByText(note).waitFor();
    await page.getByRole('link', { name: wineName(first), exact: true }).waitFor();
    for (const viewport of [{ width: 1280, height: 800 }, { width: 1024, height: 700 }]) {
      await page.setViewportSize(viewport);
      const { scrollWidth, innerWidth } = await pageIsNoWiderThanWindow(page);
      expect(scrollWidth, `the order page at ${viewport.width} px`).toBeLessThanOrEqual(innerWidth);
    }
    await expectAxeClean(page, 'order with a long note');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The next cart ships to the account's address again, and its lines come before the receipts.
    await addFromCatalog(page, second);
    await goTo(page, 'Cart');
    const line = page.getByRole('link', { name: wineName(second), exact: true });
    await line.waitFor();
    expect(await page.getByRole('radio', { name: /^The account's address/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Another address' }).isChecked()).toBe(false);
    const receipts = page.getByRole('region', { name: 'Receipts' });
    await receipts.waitFor();
    expect(await receipts.locator('details').getAttribute('open')).toBeNull();
    expect(await outboxEntry(page, first.supplier.name, 'Confirmed').isVisible()).toBe(false);
    const lineBox = await line.boundingBox();
    const receiptsBox = await receipts.boundingBox();
    expect(lineBox && receiptsBox && lineBox.y < receiptsBox.y, 'the cart line is above the receipts').toBe(true);
    expect(lineBox!.y).toBeLessThan(800);

    await page.getByRole('button', { name: 'Place order', exact: true }).click();
    await page.getByText('Your cart is empty').waitFor();
    await openReceipts(page);
    const secondReceipt = outboxEntry(page, second.supplier.name, 'Confirmed');
    await secondReceipt.waitFor({ timeout: WAIT.fulfilment });
    const secondNumber = ((await secondReceipt.getByRole('link', { name: /^order / }).textContent()) ?? '').replace(/^order /, '');
    const secondOrder = (await app().service.orders()).data.find((order) => order.order_number === secondNumber);
    if (!secondOrder) throw new Error(`The service has no order ${secondNumber}`);
    expect((await app().service.order(secondOrder.id)).shipping_address.street1).toBe(accountStreet);

    // "Dismiss all" clears the receipts.
    await receipts.getByRole('button', { name: 'Dismiss all' }).click();
    await receipts.waitFor({ state: 'detached' });

    problems.assertNone('ordering to a one-off address, then to the account’s address');
    await close();
  });

  it('a refused order shows the service’s current stock, orders what is available, and offers similar wines', async () => {
    const { page, problems, close } = await app().openPage();
    const { scarce, similar } = await picks();
    const name = wineName(scarce);
    await waitForCatalog(page, app().catalogSize);

    // The buyer asks for every case the offline copy says there is…
    await addFromCatalog(page, scarce);
    await goTo(page, 'Cart');
    const quantity = page.getByRole('textbox', { name: `Cases of ${name}`, exact: true });
    await quantity.fill(String(scarce.inventory_available));
    await quantity.press('Tab');
    await expect.poll(() => navLink(page, 'Cart').textContent()).toContain(String(scarce.inventory_available));

    // …while another buyer takes all but the minimum.
    const account = await app().service.account();
    await app().service.placeOrder({
      supplier_id: scarce.supplier.id,
      items: [{ product_id: scarce.id, quantity: scarce.inventory_available - scarce.minimum_order }],
      shipping_address: { street1: account.address.street1, city: account.address.city, state: 'CA', zip: account.address.zip },
    });
    const left = scarce.minimum_order;
    expect((await app().service.product(scarce.id)).inventory_available).toBe(left);

    await page.getByRole('button', { name: 'Place order', exact: true }).click();
    const entry = outboxEntry(page, scarce.supplier.name, 'Needs review');
    await entry.waitFor({ timeout: WAIT.fulfilment });
    await entry.getByText(`${formatCases(left)} in stock, minimum order ${formatCases(scarce.minimum_order)} — the service, just now`).waitFor();

    // Similar wines from the offline copy: same varietal and region.
    const similarIds = new Set(similar.map((product) => product.id));
    const offered = entry.getByRole('list', { name: `Similar wines (${scarce.varietal}, ${scarce.region})` }).getByRole('link');
    await offered.first().waitFor();
    for (const link of await offered.all()) {
      const href = (await link.getAttribute('href')) ?? '';
      expect(similarIds.has(decodeURIComponent(href.replace(/^.*\//, '')))).toBe(true);
    }
    await expectAxeClean(page, 'cart with an order to review');

    const before = await app().service.orderCount();
    await entry.getByRole('button', { name: `Order the ${formatCases(left)} available` }).click();
    await openReceipts(page);
    const receipt = outboxEntry(page, scarce.supplier.name, 'Confirmed');
    await receipt.waitFor({ timeout: WAIT.fulfilment });
    expect(await app().service.orderCount()).toBe(before + 1);
    const number = ((await receipt.getByRole('link', { name: /^order / }).textContent()) ?? '').replace(/^order /, '');
    const listed = (await app().service.orders()).data.find((order) => order.order_number === number);
    const placed = listed ? await app().service.order(listed.id) : null;
    expect(placed?.items.map((item) => [item.product_id, item.quantity])).toEqual([[scarce.id, left]]);

    problems.assertNone('fixing a refused order');
    await close();
  });
});
