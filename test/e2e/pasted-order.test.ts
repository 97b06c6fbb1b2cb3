import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatWineName } from '../../shared/format';
import type { CatalogProduct, Product } from '../../shared/schemas';
import { blockingViolations, formatViolations, runAxe } from '../support/e2e-axe';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, waitForCatalog, WAIT } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 150 });

const shownName = (product: CatalogProduct) => formatWineName({ name: product.name, vintage: product.vintage, sizeMl: product.size_ml });

/** Four orderable wines of unique names (their details, for SKU and UPC); the third can be ordered by one case. */
async function picks(): Promise<[Product, Product, Product, Product]> {
  const products = await app().service.allProducts();
  const unique = products.filter((product) => product.inventory_available >= product.minimum_order + 2 && products.filter((other) => other.name === product.name).length === 1);
  const single = unique.find((product) => product.minimum_order === 1);
  const others = unique.filter((product) => product !== single);
  if (!single || others.length < 3) throw new Error('The demo catalog has too few orderable wines of unique names');
  const [a, b, d] = await Promise.all(others.slice(0, 3).map((product) => app().service.product(product.id)));
  return [a!, b!, await app().service.product(single.id), d!];
}

/** Every line of the cart: its wine's name and the cases in its field. */
async function cartCases(page: Page): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const label of await page.getByRole('main').locator('label').filter({ hasText: /^Cases of / }).all()) {
    const name = ((await label.textContent()) ?? '').replace(/^Cases of /, '');
    found[name] = await page.getByRole('main').getByRole('textbox', { name: `Cases of ${name}`, exact: true }).inputValue();
  }
  return found;
}

/** Whether the element has the focus (run in the page). */
const hasFocus = (node: unknown) => (node as { matches(selector: string): boolean }).matches(':focus');

/**
 * Pastes as the buyer does (the clipboard, Ctrl+V). Playwright's `fill` types through Chromium's
 * `insertText` command, which takes 16 s for 1,000 lines even in a bare textarea on this machine.
 */
async function pasteInto(page: Page, box: Locator, text: string): Promise<number> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await box.focus();
  await page.evaluate((value) => (globalThis as unknown as { navigator: { clipboard: { writeText(text: string): Promise<void> } } }).navigator.clipboard.writeText(value), text);
  const started = Date.now();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('ControlOrMeta+v');
  await expect.poll(() => box.inputValue().then((value) => value.length), { timeout: WAIT.short }).toBe(text.length);
  return Date.now() - started;
}

