import { describe, expect, it } from 'vitest';
import { formatCases, formatCents, formatWineName } from '../../shared/format';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '../../shared/pricing';
import type { CatalogProduct } from '../../shared/schemas';
import { blockingViolations, formatViolations, runAxe } from '../support/e2e-axe';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, parseCents, searchField, waitForCatalog, WAIT } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 150, shipAfterSeconds: 600, deliverAfterSeconds: 600 });

/** A wine whose minimum order stays under the threshold, from a supplier with enough else in stock to get there. */
async function startingWine(): Promise<CatalogProduct> {
  const products = await app().service.allProducts();
  const inStock = products.filter((product) => product.inventory_available >= product.minimum_order);
  const found = inStock.find((product) => {
    const opening = product.case_price_cents * product.minimum_order;
    const sameSupplier = inStock.filter((other) => other.supplier.id === product.supplier.id);
    const reachable = sameSupplier.reduce((sum, other) => sum + other.case_price_cents * other.inventory_available, 0);
    return opening < FREE_SHIPPING_THRESHOLD_CENTS / 2 && reachable > 2 * FREE_SHIPPING_THRESHOLD_CENTS && products.filter((other) => other.name === product.name).length === 1;
  });
  if (!found) throw new Error('the demo catalog has no wine to start a cart with');
  return found;
}

describe('the free-shipping hint', () => {
  it('appears below the threshold, its Add buttons reach it by keyboard at 1024 px, and it goes at the threshold and comes back below', async () => {
    const { page, problems, screenshot, close } = await app().openPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    const wine = await startingWine();
    await waitForCatalog(page, app().catalogSize);
    await searchField(page).fill(wine.name);
    await page.getByRole('button', { name: `Add ${formatCases(wine.minimum_order)} of ${wine.name} to the cart` }).click();
    await goTo(page, 'Cart');

    const hint = page.getByRole('group', { name: `Free shipping from ${wine.supplier.name}` });
    const status = hint.getByRole('status');
    const opening = wine.case_price_cents * wine.minimum_order;
    await expect.poll(() => status.textContent()).toBe(`Add ${formatCents(FREE_SHIPPING_THRESHOLD_CENTS - opening)} more for free shipping.`);
    expect(await status.getAttribute('role')).toBe('status');

    const adds = hint.getByRole('button', { name: /^Add .* for free shipping$/ });
    await adds.first().waitFor({ timeout: WAIT.short });
    const suggested = await adds.count();
    expect(suggested).toBeGreaterThan(0);
    for (let index = 0; index < suggested; index += 1) {
      const box = await adds.nth(index).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 1024).toBe(true);
    }
    await hint.scrollIntoViewIfNeeded();
    await screenshot('cart-free-shipping-hint');
    // At 1024 px a long wine name in the quantity's label wraps instead of squeezing the line's details to a letter a line.
    const details = await page.locator('.cart-line-info').first().boundingBox();
    expect(details?.width ?? 0).toBeGreaterThan(200);
    const axe = blockingViolations(await runAxe(page));
    expect(axe, formatViolations('cart with the free-shipping hint', axe)).toEqual([]);

    // Every suggestion, by keyboard: focus its button and press Enter; the hint keeps the focus.
    for (let pressed = 0; pressed < suggested; pressed += 1) {
      await adds.first().focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => hint.evaluate((element) => element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement))
        .toBe(true);
    }
    await expect.poll(() => status.textContent()).toBe('This order ships free.');
    expect(await adds.count()).toBe(0);
    const totals = page.getByLabel(`Estimated totals for ${wine.supplier.name}`);
    expect(parseCents((await totals.getByRole('definition').first().textContent()) ?? '')).toBeGreaterThanOrEqual(FREE_SHIPPING_THRESHOLD_CENTS);
    await totals.getByText('Free', { exact: true }).waitFor();

    // Below the threshold again: the other lines removed and the first wine back at its minimum, the hint is back with the first amount.
    const shownName = formatWineName({ name: wine.name, vintage: wine.vintage, sizeMl: wine.size_ml });
    const removes = page.getByRole('button', { name: /^Remove .* from the cart$/ });
    const labels = await Promise.all((await removes.all()).map(async (button) => (await button.getAttribute('aria-label')) ?? ''));
    const others = labels.filter((label) => label !== `Remove ${shownName} from the cart`);
    for (const label of others) await page.getByRole('button', { name: label, exact: true }).click();
    await page.getByRole('textbox', { name: `Cases of ${shownName}`, exact: true }).fill(String(wine.minimum_order));
    await expect.poll(() => status.textContent()).toBe(`Add ${formatCents(FREE_SHIPPING_THRESHOLD_CENTS - opening)} more for free shipping.`);
    await adds.first().waitFor();

    problems.assertNone('the free-shipping hint');
    await close();
  });
});
