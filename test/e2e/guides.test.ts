import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatWineName } from '../../shared/format';
import type { OrderGuides } from '../../shared/bridge';
import type { CatalogProduct } from '../../shared/schemas';
import { blockingViolations, formatViolations, runAxe } from '../support/e2e-axe';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, navLink, waitForCatalog, WAIT, starInCatalog } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 120, shipAfterSeconds: 600, deliverAfterSeconds: 600 });

const PAR = 6;
/** Products whose name is their own and that can take a par's worth from stock. */
const candidates = (products: readonly CatalogProduct[]) =>
  products.filter(
    (product) => products.filter((other) => other.name === product.name).length === 1 && product.inventory_available >= Math.max(PAR, product.minimum_order),
  );
/** The README's rule, as the test's own oracle: par − on hand, up to the minimum, capped by the stock. */
const expected = (product: CatalogProduct, onHand: number) => Math.min(Math.max(PAR - onHand, product.minimum_order), product.inventory_available);

describe('order guides', () => {
  it('stars three wines, makes a guide of them, counts what is on hand and gets the right cart', async () => {
    const view = await app().openPage();
    const { page, problems } = view;
    // One with a minimum above 1, so rounding up shows; the others as they come.
    const pool = candidates(await app().service.allProducts());
    const roundsUp = pool.find((product) => product.minimum_order > 1) ?? pool[0]!;
    const three = [roundsUp, ...pool.filter((product) => product.id !== roundsUp.id).slice(0, 2)];
    expect(three).toHaveLength(3);
    await waitForCatalog(page, app().catalogSize);

    await starInCatalog(page, three);

    await goTo(page, 'Guides');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Friday bar');
    await page.getByRole('radio', { name: /My favourites/ }).check();
    await page.getByRole('button', { name: 'Make the guide' }).click();
    await page.getByRole('heading', { level: 1, name: 'Friday bar' }).waitFor({ timeout: WAIT.short });

    // The same par for each, typed and saved with Enter.
    for (const product of three) {
      const par = page.getByRole('textbox', { name: `Par for ${product.name}` });
      await par.fill(String(PAR));
      await par.press('Enter');
    }
    const savedPars = async () => {
      const result = await app().shell.core.dispatcher.dispatch('listOrderGuides', {});
      return result.ok ? (result.data as OrderGuides).items[0]?.lines.map((line) => line.par) : null;
    };
    await expect.poll(savedPars, { timeout: WAIT.short }).toEqual([PAR, PAR, PAR]);

    // Count: keyboard only, one field after another.
    await page.getByRole('button', { name: 'Count and order' }).click();
    const counts = new Map([
      [three[0]!.id, PAR - 1],
      [three[1]!.id, 0],
      [three[2]!.id, PAR + 3],
    ]);
    const guideOrder = await page.getByRole('table', { name: 'Count on hand' }).getByRole('rowheader').allTextContents();
    // Each row names its wine with the vintage and size.
    const byName = new Map(three.map((product) => [formatWineName({ name: product.name, vintage: product.vintage, sizeMl: product.size_ml }), product]));
    await page.getByRole('textbox', { name: `On hand: ${guideOrder[0]}` }).focus();
    for (const name of guideOrder) {
      await page.keyboard.type(String(counts.get(byName.get(name)!.id)));
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => page.locator(':focus').textContent()).toBe('Fill the cart');
    await page.getByText(`On hand (${PAR + 3}) is more than the par (${PAR}): nothing to order.`).waitFor();
    await page.keyboard.press('Enter');
    const report = page.getByRole('status', { name: 'What was put in the cart' });
    await expect.poll(() => report.textContent(), { timeout: WAIT.short }).toContain('Put 2 products');
    const blockingGuide = blockingViolations(await runAxe(page));
    expect(blockingGuide, formatViolations('guide', blockingGuide)).toEqual([]);
    // The background downloads settle first, so the picture shows the screen, not a progress bar.
    await app().shell.core.whenIdle();
    await view.screenshot('guide');

    await goTo(page, 'Cart');
    for (const product of three.slice(0, 2)) {
      const name = formatWineName({ name: product.name, vintage: product.vintage, sizeMl: product.size_ml });
      const cases = page.getByRole('textbox', { name: `Cases of ${name}`, exact: true });
      await expect.poll(() => cases.inputValue(), { timeout: WAIT.short }).toBe(String(expected(product, counts.get(product.id)!)));
    }
    const third = formatWineName({ name: three[2]!.name, vintage: three[2]!.vintage, sizeMl: three[2]!.size_ml });
    expect(await page.getByRole('textbox', { name: `Cases of ${third}`, exact: true }).count()).toBe(0);
    const total = expected(three[0]!, PAR - 1) + expected(three[1]!, 0);
    await expect.poll(() => navLink(page, 'Cart').textContent()).toContain(`${total} cases`);
    problems.assertNone('a guide from three favourites, counted into the cart');
    await view.close();
  });

  it('exports a guide as CSV and imports it back, listing the rows it could not match', async () => {
    const { page, problems, close } = await app().openPage();
    await goTo(page, 'Guides');
    await page.getByRole('link', { name: 'Friday bar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Friday bar' }).waitFor({ timeout: WAIT.short });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('Friday bar.csv');
    const exported = readFileSync((await download.path())!, 'utf8');
    expect(exported.split('\r\n')[0]).toBe('sku,upc,par,name');
    expect(exported.split('\r\n')).toHaveLength(4);

    await goTo(page, 'Guides');
    const withJunk = `\uFEFF${exported}\r\nNO-SUCH-SKU,,2,Nothing\r\n`;
    await page.getByLabel('CSV file').setInputFiles({ name: 'Copy of Friday.csv', mimeType: 'text/csv', buffer: Buffer.from(withJunk, 'utf8') });
    await expect.poll(() => page.getByRole('textbox', { name: 'Name of the new guide' }).inputValue()).toBe('Copy of Friday');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.locator('.import-report');
    await expect.poll(() => report.textContent(), { timeout: WAIT.short }).toContain('Imported 3 products of 4 rows into Copy of Friday.');
    expect(await report.textContent()).toContain('Row 5: no product with SKU “NO-SUCH-SKU” in the catalog on this computer.');

    // Wrong columns: one message at the file, nothing saved.
    await page.getByLabel('CSV file').setInputFiles({ name: 'wrong.csv', mimeType: 'text/csv', buffer: Buffer.from('product,qty\nX,1\n') });
    await page.getByRole('textbox', { name: 'Name of the new guide' }).fill('Wrong');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText(/Row 1 names columns Caseworks does not know: “product”, “qty”/).waitFor({ timeout: WAIT.short });
    expect(await page.getByRole('list', { name: 'Your order guides' }).getByRole('link').allTextContents()).toEqual(['Friday bar', 'Copy of Friday']);
    const blockingGuides = blockingViolations(await runAxe(page));
    expect(blockingGuides, formatViolations('guides', blockingGuides)).toEqual([]);
    problems.assertNone('exporting and importing a guide');
    await close();
  });
});
