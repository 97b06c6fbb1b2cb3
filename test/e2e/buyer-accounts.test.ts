import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../shared/schemas';
import { blockingViolations, formatViolations, runAxe } from '../support/e2e-axe';
import { useE2eApp } from '../support/e2e-suite';
import { addFromCatalog, goTo, waitForCatalog, WAIT } from '../support/e2e-screens';

/**
 * Several buyer accounts (issue 15, for reps): a second demo buyer is added beside the first,
 * orders are queued offline under each, and when the service is back each is placed once under its
 * own account, as the service itself says when asked with each buyer's key.
 */
const app = useE2eApp({ catalogSize: 300, shipAfterSeconds: 3600, deliverAfterSeconds: 3600, core: { syncIntervalMs: 2_000 } });

/** Two orderable products of different suppliers, each with a name no other product has. */
async function twoProducts(): Promise<[CatalogProduct, CatalogProduct]> {
  const products = await app().service.allProducts();
  const unique = products
    .filter((product) => product.inventory_available >= 2 * product.minimum_order)
    .filter((product) => products.filter((other) => other.name === product.name).length === 1);
  const first = unique[0];
  const second = unique.find((product) => product.supplier.id !== first?.supplier.id);
  if (!first || !second) throw new Error('The demo catalog has no two orderable products of different suppliers');
  return [first, second];
}

