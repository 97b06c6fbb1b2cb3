import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeBridge } from '../support/fakeBridge';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

describe('favourites in the catalog', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('stars a product on its page and unstars it again', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/product/prod_pinot');
    const star = await screen.findByRole('button', { name: /^Favourite: / }, slow);
    await waitFor(() => expect((star as HTMLButtonElement).disabled).toBe(false));
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect((star as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(star);
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('false'));
    expect(fake.callsTo('setFavourite')).toEqual([
      { productId: 'prod_pinot', favourite: true },
      { productId: 'prod_pinot', favourite: false },
    ]);
  });

  it('the Favourites filter asks the catalog for favourites only', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/catalog');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Favourites' }, slow));
    await waitFor(() => expect(fake.callsTo('searchCatalog').some((input) => (input as { favouritesOnly?: boolean }).favouritesOnly === true)).toBe(true));
  });

  it('Settings says when the favourites file was set aside', async () => {
    const fake = createFakeBridge();
    fake.setFavouritesProblem('The favourites file was written by another version of the app. It was kept as favourites.json.damaged-1 for support.');
    renderApp(fake.bridge, '#/settings');
    expect(await screen.findByText(/favourites file was written by another version/, undefined, slow)).toBeTruthy();
  });
});
