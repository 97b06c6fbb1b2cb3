import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../shared/schemas';
import type { ProbeWindow } from '../support/e2e-dom';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, navLink, openReceipts, readResultCount, searchField, waitForCatalog, WAIT } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 300 });

/** What has the keyboard focus: its tag, its text and its accessible name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = (globalThis as unknown as ProbeWindow).document.activeElement;
    return { tag: element?.tagName ?? '', text: (element?.textContent ?? '').trim(), label: element?.getAttribute('aria-label') ?? '' };
  });

/** Whether the focused element's result (row or card) lies wholly inside the visible part of the list. */
const focusedResultInView = (page: Page) =>
  page.evaluate(() => {
    const item = (globalThis as unknown as ProbeWindow).document.activeElement?.closest('[data-index]');
    const scroller = item?.closest('.results-scroll');
    if (!item || !scroller) return { index: -1, inView: false };
    const box = item.getBoundingClientRect();
    const view = scroller.getBoundingClientRect();
    const header = scroller.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    return { index: Number(item.dataset.index), inView: box.top >= view.top + header - 1 && box.bottom <= view.bottom + 1 };
  });

function orderableWithUniqueName(products: readonly CatalogProduct[]): CatalogProduct {
  const found = products.find(
    (product) =>
      product.inventory_available >= product.minimum_order &&
      products.filter((other) => other.name === product.name).length === 1,
  );
  if (!found) throw new Error('The demo catalog has no orderable product with a unique name');
  return found;
}

