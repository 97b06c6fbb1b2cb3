import { describe, expect, it } from 'vitest';
import { useE2eApp } from '../support/e2e-suite';
import { searchField, waitForCatalog, WAIT } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 120 });

describe('when the browser shell stops', () => {
  it('an open page says the app stopped and how to start it again, instead of searching forever', async () => {
    const { page, close } = await app().openPage();
    await waitForCatalog(page, app().catalogSize);
    const banner = page.getByRole('alert').filter({ hasText: 'Caseworks has stopped' });
    expect(await banner.count()).toBe(0);

    await app().shell.close();
    await searchField(page).fill('pinot');

    await banner.waitFor({ timeout: WAIT.short });
    expect(await banner.textContent()).toMatch(/npm run web/);
    await close();
  });
});
