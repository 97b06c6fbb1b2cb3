import { describe, expect, it } from 'vitest';
import { blockingViolations, formatViolations, runAxe } from '../support/e2e-axe';
import { buttonContrasts, MIN_CONTRAST } from '../support/e2e-contrast';
import type { E2ePage } from '../support/e2e-harness';
import { useE2eApp } from '../support/e2e-suite';
import { goTo, waitForCatalog } from '../support/e2e-screens';

const app = useE2eApp({ catalogSize: 300 });


/** Every screen, reached the way a user reaches it, with its content loaded before the scan. */
const SCREENS: readonly { name: string; open(view: E2ePage): Promise<void> }[] = [
  {
    name: 'catalog',
    async open({ page }) {
      await waitForCatalog(page, app().catalogSize);
    },
  },
  {
    name: 'product',
    async open({ page }) {
      await page.getByRole('list', { name: 'Products' }).getByRole('link').first().click();
      await page.getByRole('heading', { level: 2, name: 'Details' }).waitFor();
    },
  },
  {
    name: 'suppliers',
    async open({ page }) {
      await goTo(page, 'Suppliers');
      await page.getByRole('status').filter({ hasText: /^[0-9]+ suppliers?$/ }).waitFor();
    },
  },
  {
    name: 'supplier',
    async open({ page }) {
      await page.getByRole('main').getByRole('listitem').getByRole('link').first().click();
      await page.getByRole('heading', { level: 2, name: 'Products' }).waitFor();
      await page.getByRole('main').getByRole('table').waitFor();
    },
  },
  {
    name: 'cart',
    async open({ page }) {
      await goTo(page, 'Catalog');
      await page.getByRole('button', { name: /^Add [0-9]+ cases? of .* to the cart$/ }).first().click();
      await goTo(page, 'Cart');
      await page.getByRole('heading', { level: 2, name: /^Order from / }).waitFor();
    },
  },
  {
    name: 'orders',
    async open({ page }) {
      await goTo(page, 'Orders');
      await page.getByRole('tabpanel').getByRole('table').waitFor();
    },
  },
  {
    name: 'order',
    async open({ page }) {
      await page.getByRole('tabpanel').getByRole('link').first().click();
      await page.getByRole('heading', { level: 2, name: 'Timeline' }).waitFor();
    },
  },
  {
    name: 'account',
    async open({ page }) {
      await goTo(page, 'Account');
      await page.getByRole('heading', { level: 2, name: 'Licence' }).waitFor();
    },
  },
  {
    name: 'webhooks',
    async open({ page }) {
      await goTo(page, 'Webhooks');
      await page.getByRole('button', { name: /^Delete webhook / }).first().waitFor();
    },
  },
  {
    name: 'settings',
    async open({ page }) {
      await goTo(page, 'Settings');
      await page.getByRole('heading', { level: 2, name: 'Offline copy' }).waitFor();
      await page.getByRole('table').waitFor();
    },
  },
  {
    name: 'guides',
    async open({ page }) {
      await goTo(page, 'Guides');
      await page.getByRole('heading', { level: 2, name: 'New guide' }).waitFor();
    },
  },
];

describe('accessibility of every screen', () => {
  it('axe-core finds no serious or critical violation on any screen; each screen is photographed', async () => {
    const view = await app().openPage();
    // The background sync (details, images) settles first, so the pictures show screens, not progress bars.
    await app().shell.core.whenIdle();
    const reports: string[] = [];
    for (const screen of SCREENS) {
      await screen.open(view);
      const blocking = blockingViolations(await runAxe(view.page));
      if (blocking.length > 0) reports.push(formatViolations(screen.name, blocking));
      await view.screenshot(screen.name);
    }
    expect(reports, reports.join('\n\n')).toEqual([]);
    view.problems.assertNone('the tour of every screen');
    await view.close();
  });
});

/** Screens with every kind of button: primary, plain, ghost, pressed toggles, danger. */
const BUTTON_SCREENS = ['catalog', 'product', 'cart', 'orders', 'webhooks', 'settings', 'guides'];

describe('buttons in every state', () => {
  it('every button keeps 4.5:1 contrast at rest, hovered and focused, in light and dark; axe finds nothing serious in dark either', async () => {
    const view = await app().openPage();
    await app().shell.core.whenIdle();
    const failures: string[] = [];
    const axeReports: string[] = [];
    const measuredKinds = new Set<string>();
    for (const screen of SCREENS) {
      await screen.open(view);
      if (!BUTTON_SCREENS.includes(screen.name)) continue;
      for (const scheme of ['light', 'dark'] as const) {
        await view.page.emulateMedia({ colorScheme: scheme });
        for (const measured of await buttonContrasts(view.page, view.page.locator('main, .app-header'))) {
          measuredKinds.add(/\((primary|danger|ghost|add-button)\)$/.exec(measured.button)?.[1] ?? 'other');
          if (measured.ratio < MIN_CONTRAST) {
            failures.push(`${screen.name}, ${scheme}, ${measured.state}: "${measured.button}" ${measured.ratio.toFixed(2)}:1 (${measured.color} on ${measured.background})`);
          }
        }
        if (scheme === 'dark') {
          const blocking = blockingViolations(await runAxe(view.page));
          if (blocking.length > 0) axeReports.push(formatViolations(`${screen.name} (dark)`, blocking));
        }
      }
      await view.page.emulateMedia({ colorScheme: 'light' });
    }
    expect([...measuredKinds].sort()).toEqual(['add-button', 'danger', 'ghost', 'other', 'primary']);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(axeReports, axeReports.join('\n\n')).toEqual([]);
    view.problems.assertNone('hovering and focusing every button');
    await view.close();
  });
});
