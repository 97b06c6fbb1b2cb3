import { fireEvent, screen, within } from '@testing-library/react';
import type { CaseworksBridge } from '../../../shared/bridge';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeBridge } from '../support/fakeBridge';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

describe('a damaged outbox, on every screen', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it('says how many queued orders could not be read and where the damaged copy is, until dismissed', async () => {
    const fake = createFakeBridge();
    const keptAs = '/home/rep/.caseworks-web/accounts/5f2a/outbox.jsonl.damaged-20261122T090000000Z';
    fake.setOutboxProblem({
      unreadable: 2,
      keptAs,
      message: `2 queued orders could not be read (the file was damaged). The other 3 queued orders were read and are kept. The damaged file was kept as ${keptAs}.`,
    });
    renderApp(fake.bridge, '#/account');
    const notice = (await screen.findByText('2 queued orders could not be read.', undefined, slow)).closest('[role="alert"]');
    expect(notice?.textContent).toContain(keptAs);
    expect(notice?.querySelector('a')?.getAttribute('href')).toBe('#/cart');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('2 queued orders could not be read.')).toBeNull();
  });

  it('says nothing when the whole outbox was read', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/account');
    await screen.findByRole('heading', { name: 'Bistro Verde', level: 1 }, slow);
    expect(fake.callsTo('listOutbox').length).toBeGreaterThan(0);
    expect(screen.queryByText(/could not be read/)).toBeNull();
  });

  it('reads the outbox once at start for its entries and its problem', async () => {
    const fake = createFakeBridge();
    renderApp(fake.bridge, '#/account');
    await screen.findByRole('heading', { name: 'Bistro Verde', level: 1 }, slow);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.callsTo('listOutbox')).toHaveLength(1);
  });
});

describe('the first screen after a start whose service cannot be used', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  const notDownloaded = (fake: ReturnType<typeof createFakeBridge>) => {
    const empty: CaseworksBridge['searchCatalog'] = async () => ({
      ok: true,
      data: { items: [], total: 0, facets: { varietal: [], region: [], country: [], supplier: [], vintage: [] }, tookMs: 0, freshness: { asOf: null, fromCache: true } },
    });
    fake.bridge.searchCatalog = empty;
  };

  it('a refused key: said on every screen and in place of the catalog, with the way to fix it', async () => {
    const fake = createFakeBridge();
    notDownloaded(fake);
    fake.setSession({
      mode: 'custom',
      account: null,
      keyStorage: 'memory-only',
      problem: {
        code: 'key_refused',
        message: 'The service at 127.0.0.1:4321 did not accept the API key given in CASEWORKS_API_KEY.',
        fix: 'Stop Caseworks (Ctrl+C in its terminal), set CASEWORKS_API_KEY to a key of this service and run npm run web again.',
      },
    });
    renderApp(fake.bridge, '#/catalog');
    const notice = (await screen.findByText('The API key was not accepted.', undefined, slow)).closest('[role="alert"]') as HTMLElement;
    expect(notice.textContent).toContain('did not accept the API key given in CASEWORKS_API_KEY');
    expect(within(notice).getByRole('link', { name: 'Open Settings' }).getAttribute('href')).toBe('#/settings');
    expect(await screen.findByText('The catalog cannot be downloaded yet. The API key was not accepted.', undefined, slow)).toBeTruthy();
    expect(screen.queryByText(/the progress shows at the top/)).toBeNull();
  });

  it('a silent service: the offline banner says it is not answering, and what happens meanwhile', async () => {
    const fake = createFakeBridge();
    notDownloaded(fake);
    fake.setSession({
      online: false,
      problem: { code: 'not_answering', message: 'The service at 127.0.0.1:4321 is not answering (no reply within 5 s).', fix: 'Caseworks keeps trying in the background.' },
    });
    renderApp(fake.bridge, '#/catalog');
    expect(await screen.findByText('You are offline. The service at 127.0.0.1:4321 is not answering (no reply within 5 s).', undefined, slow)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
