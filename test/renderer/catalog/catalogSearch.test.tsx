import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CatalogSearchInput } from '../../../shared/bridge';
import { useTypingStore } from '../../../renderer/app/typingStore';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { createFakeBridge } from '../support/fakeBridge';
import { makeProduct, toCatalogProduct } from '../support/fixtures';
import type { CaseworksBridge } from '../../../shared/bridge';
import { layoutScrollBoxes } from '../support/layout';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

async function openCatalog() {
  const fake = createFakeBridge();
  renderApp(fake.bridge, '#/catalog');
  await screen.findByText('4 products', undefined, slow);
  return fake;
}

const searches = (fake: ReturnType<typeof createFakeBridge>) => fake.callsTo('searchCatalog') as CatalogSearchInput[];

describe('catalog search', { timeout: 20_000 }, () => {
  layoutScrollBoxes();
  beforeEach(resetClientState);

  it('searches as each key is typed and shows the results of the latest text', async () => {
    const fake = await openCatalog();
    const box = screen.getByRole('searchbox', { name: 'Search the catalog' });
    fireEvent.change(box, { target: { value: 'p' } });
    fireEvent.change(box, { target: { value: 'pi' } });
    fireEvent.change(box, { target: { value: 'pin' } });
    expect(useTypingStore.getState().typing).toBe(true);
    await screen.findByText('1 product', undefined, slow);
    expect(searches(fake).map((input) => input.text)).toEqual(expect.arrayContaining(['p', 'pi', 'pin']));
    // Marked as typed, so the core narrows its background downloads while the buyer types.
    expect(searches(fake).filter((input) => input.text).every((input) => input.asYouType === true)).toBe(true);
    expect(screen.getByRole('link', { name: 'Coast Pinot Noir' })).toBeTruthy();
  });

  it('starts a keystroke\'s search before the screen renders that keystroke, and runs it once', async () => {
    const fake = await openCatalog();
    const box = screen.getByRole('searchbox', { name: 'Search the catalog' });
    // The sort menu's first choice reads "Best match" once the screen has rendered a search text.
    const sortDefault = () => (screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).options[0]?.textContent;
    const renderedWhenSent: (string | null | undefined)[] = [];
    const search = fake.bridge.searchCatalog;
    fake.bridge.searchCatalog = (input) => {
      renderedWhenSent.push(sortDefault());
      return search(input);
    };
    const before = searches(fake).length;
    fireEvent.change(box, { target: { value: 'pinot' } });
    await screen.findByText('1 product', undefined, slow);
    expect(sortDefault()).toBe('Best match');
    expect(renderedWhenSent, 'sent while the screen still showed the empty search').toEqual(['Name']);
    expect(searches(fake).slice(before).map((input) => input.text), 'the screen did not search again').toEqual(['pinot']);
  });

  it('offers one "Name" sort, with or without text, and a vintage sort and filter', async () => {
    await openCatalog();
    const sortLabels = () => [...(screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).options].map((option) => option.textContent ?? '');
    const names = (labels: string[]) => labels.filter((label) => label.startsWith('Name'));
    expect(names(sortLabels())).toEqual(['Name']);
    expect(sortLabels()).toEqual(expect.arrayContaining(['Vintage: newest first', 'Vintage: oldest first']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalog' }), { target: { value: 'pinot' } });
    await screen.findByText('1 product', undefined, slow);
    expect(sortLabels()[0]).toBe('Best match');
    expect(names(sortLabels())).toEqual(['Name']);
    expect(screen.getByRole('combobox', { name: 'Vintage' })).toBeTruthy();
  });

  it('updates the cards on screen in place when a search changes the results', async () => {
    await openCatalog();
    const list = await screen.findByRole('list', { name: 'Products' });
    const firstCard = list.querySelector('li.product-card');
    expect(within(firstCard as HTMLElement).getByRole('link').textContent).not.toBe('Coast Pinot Noir');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalog' }), { target: { value: 'pinot' } });
    await screen.findByText('1 product', undefined, slow);
    expect(list.querySelector('li.product-card'), 'the same element, now showing the new first result').toBe(firstCard);
    expect(within(firstCard as HTMLElement).getByRole('link').textContent).toBe('Coast Pinot Noir');
    expect(within(firstCard as HTMLElement).getByRole('button', { name: 'Add 3 cases of Coast Pinot Noir to the cart' })).toBeTruthy();
  });

  it('shows facet counts and passes the chosen filters and sort to the search', async () => {
    const fake = await openCatalog();
    const varietal = screen.getByRole('combobox', { name: 'Varietal' }) as HTMLSelectElement;
    // The counts render just after the results (a deferred value), so they are waited for.
    await waitFor(() => expect([...varietal.options].map((option) => option.textContent)).toContain('Cabernet Sauvignon (1)'));

    fireEvent.change(screen.getByRole('combobox', { name: 'Supplier' }), { target: { value: 'sup_sonoma' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price_desc' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Case price from ($)' }), { target: { value: '250' } });

    await screen.findByText('1 product', undefined, slow);
    expect(searches(fake).at(-1)).toMatchObject({ supplierId: 'sup_sonoma', inStock: true, sort: 'price_desc', minPriceCents: 25_000, offset: 0 });
    // Choosing filters is not typing: the core holds the sync's writes only for keystrokes.
    expect(searches(fake).some((input) => input.asYouType !== undefined)).toBe(false);
  });

  it('marks only a keystroke\'s search as typed, not its refresh when the catalog changes', async () => {
    const fake = await openCatalog();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalog' }), { target: { value: 'pin' } });
    await screen.findByText('1 product', undefined, slow);
    expect(searches(fake).filter((input) => input.text === 'pin').map((input) => input.asYouType)).toEqual([true]);

    act(() => fake.emit({ type: 'data-changed', datasets: ['catalog'] }));
    await waitFor(() => expect(searches(fake).filter((input) => input.text === 'pin')).toHaveLength(2), slow);
    expect(searches(fake).filter((input) => input.text === 'pin').map((input) => input.asYouType)).toEqual([true, undefined]);
  });

  it('explains a malformed price next to the field and leaves it out of the search', async () => {
    const fake = await openCatalog();
    const field = screen.getByRole('textbox', { name: 'Case price to ($)' });
    fireEvent.change(field, { target: { value: '12,5x' } });
    expect((await screen.findByText('Enter a price in dollars, like 120 or 89.50.')).id).toBe(field.getAttribute('aria-describedby'));
    await waitFor(() => expect(searches(fake).length).toBeGreaterThan(0));
    expect(searches(fake).every((input) => input.maxPriceCents === undefined)).toBe(true);
  });

  it('switches between cards and table, and adds the minimum with the row key "a"', async () => {
    await openCatalog();
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Products' });
    const row = within(table).getByRole('link', { name: 'Ridge Cabernet 2019' }).closest('tr')!;
    expect(within(row).getByText('$360.00')).toBeTruthy();
    fireEvent.keyDown(within(row).getByRole('link', { name: 'Ridge Cabernet 2019' }), { key: 'a' });
    expect(useCartStore.getState().lines.map((line) => [line.productId, line.quantity])).toEqual([['prod_cab', 2]]);

    fireEvent.click(screen.getByRole('button', { name: 'Cards' }));
    const list = await screen.findByRole('list', { name: 'Products' });
    const outOfStock = within(list).getByRole('button', { name: 'Add 2 cases of Coast Chardonnay to the cart' }) as HTMLButtonElement;
    expect(outOfStock.disabled).toBe(true);
  });

  it('shows an empty state that clears the filters', async () => {
    await openCatalog();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalog' }), { target: { value: 'zinfandel' } });
    await screen.findByText('No products match', undefined, slow);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalog' }), { target: { value: '' } });
    await screen.findByText('4 products', undefined, slow);
  });

  it('with nothing typed and no favourites, the Favourites filter says to star wines, not "Try fewer words"', async () => {
    await openCatalog();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Favourites' }));
    expect(await screen.findByText('No favourites to show', undefined, slow)).toBeTruthy();
    expect(screen.getByText('Star a wine (☆) in the catalog or on its page, and it shows here.')).toBeTruthy();
    expect(screen.queryByText(/fewer words/)).toBeNull();
  });

  it('says "fewer words" only when words were typed, and "other filters" when only filters narrowed the list', async () => {
    await openCatalog();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalog' }), { target: { value: 'zinfandel' } });
    expect(await screen.findByText('Try fewer or other words.', undefined, slow)).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalog' }), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Case price from ($)'), { target: { value: '99999' } });
    expect(await screen.findByText('No products match these filters', undefined, slow)).toBeTruthy();
    expect(screen.getByText('Try other filters, or clear them.')).toBeTruthy();
  });

  it('says the catalog is still downloading, then shows it when the core reports the catalog changed', async () => {
    let synced = false;
    const fake = createFakeBridge();
    const realSearch = fake.bridge.searchCatalog;
    const search: CaseworksBridge['searchCatalog'] = async (input) => {
      if (synced) return realSearch(input);
      return { ok: true, data: { items: [], total: 0, facets: { varietal: [], region: [], country: [], supplier: [], vintage: [] }, tookMs: 0, freshness: { asOf: null, fromCache: true } } };
    };
    fake.bridge.searchCatalog = search;
    renderApp(fake.bridge, '#/catalog');
    expect(await screen.findByText('The catalog has not been downloaded yet', undefined, slow)).toBeTruthy();

    synced = true;
    act(() => fake.emit({ type: 'data-changed', datasets: ['catalog'] }));
    expect(await screen.findByText('4 products', undefined, slow)).toBeTruthy();
  });

  it('keeps the DOM small over 50,000 results and loads the next page while scrolling', async () => {
    const total = 50_000;
    const fake = createFakeBridge();
    fake.bridge.searchCatalog = async (input = {}) => {
      const offset = input.offset ?? 0;
      const count = Math.min(input.limit ?? 100, total - offset);
      const items = Array.from({ length: count }, (_, index) =>
        toCatalogProduct(makeProduct({ id: `prod_n${offset + index}`, name: `Wine number ${offset + index}` })),
      );
      return { ok: true, data: { items, total, facets: { varietal: [], region: [], country: [], supplier: [], vintage: [] }, tookMs: 1, freshness: { asOf: null, fromCache: true } } };
    };
    const searched: { offset?: number; limit?: number }[] = [];
    const search = fake.bridge.searchCatalog;
    fake.bridge.searchCatalog = (input) => {
      searched.push({ offset: input?.offset, limit: input?.limit });
      return search(input);
    };
    renderApp(fake.bridge, '#/catalog');
    await screen.findByText('50,000 products', undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Products' });
    const rows = () => table.querySelectorAll('tbody tr[aria-rowindex]');
    expect(rows().length).toBeGreaterThan(5);
    expect(rows().length).toBeLessThan(60);
    expect(searched).toEqual([{ offset: 0, limit: 60 }]);

    const scroller = table.closest('.results-scroll')!;
    act(() => {
      scroller.scrollTop = 62 * 64;
      fireEvent.scroll(scroller);
    });
    await waitFor(() => expect(searched).toContainEqual({ offset: 60, limit: 200 }));
    await within(table).findByRole('link', { name: 'Wine number 66' }, slow);
    expect(rows().length).toBeLessThan(60);
  });
});