describe('the keyboard alone', () => {
  it('places an order with the keyboard only: search, arrow to a result, add with A, go to the cart, place', async () => {
    const product = orderableWithUniqueName(await app().service.allProducts());
    const ordersBefore = await app().service.orderCount();
    const { page, problems, close } = await app().openPage();
    await waitForCatalog(page, app().catalogSize);

    await page.keyboard.press('/');
    expect((await focused(page)).tag).toBe('INPUT');
    await page.keyboard.type(product.name, { delay: 10 });
    await expect.poll(() => readResultCount(page), { message: 'the search narrows the results' }).toBeLessThan(app().catalogSize);
    await page.getByRole('link', { name: product.name, exact: true }).first().waitFor();

    // One key from the search box to the first result, which is the product searched for by name.
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page)).text).toBe(product.name);
    await page.keyboard.press('a');
    const cases = product.minimum_order === 1 ? 'case' : 'cases';
    await page.getByText(`Added ${product.minimum_order} ${cases} of ${product.name}`).first().waitFor();

    await page.keyboard.press('Alt+Digit3');
    await expect.poll(async () => focused(page)).toEqual({ tag: 'H1', text: 'Cart', label: '' });
    await page.getByRole('heading', { level: 2, name: `Order from ${product.supplier.name}` }).waitFor();
    await page.getByText('Reading the outbox…').waitFor({ state: 'detached' });
    // The cart ships to the account's address once the account is read (the choice says "reading…"
    // until then): placing before that is refused, so wait for the address as a buyer would.
    await page.getByRole('radio', { name: /^The account's address \((?!not synced yet|reading…)/ }).waitFor({ timeout: WAIT.short });
    await page.keyboard.press('Control+Enter');
    await openReceipts(page);
    const entry = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Order to ${product.supplier.name}: Confirmed` }) });
    await entry.waitFor({ timeout: WAIT.fulfilment });
    expect(await app().service.orderCount()).toBe(ordersBefore + 1);

    problems.assertNone('placing an order with the keyboard');
    await close();
  });

  it('arrow keys move through the results and keep the focused one in view, in the table and in the cards', async () => {
    const { page, problems, close } = await app().openPage();
    await waitForCatalog(page, app().catalogSize);
    for (const view of ['Table', 'Cards']) {
      await page.getByRole('group', { name: 'View' }).getByRole('button', { name: view }).click();
      await searchField(page).focus();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focusedResultInView(page), { message: `${view}: Arrow Down in the search box` }).toEqual({ index: 0, inView: true });
      let expected = 0;
      const perRow = view === 'Table' ? 1 : await page.evaluate(() => {
        const cards = [...(globalThis as unknown as ProbeWindow).document.querySelectorAll('.product-card')];
        return cards.filter((card) => card.style.top === cards[0]?.style.top).length;
      });
      for (let step = 0; step < 14; step += 1) {
        await page.keyboard.press('ArrowDown');
        expected += perRow;
        await expect.poll(() => focusedResultInView(page), { message: `${view}: Arrow Down ${step + 1}` }).toEqual({ index: expected, inView: true });
      }
      await page.keyboard.press('ArrowUp');
      expected -= perRow;
      await expect.poll(() => focusedResultInView(page), { message: `${view}: Arrow Up` }).toEqual({ index: expected, inView: true });
      // End goes to the last result loaded so far, far below: it is scrolled to and rendered first.
      await page.keyboard.press('End');
      await expect.poll(async () => (await focusedResultInView(page)).inView, { message: `${view}: End` }).toBe(true);
      expect((await focusedResultInView(page)).index).toBeGreaterThan(expected);
      await page.keyboard.press('Home');
      await expect.poll(() => focusedResultInView(page), { message: `${view}: Home` }).toEqual({ index: 0, inView: true });
      // Up from the first result goes back to the search box.
      await page.keyboard.press('ArrowUp');
      await expect.poll(async () => (await focused(page)).tag).toBe('INPUT');
    }
    problems.assertNone('moving through the results');
    await close();
  });

  it('Enter on a focused result opens it; Alt+1…7 and Back put the focus on the new screen’s heading', async () => {
    const { page, problems, close } = await app().openPage();
    await waitForCatalog(page, app().catalogSize);
    const account = await app().service.account();
    const headings = ['Catalog', 'Suppliers', 'Cart', 'Orders', account.name, 'Webhooks', 'Settings'];
    // Start away from the catalog, so Alt+1 changes the screen too.
    await page.keyboard.press('Alt+Digit7');
    await expect.poll(async () => (await focused(page)).text).toBe('Settings');
    for (const [index, heading] of headings.entries()) {
      await page.keyboard.press(`Alt+Digit${index + 1}`);
      await expect.poll(async () => focused(page), { message: `Alt+${index + 1}` }).toEqual({ tag: 'H1', text: heading, label: '' });
    }
    await page.goBack();
    await expect.poll(async () => focused(page), { message: 'Back' }).toEqual({ tag: 'H1', text: 'Webhooks', label: '' });

    await goTo(page, 'Catalog');
    await searchField(page).focus();
    await page.keyboard.press('ArrowDown');
    const name = (await focused(page)).text;
    await page.keyboard.press('Enter');
    await expect.poll(async () => focused(page), { message: 'Enter opens the product' }).toEqual({ tag: 'H1', text: name, label: '' });
    await page.goBack();
    await expect.poll(async () => focused(page), { message: 'Back to the catalog' }).toEqual({ tag: 'H1', text: 'Catalog', label: '' });

    problems.assertNone('moving between screens with the keyboard');
    await close();
  });

  it('the cart’s primary action is three keys from its heading: Tab, Enter on "Go to placing the order", Enter', async () => {
    const product = orderableWithUniqueName(await app().service.allProducts());
    const { page, problems, close } = await app().openPage();
    await waitForCatalog(page, app().catalogSize);
    await searchField(page).fill(product.name);
    await page.getByRole('link', { name: product.name, exact: true }).first().waitFor();
    await searchField(page).press('ArrowDown');
    await page.keyboard.press('a');
    await expect.poll(() => navLink(page, 'Cart').textContent()).toContain('case');
    await page.keyboard.press('Alt+Digit3');
    await expect.poll(async () => (await focused(page)).tag).toBe('H1');
    await page.getByText('Reading the outbox…').waitFor({ state: 'detached' });
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Go to placing the order');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toEqual({ tag: 'BUTTON', text: 'Place order', label: '' });
    problems.assertNone('reaching the cart’s primary action');
    await close();
  });
});
