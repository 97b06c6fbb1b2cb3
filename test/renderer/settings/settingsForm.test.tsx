import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/bridge';
import { createFakeBridge } from '../support/fakeBridge';
import { renderApp, resetClientState } from '../support/render';

const slow = { timeout: 5000 };

async function openSettings(fake: ReturnType<typeof createFakeBridge>) {
  renderApp(fake.bridge, '#/settings');
  await screen.findByRole('heading', { name: 'Settings', level: 1 }, slow);
  return {
    url: screen.getByLabelText('Service URL') as HTMLInputElement,
    key: screen.getByLabelText('API key') as HTMLInputElement,
    save: screen.getByRole('button', { name: 'Test and save' }),
  };
}

describe('settings: connect to my service', { timeout: 20_000 }, () => {
  beforeEach(resetClientState);

  it.each([
    ['orders.example.com/api/v1', 'That is not a valid URL'],
    ['http://orders.example.com/api/v1', 'The URL must start with https:// (http:// is allowed only for this computer)'],
    ['https://orders.example.com/v2', 'The URL must end in /api/v1'],
  ])('explains the malformed URL %s next to the field and sends nothing', async (typed, message) => {
    const fake = createFakeBridge();
    const form = await openSettings(fake);
    fireEvent.change(form.url, { target: { value: typed } });
    fireEvent.change(form.key, { target: { value: 'ck_live_12345678' } });
    fireEvent.click(form.save);
    const error = await screen.findByText(message);
    expect(form.url.getAttribute('aria-describedby')).toContain(error.id);
    expect(form.url.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(form.url);
    expect(fake.callsTo('connectService')).toEqual([]);
  });

  it('explains a malformed key next to its field', async () => {
    const fake = createFakeBridge();
    const form = await openSettings(fake);
    fireEvent.change(form.url, { target: { value: 'https://orders.example.com/api/v1' } });
    fireEvent.change(form.key, { target: { value: 'has space' } });
    fireEvent.click(form.save);
    expect((await screen.findByText('The API key may contain only visible characters, no spaces')).id).toBe(form.key.getAttribute('aria-describedby'));
    fireEvent.change(form.key, { target: { value: 'short' } });
    fireEvent.click(form.save);
    expect(await screen.findByText('The API key is too short')).toBeTruthy();
    expect(fake.callsTo('connectService')).toEqual([]);
  });

  it('tests a well-formed connection through the bridge and shows the result', async () => {
    const fake = createFakeBridge();
    const form = await openSettings(fake);
    fireEvent.change(form.url, { target: { value: ' https://orders.example.com/api/v1/ ' } });
    fireEvent.change(form.key, { target: { value: 'ck_live_12345678' } });
    fireEvent.click(form.save);
    // The service answers the account of the key typed: a key the fake service has not seen is a new buyer's.
    await screen.findByText('Connected to Buyer 2.', undefined, slow);
    expect(fake.callsTo('connectService')).toEqual([{ baseUrl: 'https://orders.example.com/api/v1', apiKey: 'ck_live_12345678', allowWeakKeyStorage: false }]);
    expect(form.key.value).toBe('');
  });

  it('never says "Offline · syncing now": offline, a sync waits for the service', async () => {
    const fake = createFakeBridge({
      getSyncStatus: async () => ok({ online: false, running: true, cacheBytes: 1024, datasets: [] }),
    });
    await openSettings(fake);
    const line = await screen.findByText(/^Offline · /, undefined, slow);
    expect(line.textContent).toMatch(/^Offline · syncs again when the service can be reached · saved data takes/);
    expect(screen.queryByText(/syncing now/)).toBeNull();
  });

  it('says in Settings → Offline copy when the catalog was downloaded again in full, as a note, not a problem', async () => {
    const notice = 'The service could no longer tell what changed since the last sync, so the whole catalog was downloaded again. Nothing needs doing.';
    const fake = createFakeBridge({
      getSyncStatus: async () =>
        ok({ online: true, running: false, cacheBytes: 1024, datasets: [{ name: 'catalog', updatedAt: '2026-11-22T09:00:00.000Z', count: 3, error: null, notice }] }),
    });
    await openSettings(fake);
    const said = await screen.findByText(new RegExp(notice.slice(0, 40)), undefined, slow);
    expect(said.getAttribute('role')).toBe('status');
    expect(said.textContent).toBe(`Catalog: ${notice}`);
  });

  it('puts a refused key next to the key field and keeps what was typed in the URL', async () => {
    // The core's own words for a refused key (electron/core/connection/verify-service.ts).
    const refused = 'The service did not accept this API key. Check the key and try again.';
    const fake = createFakeBridge({ connectService: async () => fail('unauthorized', refused) });
    const form = await openSettings(fake);
    fireEvent.change(form.url, { target: { value: 'https://orders.example.com/api/v1' } });
    fireEvent.change(form.key, { target: { value: 'ck_live_wrong123' } });
    fireEvent.click(form.save);
    const error = await screen.findByText(refused);
    // Said once, not twice.
    expect(error.textContent).toBe(refused);
    expect(form.key.getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(form.key);
    expect(form.url.value).toBe('https://orders.example.com/api/v1');
  });

  it('says where the key is kept, and warns about queued orders before signing out', async () => {
    const fake = createFakeBridge();
    await fake.bridge.submitOrders({
      drafts: [
        {
          order: { supplier_id: 'sup_napa', items: [{ product_id: 'prod_cab', quantity: 2 }], shipping_address: { street1: '1 A St', city: 'X', state: 'CA', zip: '94105' } },
          supplierName: 'Napa Ridge Cellars',
          estimatedTotalCents: 1,
        },
      ],
    });
    await openSettings(fake);
    expect(await screen.findByText('Signed in to the demo service that runs inside Caseworks; no key of yours is stored.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    expect(dialog.textContent).toContain('1 order is still waiting in the outbox.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.callsTo('signOut')).toEqual([]);
  });

  it('counts kept orders in the right number after signing out ("1 queued order was kept")', async () => {
    const fake = createFakeBridge();
    await fake.bridge.submitOrders({
      drafts: [
        {
          order: { supplier_id: 'sup_napa', items: [{ product_id: 'prod_cab', quantity: 2 }], shipping_address: { street1: '1 A St', city: 'X', state: 'CA', zip: '94105' } },
          supplierName: 'Napa Ridge Cellars',
          estimatedTotalCents: 1,
        },
      ],
    });
    await openSettings(fake);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('alertdialog', { name: 'Sign out?' });
    expect(screen.getByRole('alertdialog').textContent).toContain('The shared catalog stays');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('1 queued order was kept and will be sent after you sign in again.', undefined, slow)).toBeTruthy();
  });
});