describe('a pasted order (issue 26)', () => {
  it('offline: a mixed block is matched, an unmatched line fixed and a bad one dropped with the keyboard, and the cart holds exactly the reviewed lines', async () => {
    const { page, problems, screenshot, close } = await app().openPage();
    await waitForCatalog(page, app().catalogSize);
    // The products' details (where SKUs and UPCs are) are in the offline copy once the background sync settles.
    await app().shell.core.whenIdle();
    const [a, b, c, d] = await picks();

    await app().stopService();
    problems.allow(/\/product-images\/prod_/);
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor({ timeout: WAIT.fulfilment });
    await page.setViewportSize({ width: 1024, height: 768 });
    await goTo(page, 'Cart');

    await page.getByRole('button', { name: 'Paste an order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paste an order' });
    const box = dialog.getByRole('textbox', { name: 'Lines to match' });
    // 10,000 lines: refused whole, next to the box, without freezing the page.
    const pasted = await pasteInto(page, box, Array.from({ length: 10_000 }, (_, n) => `SKU-${n}\t1`).join('\n'));
    const started = Date.now();
    await dialog.getByRole('button', { name: 'Match lines' }).click();
    await dialog.getByRole('alert').filter({ hasText: /^This paste has 10,000 lines; at most 500 can be matched at once\./ }).waitFor({ timeout: WAIT.short });
    console.info(`[pasted order] 10,000 lines: pasted in ${pasted} ms, refused ${Date.now() - started} ms after "Match lines" (Chromium, to the text on screen)`);

    const bCode = b.upc ?? b.sku;
    const block = [
      'SKU\tQty',
      `${a.sku}\t${a.minimum_order + 1}`,
      '',
      `${bCode}, ${b.minimum_order}`,
      'NO-SUCH-CODE-1; 2',
      c.sku,
      `${a.sku} 0`,
      '\u0001\u0002junk\u0003',
    ].join('\n');
    await pasteInto(page, box, block);
    await dialog.getByRole('button', { name: 'Match lines' }).click();
    const summary = dialog.getByRole('status').first();
    await summary.filter({ hasText: '3 lines need you: fix or drop them before adding. 3 lines are ready' }).waitFor({ timeout: WAIT.short });
    expect(await dialog.getByRole('button', { name: 'Add to the cart' }).isDisabled()).toBe(true);
    await dialog.getByText('No product has the SKU or UPC “NO-SUCH-CODE-1” in the offline catalog.').waitFor();
    await dialog.getByText('1 case (no quantity given)').waitFor();

    // Readable at 1024 px: the dialog and its table fit, nothing scrolls sideways, and no
    // notification (the "Offline" one came a moment ago) covers the dialog's buttons: while a dialog
    // is open the notifications sit at the window's top edge.
    const dialogBox = await dialog.boundingBox();
    const covered = await page.evaluate<{ atTop: boolean; overlapping: number }>(`(() => {
      const viewport = document.querySelector('.toast-viewport');
      const buttons = [...document.querySelectorAll('[role="dialog"] button')].map((button) => button.getBoundingClientRect());
      const toasts = [...document.querySelectorAll('.toast')].map((toast) => toast.getBoundingClientRect());
      const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return {
        atTop: viewport !== null && getComputedStyle(viewport).top === '0px',
        overlapping: toasts.filter((toast) => buttons.some((button) => overlaps(toast, button))).length,
      };
    })()`);
    expect(covered).toEqual({ atTop: true, overlapping: 0 });
    expect(dialogBox && dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= 1024).toBe(true);
    const sideways = await dialog.locator('.pasted-order-scroll').evaluate((node) => {
      const box = node as unknown as { scrollWidth: number; clientWidth: number };
      return box.scrollWidth - box.clientWidth;
    });
    expect(sideways).toBeLessThanOrEqual(0);
    const blocking = blockingViolations(await runAxe(page));
    expect(blocking, formatViolations('the pasted order under review', blocking)).toEqual([]);
    await screenshot('cart-pasted-order');

    // With the keyboard alone: correct line 5, Enter; the focus moves to the next line that waits (7), whose Drop is two tabs on.
    const fix = dialog.getByRole('textbox', { name: 'Correct line 5' });
    await fix.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(`${d.sku}; ${d.minimum_order}`);
    await page.keyboard.press('Enter');
    await dialog.getByText(`${shownName(d)} — ${d.supplier.name}`).waitFor({ timeout: WAIT.short });
    await expect.poll(() => page.evaluate<string>('document.activeElement?.id ?? ""')).toMatch(/-fix$/);
    expect(await dialog.getByRole('textbox', { name: 'Correct line 7' }).evaluate(hasFocus)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // Line 8 is next, then "Add".
    expect(await dialog.getByRole('textbox', { name: 'Correct line 8' }).evaluate(hasFocus)).toBe(true);
    await dialog.getByRole('button', { name: 'Drop line 8' }).focus();
    await page.keyboard.press('Enter');
    const add = dialog.getByRole('button', { name: 'Add 4 products to the cart' });
    await expect.poll(() => add.evaluate(hasFocus)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: WAIT.short });

    expect(await cartCases(page)).toEqual({
      [shownName(a)]: String(a.minimum_order + 1),
      [shownName(b)]: String(b.minimum_order),
      [shownName(c)]: '1',
      [shownName(d)]: String(d.minimum_order),
    });
    await app().startService();
    problems.clear();
    problems.assertNone('a pasted order');
    await close();
  });
});
