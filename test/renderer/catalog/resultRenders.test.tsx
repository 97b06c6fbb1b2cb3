import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaseworksBridge, CatalogSearchInput } from '../../../shared/bridge';
import * as productFacts from '../../../renderer/lib/productFacts';
import { queryKeys } from '../../../renderer/lib/queryKeys';
import { createFakeBridge } from '../support/fakeBridge';
import { layoutScrollBoxes } from '../support/layout';
import { renderApp, resetClientState } from '../support/render';

// Counted: each result card reads its bottle's facts once a render.
vi.mock('../../../renderer/lib/productFacts', async (importOriginal) => {
  const actual = await importOriginal<typeof productFacts>();
  return { ...actual, bottleFacts: vi.fn(actual.bottleFacts) };
});

const slow = { timeout: 5000 };

describe("the catalog's results", { timeout: 20_000 }, () => {
  layoutScrollBoxes();
  beforeEach(resetClientState);

  it('read the favourites through one subscription for the whole list, not one a star, in both views; a card star stars its product', async () => {
    const fake = createFakeBridge();
    const { queryClient } = renderApp(fake.bridge, '#/catalog');
    await screen.findByText('4 products', undefined, slow);
    const subscriptions = () => queryClient.getQueryCache().find({ queryKey: queryKeys.favourites, exact: true })?.getObserversCount();

    const cards = await screen.findByRole('list', { name: 'Products' }, slow);
    const stars = within(cards).getAllByRole('button', { name: /^Favourite: / });
    expect(stars).toHaveLength(4);
    await waitFor(() => expect(subscriptions()).toBe(1), slow);

    const first = stars[0]!;
    await waitFor(() => expect((first as HTMLButtonElement).disabled).toBe(false), slow);
    fireEvent.click(first);
    await waitFor(() => expect(first.getAttribute('aria-pressed')).toBe('true'), slow);
    expect(stars.slice(1).map((star) => star.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'false']);
    expect(fake.callsTo('setFavourite')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Products' }, slow);
    expect(within(table).getAllByRole('button', { name: /^Favourite: / })).toHaveLength(4);
    await waitFor(() => expect(subscriptions()).toBe(1), slow);
  });

  it("render again, for a keystroke's results, only the cards whose product changed", async () => {
    const fake = createFakeBridge();
    const search = fake.bridge.searchCatalog;
    // The keystroke's answer holds the same products, new objects as every answer is, but the
    // last one's case price changed.
    fake.bridge.searchCatalog = (async (input: CatalogSearchInput) => {
      const answer = await search({ ...input, text: '' });
      if (!answer.ok || !input?.text) return answer;
      const items = answer.data.items.map((item) => ({ ...item, supplier: { ...item.supplier } }));
      const last = items.at(-1)!;
      items[items.length - 1] = { ...last, case_price_cents: last.case_price_cents + 100 };
      return { ...answer, data: { ...answer.data, items, total: items.length + 1 } };
    }) as CaseworksBridge['searchCatalog'];
    renderApp(fake.bridge, '#/catalog');
    await screen.findByText('4 products', undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Cards' }));
    const cards = await screen.findByRole('list', { name: 'Products' }, slow);
    expect(within(cards).getAllByRole('listitem')).toHaveLength(4);
    const cardRenders = vi.mocked(productFacts.bottleFacts);
    const before = cardRenders.mock.calls.length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalog' }), { target: { value: 'p' } });
    await screen.findByText('5 products', undefined, slow);
    expect(cardRenders.mock.calls.length - before, 'cards rendered again for the results').toBe(1);
    expect(within(cards).getAllByRole('listitem')[0]!.getAttribute('aria-setsize')).toBe('5');
  });

  it("show a keystroke's products in the cards' and rows' own elements: no photo is removed and inserted again while the buyer types", async () => {
    const fake = createFakeBridge();
    const search = fake.bridge.searchCatalog;
    // Each text's answer holds the same products, each with a photo, turned by the text's length,
    // so that each keystroke shows another product at every place in the list.
    fake.bridge.searchCatalog = (async (input: CatalogSearchInput) => {
      const answer = await search({ ...input, text: '' });
      if (!answer.ok) return answer;
      const turn = input?.text?.length ?? 0;
      const all = answer.data.items.map((item) => ({ ...item, image_url: `/product-images/${item.id}?v=1` }));
      const items = [...all.slice(turn % all.length), ...all.slice(0, turn % all.length)];
      return { ...answer, data: { ...answer.data, items, total: items.length + turn } };
    }) as CaseworksBridge['searchCatalog'];
    renderApp(fake.bridge, '#/catalog');
    await screen.findByText('4 products', undefined, slow);
    for (const [view, text] of [['Cards', 'pi'], ['Table', 'qu']] as const) {
      fireEvent.click(screen.getByRole('button', { name: view }));
      const list = view === 'Cards' ? await screen.findByRole('list', { name: 'Products' }, slow) : await screen.findByRole('table', { name: 'Products' }, slow);
      const box = screen.getByRole('searchbox', { name: 'Search the catalog' });
      // The first letter: the photos of the products now shown wait for a pause in the typing.
      fireEvent.change(box, { target: { value: text.slice(0, 1) } });
      await screen.findByText('5 products', undefined, slow);
      const photos = within(list).getAllByRole('img', { name: /^Photo of / });
      expect(photos).toHaveLength(4);
      const labels = photos.map((photo) => photo.getAttribute('aria-label'));
      const removed: Node[] = [];
      const observer = new MutationObserver((records) => records.forEach((record) => removed.push(...record.removedNodes)));
      observer.observe(list, { subtree: true, childList: true });
      fireEvent.change(box, { target: { value: text } });
      await screen.findByText('6 products', undefined, slow);
      observer.disconnect();
      const after = within(list).getAllByRole('img', { name: /^Photo of / });
      expect(after.map((photo) => photo.getAttribute('aria-label')), `${view}: another product at each place`).toEqual([...labels.slice(1), labels[0]]);
      expect(after.every((photo, index) => photo === photos[index]), `${view}: the same photo elements`).toBe(true);
      expect(removed.filter((node) => node instanceof Element && (node.matches('.product-image') || node.querySelector('.product-image') !== null)), `${view}: photos removed`).toEqual([]);
      fireEvent.change(box, { target: { value: '' } });
      await screen.findByText('4 products', undefined, slow);
    }
  });
});
