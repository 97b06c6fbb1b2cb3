import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountFolder } from '../../../electron/core/account-files/versioned-file';
import { createAddressBookStore } from '../../../electron/core/addresses/address-book';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import { createFavouritesHandlers } from '../../../electron/bridge/handlers/favourites';
import { createFavouritesStore, FAVOURITES_FILE } from '../../../electron/core/favourites/favourites-store';
import { createRecordingHandlers } from '../../support/recording-handlers';

const scope = { baseUrl: 'caseworks-demo://embedded/api/v1', accountId: 'org_1' };
let dataDir: string;
const now = () => new Date('2026-11-23T10:00:00.000Z');
const open = () => createFavouritesStore({ dataDir, scope, now });
const file = () => path.join(accountFolder(dataDir, scope), FAVOURITES_FILE.fileName);

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-favourites-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the favourites store', () => {
  it('stars and unstars, newest first, and keeps them across a restart', async () => {
    const list = open();
    await list.set('prod_a1', true);
    await list.set('prod_b2', true);
    await list.set('prod_b2', true);
    expect((await open().read()).productIds).toEqual(['prod_b2', 'prod_a1']);
    await list.set('prod_a1', false);
    expect(await open().read()).toEqual({ productIds: ['prod_b2'], problem: null });
  });

  it('sets a file of another version aside, and the address book beside it is untouched', async () => {
    const book = createAddressBookStore({ dataDir, scope, now });
    await book.add({ label: 'Bar', address: { street1: '1 Vine St', city: 'Napa', state: 'CA', zip: '94558' } }, false);
    mkdirSync(path.dirname(file()), { recursive: true });
    writeFileSync(file(), JSON.stringify({ format: 'caseworks-favourites', version: 2, entries: [] }));
    const read = await open().read();
    expect(read.productIds).toEqual([]);
    expect(read.problem).toMatch(/favourites file was written by another version of the app/);
    expect(readdirSync(path.dirname(file())).some((name) => name.startsWith('favourites.json.damaged-'))).toBe(true);
    expect((await createAddressBookStore({ dataDir, scope, now }).read()).items.map((item) => item.label)).toEqual(['Bar']);
  });

  it('keeps the good entries of a damaged file and reads a product listed twice once', async () => {
    mkdirSync(path.dirname(file()), { recursive: true });
    const entries = [
      { productId: 'prod_a1', addedAt: 'x' },
      { productId: 'not a product', addedAt: 'x' },
      { productId: 'prod_a1', addedAt: 'y' },
    ];
    writeFileSync(file(), JSON.stringify({ format: 'caseworks-favourites', version: 1, entries }));
    const read = await open().read();
    expect(read.productIds).toEqual(['prod_a1']);
    expect(read.problem).toMatch(/1 damaged entry of the favourites was left out/);
  });

  it('over the bridge: refuses a malformed product id, says to sign in when nobody is', async () => {
    let list: ReturnType<typeof open> | null = open();
    const dispatcher = createDispatcher({ handlers: { ...createRecordingHandlers(), ...createFavouritesHandlers({ favourites: () => list }) } });
    expect(await dispatcher.dispatch('setFavourite', { productId: 'prod_a1', favourite: true })).toEqual({ ok: true, data: { productIds: ['prod_a1'], problem: null } });
    expect(await dispatcher.dispatch('setFavourite', { productId: 'a1\u0000', favourite: true })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await dispatcher.dispatch('getFavourites', {})).toEqual({ ok: true, data: { productIds: ['prod_a1'], problem: null } });
    list = null;
    expect(await dispatcher.dispatch('getFavourites', {})).toMatchObject({ ok: false, error: { code: 'not_configured' } });
  });
});