function outboxEntry(page: Page, supplierName: string, state: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Order to ${supplierName}: ${state}` }) });
}

/** Places the cart's one order and waits for it to wait in the outbox, named for the account. */
async function queueOrder(page: Page, product: CatalogProduct, accountName: string) {
  await goTo(page, 'Cart');
  await page.getByText(`Ordering for ${accountName}`).waitFor();
  await page.getByRole('heading', { level: 2, name: `Order from ${product.supplier.name}` }).waitFor();
  await page.getByText('Reading the outbox…').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  const entry = outboxEntry(page, product.supplier.name, 'Queued');
  await entry.waitFor({ timeout: WAIT.short });
  await entry.getByText(`For ${accountName}`).waitFor();
}

function header(page: Page) {
  return page.getByRole('banner');
}

describe('several buyer accounts', () => {
  it('adds a second buyer, queues an order offline under each, and each is placed once under its own account', async () => {
    const { page, problems, close } = await app().openPage();
    await waitForCatalog(page, app().catalogSize);
    const [forFirst, forSecond] = await twoProducts();
    const first = await app().serviceAs(0).account();
    const second = await app().serviceAs(1).account();
    const ordersBefore = { first: await app().serviceAs(0).orders(), second: await app().serviceAs(1).orders() };
    await header(page).getByRole('link', { name: first.name }).waitFor();

    // Add the second buyer: a key already added is refused with a specific message, nothing saved.
    await goTo(page, 'Settings');
    const accounts = page.getByRole('region', { name: 'Buyer accounts' });
    const { baseUrl } = app().credentialsOf(1);
    await accounts.getByRole('button', { name: 'Add a buyer account' }).click();
    await accounts.getByLabel('Service URL').fill(baseUrl);
    await accounts.getByLabel('API key').fill(app().credentialsOf(0).apiKey);
    await accounts.getByRole('button', { name: 'Test and add' }).click();
    await accounts.getByText(`This key is already added, as ${first.name}. Choose it in the account switcher instead.`).waitFor();
    await accounts.getByLabel('API key').fill(app().credentialsOf(1).apiKey);
    await accounts.getByRole('button', { name: 'Test and add' }).click();
    await accounts.getByText(`Added ${second.name}; it is the active account now.`).waitFor({ timeout: WAIT.short });
    await header(page).getByRole('link', { name: second.name }).waitFor();
    // The accounts on this computer (the demo's buyers to add are listed apart).
    expect(await accounts.getByRole('list', { name: 'Buyer accounts on this computer' }).getByRole('listitem').count()).toBe(2);
    // At 1024 px the header with the switcher still fits: nothing scrolls sideways.
    await page.setViewportSize({ width: 1024, height: 768 });
    await header(page).getByRole('button', { name: 'Switch account' }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

    // Offline: an order under the second buyer, then (switched by the shortcut) one under the first.
    await app().stopService();
    problems.allow(/\/product-images\/prod_/);
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor({ timeout: WAIT.fulfilment });
    await addFromCatalog(page, forSecond);
    await queueOrder(page, forSecond, second.name);

    await page.keyboard.press('Control+Shift+A');
    const switcher = page.getByRole('dialog', { name: 'Switch buyer account' });
    await switcher.waitFor();
    const blocking = blockingViolations(await runAxe(page));
    expect(blocking, formatViolations('the account switcher', blocking)).toEqual([]);
    // Keyboard alone: the active account is marked; Tab reaches the other, Enter switches.
    expect(await switcher.getByRole('button', { name: new RegExp(`^${second.name}`) }).getAttribute('aria-current')).toBe('true');
    const other = switcher.getByRole('button', { name: new RegExp(`^${first.name}`) });
    const otherText = await other.textContent();
    // An expression evaluated in the page (this project's Node types have no DOM).
    const focusedText = () => page.evaluate('document.activeElement ? document.activeElement.textContent : null');
    for (let tries = 0; tries < 6 && (await focusedText()) !== otherText; tries += 1) await page.keyboard.press('Tab');
    expect(await focusedText()).toBe(otherText);
    await page.keyboard.press('Enter');
    await switcher.waitFor({ state: 'detached' });
    await header(page).getByRole('link', { name: first.name }).waitFor();
    await page.getByText(`Ordering for ${first.name}`).waitFor();
    await page.getByText('Your cart is empty').waitFor();
    expect(await outboxEntry(page, forSecond.supplier.name, 'Queued').count(), "the other account's order is not listed").toBe(0);
    await addFromCatalog(page, forFirst);
    await queueOrder(page, forFirst, first.name);

    // Back online: both outboxes send, each with its own account's key, whichever is active.
    await app().startService();
    await expect
      .poll(async () => [(await app().serviceAs(0).orders()).meta.total, (await app().serviceAs(1).orders()).meta.total], {
        timeout: WAIT.fulfilment,
        interval: 500,
        message: 'each buyer has one more order',
      })
      .toEqual([ordersBefore.first.meta.total + 1, ordersBefore.second.meta.total + 1]);
    await outboxEntry(page, forFirst.supplier.name, 'Queued').waitFor({ state: 'detached', timeout: WAIT.fulfilment });

    const known = (list: { data: { id: string }[] }) => new Set(list.data.map((order) => order.id));
    const before = { first: known(ordersBefore.first), second: known(ordersBefore.second) };
    const newOf = async (buyer: 0 | 1) =>
      (await app().serviceAs(buyer).orders()).data.filter((order) => !(buyer === 0 ? before.first : before.second).has(order.id));
    const [firstNew] = await newOf(0);
    const [secondNew] = await newOf(1);
    expect((await app().serviceAs(0).order(firstNew!.id)).items.map((item) => item.product_id)).toEqual([forFirst.id]);
    expect((await app().serviceAs(1).order(secondNew!.id)).items.map((item) => item.product_id)).toEqual([forSecond.id]);
    expect((await app().serviceAs(0).orders()).data.map((order) => order.id)).not.toContain(secondNew!.id);

    problems.assertNone('several buyer accounts');
    await close();
    // Nothing is sent twice after the page is gone either.
    await app().shell.core.whenIdle();
    expect((await app().serviceAs(0).orders()).meta.total).toBe(ordersBefore.first.meta.total + 1);
    expect((await app().serviceAs(1).orders()).meta.total).toBe(ordersBefore.second.meta.total + 1);
  });
});
