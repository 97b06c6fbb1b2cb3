import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { startApp } from '../../../renderer/app/startApp';
import { createFakeBridge } from '../support/fakeBridge';
import { layoutScrollBoxes } from '../support/layout';
import { resetClientState, testQueryClient } from '../support/render';

const slow = { timeout: 5000 };

// Its own file: the catalog screen's chunk must not have been loaded by another test before.
describe('the page started on the catalog', { timeout: 20_000 }, () => {
  layoutScrollBoxes();
  beforeEach(resetClientState);

  it('renders once the screen’s code is here, so the catalog never shows its loading fallback (whose replacement React holds back for 300 ms)', async () => {
    const fallbacks: string[] = [];
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes('Opening Catalog')) fallbacks.push(document.body.textContent);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    const fake = createFakeBridge();
    window.location.hash = '';
    await startApp(window.location.hash, fake.bridge, testQueryClient(), (app) => void render(app));
    await screen.findByText('4 products', undefined, slow);
    observer.disconnect();
    expect(fallbacks).toEqual([]);
    expect(fake.callsTo('searchCatalog'), 'the screen found the search under way').toHaveLength(1);
  });

  it('renders anyway when the first screen’s code never arrives, rather than leaving the window blank', async () => {
    const fake = createFakeBridge();
    const rendered: number[] = [];
    let asked = 0;
    const neverArrives = () => {
      asked += 1;
      return new Promise<never>(() => {});
    };
    const started = performance.now();
    await startApp('#/catalog', fake.bridge, testQueryClient(), (app) => {
      rendered.push(performance.now() - started);
      render(app);
    }, { start: neverArrives, waitAtMost: 200 });
    expect(asked, 'the first screen was asked for').toBe(1);
    expect(rendered).toHaveLength(1);
    expect(rendered[0]).toBeGreaterThanOrEqual(190);
    expect(await screen.findByRole('navigation', {}, slow)).toBeTruthy();
  });
});
