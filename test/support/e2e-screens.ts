import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { CatalogProduct } from '../../shared/schemas';

/** How long to wait for things that take a while in a real browser on a busy machine. */
export const WAIT = { short: 10_000, sync: 120_000, fulfilment: 60_000 } as const;

export function navLink(page: Page, label: string): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: new RegExp(`^${label}\\b`) });
}

export async function goTo(page: Page, label: string): Promise<void> {
  await navLink(page, label).click();
  await expect.poll(() => navLink(page, label).getAttribute('aria-current'), { message: `the ${label} screen opens` }).toBe('page');
}

/** The catalog's result count ("1,234 products"), a polite live region. */
export function resultCount(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /^[0-9][0-9,]* products?\b/ });
}

/** The number of products the catalog says it found; null while it shows none. */
export async function readResultCount(page: Page): Promise<number | null> {
  const count = resultCount(page);
  if ((await count.count()) === 0) return null;
  const match = /^([0-9][0-9,]*) products?/.exec(((await count.first().textContent()) ?? '').trim());
  return match?.[1] ? Number(match[1].replace(/,/g, '')) : null;
}

/** Waits until the catalog has the whole offline copy: the first sync is done. */
export async function waitForCatalog(page: Page, total: number): Promise<void> {
  await expect
    .poll(() => readResultCount(page), { timeout: WAIT.sync, interval: 250, message: `the catalog shows all ${total} products` })
    .toBe(total);
}

export function searchField(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search the catalog' });
}

/** "$1,234.50" → 123450 */
export function parseCents(text: string): number {
  const match = /\$([0-9][0-9,]*)\.([0-9]{2})/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`"${text}" is not a dollar amount`);
  return Number(match[1].replace(/,/g, '')) * 100 + Number(match[2]);
}


/**
 * Opens the cart's receipts of confirmed orders (collapsed by default) once there are any: waits
 * for the section, then expands it if it is closed.
 */
/**
 * Places the cart's one order (the Place order button), waits for the empty cart, opens the
 * receipts and waits for the supplier's order to be confirmed: its receipt and its order number.
 */
export async function placeAndConfirm(page: Page, supplierName: string): Promise<{ receipt: Locator; number: string }> {
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  await page.getByText('Your cart is empty').waitFor();
  await openReceipts(page);
  const receipt = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Order to ${supplierName}: Confirmed` }) });
  await receipt.waitFor({ timeout: WAIT.fulfilment });
  return { receipt, number: ((await receipt.getByRole('link', { name: /^order / }).textContent()) ?? '').replace(/^order /, '') };
}

export async function openReceipts(page: Page, timeout: number = WAIT.fulfilment): Promise<void> {
  const section = page.getByRole('region', { name: 'Receipts' });
  await section.waitFor({ timeout });
  const details = section.locator('details');
  // The list also opens by itself when an order was just placed: a click that crosses that render
  // closes it again, so look once more after each click.
  const deadline = Date.now() + timeout;
  while ((await details.getAttribute('open')) === null) {
    if (Date.now() > deadline) throw new Error('The receipts did not open.');
    await details.locator('summary').click();
    await page.waitForTimeout(250);
  }
}

/** Adds a product's minimum to the cart from the catalog, and waits for the toast that says so. */
export async function addFromCatalog(page: Page, product: CatalogProduct): Promise<void> {
  await goTo(page, 'Catalog');
  await searchField(page).fill(product.name);
  const cases = product.minimum_order === 1 ? 'case' : 'cases';
  await page.getByRole('button', { name: `Add ${product.minimum_order} ${cases} of ${product.name} to the cart` }).click();
  await page.getByText(`Added ${product.minimum_order} ${cases} of ${product.name}`).first().waitFor();
}

/** Stars each product in the catalog (searched by name), waiting until its star shows it pressed. */
export async function starInCatalog(page: Page, products: readonly CatalogProduct[]): Promise<void> {
  await goTo(page, 'Catalog');
  for (const product of products) {
    await searchField(page).fill(product.name);
    const star = page.getByRole('button', { name: `Favourite: ${product.name}` }).first();
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed'), { timeout: WAIT.short }).toBe('true');
  }
}
