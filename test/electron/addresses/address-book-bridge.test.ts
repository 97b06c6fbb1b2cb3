import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeInput, BridgeMethod } from '../../../shared/bridge/contract';
import { createAddressBookStore, type AddressBookStore } from '../../../electron/core/addresses/address-book';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import { createAddressBookHandlers } from '../../../electron/bridge/handlers/address-book';
import { createRecordingHandlers } from '../../support/recording-handlers';

const napa = { street1: '1 Vine St', city: 'Napa', state: 'CA' as const, zip: '94558' };
let dataDir: string;
let book: AddressBookStore | null;

const dispatcher = () =>
  createDispatcher({ handlers: { ...createRecordingHandlers(), ...createAddressBookHandlers({ addressBook: () => book }) } });
const call = <M extends BridgeMethod>(method: M, input: BridgeInput<M> | unknown) => dispatcher().dispatch(method, input);

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-address-bridge-'));
  book = createAddressBookStore({ dataDir, scope: { baseUrl: 'https://wine.example/api/v1', accountId: 'org_1' }, now: () => new Date() });
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the address book over the bridge', () => {
  it('adds, lists, makes default, edits and deletes', async () => {
    const added = await call('addSavedAddress', { label: '  Downtown bar ', address: { ...napa, zip: ' 94558 ' }, makeDefault: true });
    expect(added).toMatchObject({ ok: true, data: { label: 'Downtown bar', address: napa } });
    const id = added.ok ? (added.data as { id: string }).id : '';
    expect(await call('getAddressBook', {})).toMatchObject({ ok: true, data: { items: [{ id }], defaultId: id, problem: null } });
    expect(await call('updateSavedAddress', { id, label: 'Bar', address: napa })).toMatchObject({ ok: true, data: { label: 'Bar' } });
    expect(await call('setDefaultAddress', { id: null })).toMatchObject({ ok: true, data: { defaultId: null } });
    expect(await call('deleteSavedAddress', { id })).toEqual({ ok: true, data: { deleted: true } });
    expect(await call('deleteSavedAddress', { id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it.each([
    ['a label too long', { label: 'x'.repeat(61), address: napa }, '/label'],
    ['a label with a control character', { label: 'Bar\tone', address: napa }, '/label'],
    ['a blank label', { label: '   ', address: napa }, '/label'],
    ['a state not on the list', { label: 'Bar', address: { ...napa, state: 'ZZ' } }, '/address/state'],
    ['a street with a line break', { label: 'Bar', address: { ...napa, street1: '1 Vine\nSt' } }, '/address/street1'],
    ['a bad ZIP code', { label: 'Bar', address: { ...napa, zip: '9455' } }, '/address/zip'],
  ])('refuses %s where it is, and saves nothing', async (_name, input, pointer) => {
    const result = await call('addSavedAddress', input);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!result.ok && result.error.fields?.map((field) => field.pointer)).toContain(pointer);
    expect(await call('getAddressBook', {})).toMatchObject({ ok: true, data: { items: [] } });
  });

  it('refuses a label already used, on the label', async () => {
    await call('addSavedAddress', { label: 'Bar', address: napa });
    const result = await call('addSavedAddress', { label: 'BAR', address: napa });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: [{ pointer: '/label' }] } });
  });

  it('says to sign in when nobody is', async () => {
    book = null;
    expect(await call('getAddressBook', {})).toMatchObject({ ok: false, error: { code: 'not_configured' } });
  });
});
