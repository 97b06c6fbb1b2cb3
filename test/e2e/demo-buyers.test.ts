import { describe, expect, it } from 'vitest';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, waitForCatalog, WAIT } from '../support/e2e-screens';

/**
 * The demo's buyers in the browser shell (issue 24): added from a list in Settings, with no key to
 * find in a file, and the shell says plainly what it keeps across a restart.
 */
const app = useE2eApp({ catalogSize: 120, core: { syncIntervalMs: 0 } });

describe("the demo's buyers", () => {
  it('are added from a list in Settings, without a key, and the added one is the active account', async () => {
    const { page, problems, close } = await app().openPage();
    await page.setViewportSize({ width: 1024, height: 700 });
    await waitForCatalog(page, app().catalogSize);
    const second = await app().serviceAs(1).account();

    await goTo(page, 'Settings');
    const accounts = page.getByRole('region', { name: 'Buyer accounts' });
    expect(await accounts.getByText(/keeps the list of accounts in its data folder, but never a key/).textContent()).toContain('needs it again');
    const demoBuyers = accounts.getByRole('list', { name: 'Buyers of the demo marketplace' });
    // The first buyer is the one signed in (added); the next one is offered with its name.
    const add = demoBuyers.getByRole('button').first();
    const listedName = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add /, '');
    expect(listedName, 'listed by the name it will have once added').toBe(second.name);
    const offered = await demoBuyers.getByRole('button').count();
    await add.click();
    await accounts.getByText(`Added ${second.name}; it is the active account now.`).waitFor({ timeout: WAIT.short });
    await page.getByRole('banner').getByRole('link', { name: second.name }).waitFor();
    expect(await accounts.getByRole('list', { name: 'Buyer accounts on this computer' }).getByRole('listitem').count()).toBe(2);
    await demoBuyers.getByText(second.name).waitFor();
    expect(await demoBuyers.getByRole('button').count()).toBe(offered - 1);
    problems.assertNone('adding a demo buyer from the list');
    await close();
  });
});
