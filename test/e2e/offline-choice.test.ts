import { describe, expect, it } from 'vitest';
import { blockingViolations, formatViolations, runAxe } from '../support/e2e-axe';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, readResultCount, searchField, waitForCatalog, WAIT } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 300 });

describe('choosing what to keep offline', () => {
  it('a rep keeps two suppliers, goes offline, searches, and is told only those were searched', async () => {
    const view = await app().openPage();
    const { page, problems, close } = view;
    await waitForCatalog(page, app().catalogSize);
    const products = await app().service.allProducts();
    const bySupplier = new Map<string, { name: string; count: number }>();
    for (const product of products) {
      const entry = bySupplier.get(product.supplier.id) ?? { name: product.supplier.name, count: 0 };
      entry.count += 1;
      bySupplier.set(product.supplier.id, entry);
    }
    const [first, second] = [...bySupplier.values()].sort((a, b) => b.count - a.count);
    if (!first || !second) throw new Error('The demo catalog has fewer than two suppliers');
    const kept = first.count + second.count;

    await goTo(page, 'Settings');
    const panel = page.getByRole('region', { name: 'What to keep offline' });
    await panel.getByRole('radio', { name: 'Only the suppliers I choose' }).check();
    // Nothing chosen yet: said before anything is saved.
    await panel.getByText(/^No supplier is chosen: no product will be kept offline/).waitFor();
    await panel.getByRole('checkbox', { name: first.name, exact: true }).check();
    await panel.getByRole('checkbox', { name: second.name, exact: true }).check();
    await panel.getByText(new RegExp(`^Chosen: 2 suppliers, ${kept} products: about .* on disk`)).waitFor();
    await panel.getByText(/^Sizes are estimates: each supplier's number of products × /).waitFor();
    // Readable at 1024 px: nothing of the panel is cut off sideways.
    await page.setViewportSize({ width: 1024, height: 700 });
    const table = panel.getByRole('table', { name: 'Suppliers and the space their products take offline' });
    const box = await table.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1024);
    const pageWidth = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(1024);
    await page.setViewportSize({ width: 1280, height: 800 });
    const blocking = blockingViolations(await runAxe(page));
    expect(blocking, formatViolations('settings, suppliers chosen', blocking)).toEqual([]);
    await view.screenshot('settings-offline-choice');
    // With the keyboard: Space on a focused supplier's box unticks and ticks it again.
    const secondBox = panel.getByRole('checkbox', { name: second.name, exact: true });
    await secondBox.focus();
    await page.keyboard.press('Space');
    expect(await secondBox.isChecked()).toBe(false);
    await page.keyboard.press('Space');
    expect(await secondBox.isChecked()).toBe(true);
    await panel.getByRole('button', { name: 'Save choice' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/^Remove the offline data of \d+ suppliers\?/).waitFor();
    await dialog.getByRole('button', { name: 'Remove and save' }).click();
    await page.getByText('Offline choice saved').first().waitFor({ timeout: WAIT.short });

    await app().stopService();
    problems.allow(/\/product-images\/prod_/);
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor({ timeout: WAIT.fulfilment });

    await goTo(page, 'Catalog');
    await expect.poll(() => readResultCount(page), { timeout: WAIT.short, message: 'the catalog holds only the two suppliers kept' }).toBe(kept);
    const note = page.getByTestId('coverage-note');
    await note.waitFor({ timeout: WAIT.short });
    expect(await note.textContent()).toMatch(new RegExp(`^Searched only the 2 suppliers kept offline — ${kept} of ${app().catalogSize} products\\.`));
    const word = products.find((product) => product.supplier.name === first.name)!.varietal;
    await searchField(page).fill(word);
    await expect.poll(() => readResultCount(page), { message: 'the search narrows within what is kept' }).toBeLessThanOrEqual(kept);
    await note.waitFor();
    await view.screenshot('catalog-offline-choice');

    await app().startService();
    problems.clear();
    await close();
  });
});
