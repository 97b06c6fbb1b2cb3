import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaseworksBridge, CatalogSearchInput } from '../../../shared/bridge';
import * as productFacts from '../../../renderer/lib/productFacts';
import { createFakeBridge } from '../support/fakeBridge';
import { layoutScrollBoxes } from '../support/layout';
import { renderApp, resetClientState } from '../support/render';

// Counted: each result card reads its bottle's facts once a render.
vi.mock('../../../renderer/lib/productFacts', async (importOriginal) => {
  const actual = await importOriginal<typeof productFacts>();
  return { ...actual, bottleFacts: vi.fn(actual.bottleFacts) };
});

const slow = { timeout: 5000 };

describe('a keystroke in the search box', { timeout: 20_000 }, () => {
  layoutScrollBoxes();
  beforeEach(resetClientState);

  it('does not render the results on screen again while its own search is on its way, when they have more pages', async () => {
    const fake = createFakeBridge();
    const search = fake.bridge.searchCatalog;
    // The catalog's results fill a first page of 60 and have more pages; the keystroke's answer does not come.
    fake.bridge.searchCatalog = (async (input: CatalogSearchInput) => {
      if (input?.text) return new Promise(() => undefined);
      const answer = await search(input);
      if (!answer.ok) return answer;
      const model = answer.data.items[0]!;
      const items = Array.from({ length: input?.limit ?? 60 }, (_, n) => ({ ...model, id: `prod_many_${(input?.offset ?? 0) + n}` }));
      return { ...answer, data: { ...answer.data, items, total: 5_000 } };
    }) as CaseworksBridge['searchCatalog'];
    renderApp(fake.bridge, '#/catalog');
    await screen.findByText('5,000 products', undefined, slow);
    await screen.findByRole('list', { name: 'Products' }, slow);
    const cardRenders = vi.mocked(productFacts.bottleFacts);
    const before = cardRenders.mock.calls.length;
    expect(before).toBeGreaterThan(0);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalog' }), { target: { value: 'p' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('5,000 products')).toBeTruthy();
    expect(cardRenders.mock.calls.length - before, 'cards rendered again for the keystroke').toBe(0);
  });
});
