import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../../shared/bridge';
import { createFakeBridge } from '../support/fakeBridge';
import * as fixtures from '../support/fixtures';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

/** The numbers of a section of facts, by their names. */
function facts(section: HTMLElement): Record<string, string> {
  return Object.fromEntries([...section.querySelectorAll('dl > div')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]));
}

describe('the Account page says whose numbers it shows', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it("keeps the service's counts apart from the app's own, each under its own heading", async () => {
    // The marketplace counts 7 favourites and 3 addresses of its own; this computer has 0 and 1.
    const fake = createFakeBridge({
      getAccount: async () => ok({ data: { ...fixtures.account, stats: { total_orders: 4, shipping_addresses: 3, favorites: 7 } }, freshness: { asOf: new Date().toISOString(), fromCache: false } }),
    });
    fake.setAddressBook({
      items: [{ id: 'adr_00000000-0000-4000-8000-00000000000a', label: 'Bar', address: { street1: '5 Pike St', city: 'Seattle', state: 'WA', zip: '98101' }, createdAt: '2026-11-20T08:00:00.000Z' }],
      defaultId: null,
      problem: null,
    });
    renderApp(fake.bridge, '#/account');
    const service = (await screen.findByRole('heading', { name: 'On the marketplace', level: 2 }, slow)).closest('section')!;
    const local = screen.getByRole('heading', { name: 'In Caseworks on this computer', level: 2 }).closest('section')!;
    expect(facts(service)).toEqual({ Orders: '4', 'Shipping addresses': '3', Favourites: '7' });
    expect(within(service).getByText(/As the service counts them/)).toBeTruthy();
    await waitFor(() => expect(facts(local)).toEqual({ 'Saved ship-to addresses': '1', Favourites: '0', 'Order guides': '0' }));
  });
});
