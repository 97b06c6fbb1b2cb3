import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, type CatalogSearchInput } from '../../../shared/bridge';
import { createFakeBridge } from '../support/fakeBridge';
import { layoutScrollBoxes } from '../support/layout';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 10_000 };
/** The worker's words for a full disk, as the core answers a search it refused (offline-refusal.ts). */
const DISK_FULL = 'The disk is full: free some space on it, and Caseworks will carry on.';

describe('a search the offline copy refused (a full disk)', { timeout: 30_000 }, () => {
  layoutScrollBoxes();
  beforeEach(resetClientState);

  it('shows the worker\'s words in place of the results when nothing was found before', async () => {
    const fake = createFakeBridge();
    fake.bridge.searchCatalog = async () => fail('storage_error', DISK_FULL, true);
    renderApp(fake.bridge, '#/catalog');
    const alert = await screen.findByRole('alert', undefined, slow);
    expect(alert.textContent).toBe(`The catalog could not be searched: ${DISK_FULL}Try again`);
  });

  it('shows the words in place of the results of the search before when a new text is refused', async () => {
    const fake = createFakeBridge();
    const search = fake.bridge.searchCatalog;
    fake.bridge.searchCatalog = (input: CatalogSearchInput = {}) => (input.text === 'pin' ? Promise.resolve(fail('storage_error', DISK_FULL, true)) : search(input));
    renderApp(fake.bridge, '#/catalog');
    await screen.findByText('4 products', undefined, slow);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalog' }), { target: { value: 'pin' } });
    const alert = await screen.findByRole('alert', undefined, slow);
    expect(alert.textContent).toBe(`The catalog could not be searched: ${DISK_FULL}Try again`);
    expect(screen.queryByText('4 products')).toBeNull();
  });
});
