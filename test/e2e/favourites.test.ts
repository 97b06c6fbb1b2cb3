import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../shared/schemas';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, readResultCount, searchField, waitForCatalog, WAIT, starInCatalog } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 120, shipAfterSeconds: 600, deliverAfterSeconds: 600 });

const withOwnName = (products: readonly CatalogProduct[]) =>
  products.filter((product) => products.filter((other) => other.name === product.name).length === 1);

describe('favourites', () => {
  it('stars three wines, and the Favourites filter shows just those, after a reload too', async () => {
    const { page, problems, close } = await app().openPage();
    const three = withOwnName(await app().service.allProducts()).slice(0, 3);
    expect(three).toHaveLength(3);
    await waitForCatalog(page, app().catalogSize);
    await starInCatalog(page, three);
    await searchField(page).fill('');
    await page.getByRole('checkbox', { name: 'Favourites' }).check();
    await expect.poll(() => readResultCount(page), { timeout: WAIT.short }).toBe(3);
    for (const product of three) await page.getByRole('button', { name: `Favourite: ${product.name}` }).first().waitFor();

    // Kept per account on this computer: a reload reads them back.
    await page.reload();
    await goTo(page, 'Catalog');
    await page.getByRole('checkbox', { name: 'Favourites' }).check();
    await expect.poll(() => readResultCount(page), { timeout: WAIT.short }).toBe(3);
    problems.assertNone('starring three wines and filtering by favourites');
    await close();
  });
});
