import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, type CaseworksBridge } from '../../../shared/bridge';
import { createFakeBridge } from '../support/fakeBridge';
import { layoutScrollBoxes } from '../support/layout';
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

  describe('in a list of results', () => {
    layoutScrollBoxes();

    /** A bridge whose star changes wait until the test answers them, in any order. */
    function heldChanges() {
      const fake = createFakeBridge();
      const setFavourite = fake.bridge.setFavourite;
      const waiting = new Map<string, (refuse: boolean) => void>();
      const asked: string[] = [];
      fake.bridge.setFavourite = ((input) =>
        new Promise((resolve) => {
          asked.push(input.productId);
          waiting.set(input.productId, (refuse) => void (refuse ? resolve(fail('storage_error', 'The favourites could not be saved.', true)) : setFavourite(input).then(resolve)));
        })) as CaseworksBridge['setFavourite'];
      const answer = (productId: string, refuse = false) => waiting.get(productId)!(refuse);
      return { fake, answer, asked };
    }

    async function cardStars() {
      const cards = await screen.findByRole('list', { name: 'Products' }, slow);
      const stars = within(cards).getAllByRole('button', { name: /^Favourite: / }) as HTMLButtonElement[];
      await waitFor(() => expect(stars.every((star) => !star.disabled)).toBe(true), slow);
      return stars;
    }

    it('keeps each star disabled until its own change is answered, however many are under way', async () => {
      const { fake, answer, asked } = heldChanges();
      renderApp(fake.bridge, '#/catalog');
      const [first, second] = await cardStars();
      fireEvent.click(first!);
      await waitFor(() => expect(first!.disabled).toBe(true));
      fireEvent.click(second!);
      await waitFor(() => expect(second!.disabled).toBe(true));
      expect(first!.disabled, 'the first star, its change still under way').toBe(true);
      const [firstId, secondId] = asked;
      answer(secondId!);
      await waitFor(() => expect(second!.disabled).toBe(false));
      expect(first!.disabled).toBe(true);
      answer(firstId!);
      await waitFor(() => expect(first!.disabled).toBe(false));
      expect([first!, second!].map((star) => star.getAttribute('aria-pressed'))).toEqual(['true', 'true']);
    });

    it('says a change failed on its own star only, and no more once that product is changed again', async () => {
      const { fake, answer, asked } = heldChanges();
      renderApp(fake.bridge, '#/catalog');
      const [first, second] = await cardStars();
      fireEvent.click(first!);
      fireEvent.click(second!);
      await waitFor(() => expect(asked).toHaveLength(2));
      const [firstId, secondId] = asked;
      answer(firstId!, true);
      answer(secondId!);
      await waitFor(() => expect(first!.title).toMatch(/^Not changed: The favourites could not be saved/));
      await waitFor(() => expect(second!.getAttribute('aria-pressed')).toBe('true'));
      expect(second!.title).toBe('In your favourites');
      fireEvent.click(first!);
      await waitFor(() => expect(asked).toHaveLength(3));
      answer(firstId!);
      await waitFor(() => expect(first!.title).toBe('In your favourites'));
    });
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
