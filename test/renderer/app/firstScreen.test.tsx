import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaseworksBridge, CatalogSearchInput } from '../../../shared/bridge';
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
    startFirstScreen('#/orders', fake.bridge, testQueryClient(), () => {});
    expect(fake.callsTo('searchCatalog')).toHaveLength(0);
  });

  it('asks the core to read the search index only once the first page is answered, its screen loaded and the page idle after them', async () => {
    const answers = createFakeBridge();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const searchCatalog: CaseworksBridge['searchCatalog'] = async (input) => {
      await answered;
      return answers.bridge.searchCatalog(input);
    };
    const fake = createFakeBridge({ searchCatalog });
    const idle: (() => void)[] = [];
    window.location.hash = '';
    startFirstScreen(window.location.hash, fake.bridge, testQueryClient(), (run) => idle.push(run));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(idle, 'nothing waits for idle while the first page is unanswered').toHaveLength(0);
    answer();
    await vi.waitFor(() => expect(idle).toHaveLength(1), slow);
    expect(fake.callsTo('prepareSearch'), 'not before the page is idle').toHaveLength(0);
    idle[0]!();
    expect(fake.callsTo('prepareSearch')).toHaveLength(1);
  });

  it('on another screen, asks for the search index once the page is idle', () => {
    const fake = createFakeBridge();
    const idle: (() => void)[] = [];
    startFirstScreen('#/orders', fake.bridge, testQueryClient(), (run) => idle.push(run));
    expect(fake.callsTo('prepareSearch')).toHaveLength(0);
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(fake.callsTo('prepareSearch')).toHaveLength(1);
  });
});
