import { fireEvent, screen } from '@testing-library/react';
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
});
