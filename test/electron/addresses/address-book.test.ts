import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_FILE, createAddressBookStore } from '../../../electron/core/addresses/address-book';
import { accountFolder } from '../../../electron/core/account-files/versioned-file';

const scope = { baseUrl: 'caseworks-demo://embedded/api/v1', accountId: 'org_1' };
const napa = { street1: '1 Vine St', city: 'Napa', state: 'CA' as const, zip: '94558' };
const austin = { street1: '9 Congress Ave', city: 'Austin', state: 'TX' as const, zip: '78701' };
let dataDir: string;
const now = () => new Date('2026-11-23T10:00:00.000Z');
const open = () => createAddressBookStore({ dataDir, scope, now });
const folder = () => accountFolder(dataDir, scope);
const file = () => path.join(folder(), ADDRESS_FILE.fileName);

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-addresses-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the address book store', () => {
  it('keeps saved addresses and the default across a restart', async () => {
    const book = open();
    const added = await book.add({ label: 'Downtown bar', address: napa }, false);
    const warehouse = await book.add({ label: 'Warehouse', address: austin }, true);
    expect(added.ok && warehouse.ok).toBe(true);
    const reopened = await open().read();
    expect(reopened.items.map((item) => item.label)).toEqual(['Downtown bar', 'Warehouse']);
    expect(reopened.defaultId).toBe(warehouse.ok ? warehouse.value.id : 'none');
    expect(reopened.problem).toBeNull();
  });

  it('edits, makes default, deletes (the default falls back to the account address)', async () => {
    const book = open();
    const added = await book.add({ label: 'Bar', address: napa }, false);
    if (!added.ok) throw new Error('not added');
    expect(await book.update(added.value.id, { label: 'Bar on 5th', address: austin })).toMatchObject({ ok: true, value: { label: 'Bar on 5th', address: austin } });
    expect(await book.setDefault(added.value.id)).toEqual({ ok: true, value: null });
    expect((await book.read()).defaultId).toBe(added.value.id);
    expect(await book.remove(added.value.id)).toEqual({ ok: true, value: null });
    expect(await open().read()).toEqual({ items: [], defaultId: null, problem: null });
    expect(await book.remove(added.value.id)).toMatchObject({ ok: false, refusal: { code: 'not_found' } });
  });

  it('refuses a label already used (whatever its case) and keeps the book as it was', async () => {
    const book = open();
    await book.add({ label: 'Warehouse', address: napa }, false);
    const second = await book.add({ label: 'warehouse', address: austin }, false);
    expect(second).toMatchObject({ ok: false, refusal: { code: 'duplicate', pointer: '/label' } });
    expect((await open().read()).items).toHaveLength(1);
  });

  it('keeps every account apart', async () => {
    await open().add({ label: 'Bar', address: napa }, false);
    const other = createAddressBookStore({ dataDir, scope: { ...scope, accountId: 'org_2' }, now });
    expect((await other.read()).items).toEqual([]);
  });

  it('sets a damaged file aside and starts empty, saying so', async () => {
    mkdirSync(folder(), { recursive: true });
    writeFileSync(file(), '{"format":"caseworks-addr');
    const book = await open().read();
    expect(book.items).toEqual([]);
    expect(book.problem).toMatch(/saved addresses file was damaged.*kept as addresses\.json\.damaged-/);
    expect(readdirSync(folder()).some((name) => name.startsWith('addresses.json.damaged-'))).toBe(true);
  });

  it('sets a file of another version aside instead of misreading it', async () => {
    mkdirSync(folder(), { recursive: true });
    writeFileSync(file(), JSON.stringify({ format: 'caseworks-addresses', version: 0, addresses: [{ name: 'Old' }] }));
    const book = open();
    expect((await book.read()).problem).toMatch(/written by another version of the app/);
    const kept = readdirSync(folder()).find((name) => name.startsWith('addresses.json.damaged-'));
    expect(JSON.parse(readFileSync(path.join(folder(), kept!), 'utf8'))).toMatchObject({ version: 0 });
    // The book works again after that.
    expect(await book.add({ label: 'New', address: napa }, false)).toMatchObject({ ok: true });
  });

  it('keeps the good entries of a file with a damaged one, and a copy of the original', async () => {
    const book = open();
    const good = await book.add({ label: 'Good', address: napa }, true);
    if (!good.ok) throw new Error('not added');
    const onDisk = JSON.parse(readFileSync(file(), 'utf8')) as { entries: unknown[] };
    onDisk.entries.push({ id: 'adr_broken', label: 'Bad\u0000label', address: { street1: '', city: 'X', state: 'ZZ', zip: '1' } });
    writeFileSync(file(), JSON.stringify(onDisk));
    const reread = await open().read();
    expect(reread.items.map((item) => item.label)).toEqual(['Good']);
    expect(reread.defaultId).toBe(good.value.id);
    expect(reread.problem).toMatch(/1 damaged entry of the saved addresses was left out/);
  });

  it('changes nothing when the file cannot be written', async () => {
    const book = open();
    await book.add({ label: 'Bar', address: napa }, false);
    // A folder where the file goes: the atomic rename fails.
    rmSync(file());
    mkdirSync(path.join(file(), 'blocker'), { recursive: true });
    await expect(book.add({ label: 'Warehouse', address: austin }, false)).rejects.toThrow();
    expect((await book.read()).items.map((item) => item.label)).toEqual(['Bar']);
    expect(readdirSync(folder()).filter((name) => name !== 'addresses.json')).toEqual([]);
  });
});
