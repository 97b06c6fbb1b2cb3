import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CatalogSearchInput } from '../../../shared/bridge';
import { App } from '../../../renderer/app/App';
import { startFirstScreen } from '../../../renderer/app/firstScreen';
import { FIRST_PAGE_SIZE } from '../../../renderer/features/catalog/useCatalogSearch';
import { createFakeBridge } from '../support/fakeBridge';
import { layoutScrollBoxes } from '../support/layout';
import { resetClientState, testQueryClient } from '../support/render';

const slow = { timeout: 5000 };

describe('the first screen, asked for as the page starts', { timeout: 20_000 }, () => {
  layoutScrollBoxes();
  beforeEach(resetClientState);

  it("sends the catalog's first-page search before React renders anything, and the screen shows it without searching again", async () => {
    const fake = createFakeBridge();
    window.location.hash = '';
    const queryClient = testQueryClient();
    startFirstScreen(window.location.hash, fake.bridge, queryClient);
    const sent = fake.callsTo('searchCatalog') as CatalogSearchInput[];
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ text: '', offset: 0, limit: FIRST_PAGE_SIZE });
    render(<App bridge={fake.bridge} queryClient={queryClient} />);
    await screen.findByText('4 products', undefined, slow);
    expect(fake.callsTo('searchCatalog'), 'the screen found the search under way').toHaveLength(1);
  });

  it('asks for nothing when the page opens on another screen', () => {
    const fake = createFakeBridge();
    startFirstScreen('#/orders', fake.bridge, testQueryClient());
    expect(fake.callsTo('searchCatalog')).toHaveLength(0);
  });
});
