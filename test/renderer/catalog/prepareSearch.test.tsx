import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaseworksBridge } from '../../../shared/bridge';
import { prepareSearchWhenIdle } from '../../../renderer/features/catalog/usePrepareSearch';
import { createFakeBridge } from '../support/fakeBridge';
import { layoutScrollBoxes } from '../support/layout';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

describe('the search index, asked for once the catalog is shown', { timeout: 20_000 }, () => {
  layoutScrollBoxes();
  beforeEach(resetClientState);

  it('is not asked for while the first page is on its way, and is asked for once after the catalog shows it', async () => {
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
    renderApp(fake.bridge);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.callsTo('prepareSearch'), 'nothing asked before the first page is shown').toHaveLength(0);
    answer();
    await screen.findByText('4 products', undefined, slow);
    await vi.waitFor(() => expect(fake.callsTo('prepareSearch')).toHaveLength(1), slow);
  });

  it('waits for the page to be idle after the paint, and asks once a page', () => {
    const fake = createFakeBridge();
    const idle: (() => void)[] = [];
    prepareSearchWhenIdle(fake.bridge, (run) => idle.push(run));
    prepareSearchWhenIdle(fake.bridge, (run) => idle.push(run));
    expect(idle, 'asked once').toHaveLength(1);
    expect(fake.callsTo('prepareSearch'), 'not before the page is idle').toHaveLength(0);
    idle[0]!();
    expect(fake.callsTo('prepareSearch')).toHaveLength(1);
  });
});
