import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountFolder } from '../../../electron/core/account-files/versioned-file';
import { createFavouritesStore } from '../../../electron/core/favourites/favourites-store';
import { createOrderGuidesStore, GUIDES_FILE } from '../../../electron/core/guides/guides-store';

const scope = { baseUrl: 'caseworks-demo://embedded/api/v1', accountId: 'org_1' };
let dataDir: string;
const now = () => new Date('2026-11-23T10:00:00.000Z');
const open = (accountId = scope.accountId) => createOrderGuidesStore({ dataDir, scope: { ...scope, accountId }, now });
const file = () => path.join(accountFolder(dataDir, scope), GUIDES_FILE.fileName);
const writeFile = (contents: unknown) => {
  mkdirSync(path.dirname(file()), { recursive: true });
  writeFileSync(file(), typeof contents === 'string' ? contents : JSON.stringify(contents));
};
const guide = (id: string, name: string, lines: { productId: string; par: unknown }[]) => ({
  id: `gd_${id.padStart(32, '0')}`,
  name,
  lines,
  createdAt: 'x',
  updatedAt: 'x',
});

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-guides-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the order guides store', () => {
  it('creates, renames, sets pars, removes lines and guides, and keeps them across a restart', async () => {
    const guides = open();
    const created = await guides.create('Friday bar', [
      { productId: 'prod_a1', par: 6 },
      { productId: 'prod_b2', par: 2 },
      { productId: 'prod_a1', par: 9 },
    ]);
    expect(created).toMatchObject({ ok: true, value: { name: 'Friday bar', lines: [{ productId: 'prod_a1', par: 6 }, { productId: 'prod_b2', par: 2 }] } });
    const id = created.ok ? created.value.id : '';
    expect(await guides.setLine(id, { productId: 'prod_b2', par: 4 })).toMatchObject({ ok: true, value: { lines: [{ par: 6 }, { productId: 'prod_b2', par: 4 }] } });
    expect(await guides.setLine(id, { productId: 'prod_c3', par: 0 })).toMatchObject({ ok: true, value: { lines: [{}, {}, { productId: 'prod_c3', par: 0 }] } });
    await guides.removeLine(id, 'prod_a1');
    await guides.rename(id, 'Weekend bar');

    const reopened = await open().read();
    expect(reopened.problem).toBeNull();
    expect(reopened.items).toEqual([
      expect.objectContaining({ id, name: 'Weekend bar', lines: [{ productId: 'prod_b2', par: 4 }, { productId: 'prod_c3', par: 0 }] }),
    ]);
    expect(await open().remove(id)).toEqual({ ok: true, value: null });
    expect((await open().read()).items).toEqual([]);
    expect(await open().remove(id)).toMatchObject({ ok: false, refusal: { code: 'not_found' } });
  });

  it('refuses a name already used (whatever its case) and keeps each account apart', async () => {
    await open().create('Bar', []);
    expect(await open().create('BAR', [])).toMatchObject({ ok: false, refusal: { code: 'duplicate', pointer: '/name' } });
    expect(await open('org_2').create('Bar', [])).toMatchObject({ ok: true });
    expect((await open().read()).items).toHaveLength(1);
  });

  it('sets a file of another version aside, and the favourites beside it are untouched', async () => {
    await createFavouritesStore({ dataDir, scope, now }).set('prod_a1', true);
    writeFile({ format: 'caseworks-order-guides', version: 2, entries: [] });
    const read = await open().read();
    expect(read.items).toEqual([]);
    expect(read.problem).toMatch(/order guides file was written by another version of the app/);
    expect(readdirSync(path.dirname(file())).some((name) => name.startsWith('order-guides.json.damaged-'))).toBe(true);
    expect((await createFavouritesStore({ dataDir, scope, now }).read()).productIds).toEqual(['prod_a1']);
  });

  it('sets a file that is not JSON aside and starts empty', async () => {
    writeFile('{"format":"caseworks-order-guides","vers');
    const guides = open();
    expect((await guides.read()).problem).toMatch(/order guides file was damaged\. It was kept as order-guides\.json\.damaged-/);
    expect(await guides.create('Bar', [])).toMatchObject({ ok: true });
  });

  it('keeps the good guides of a damaged file, and a product listed twice once', async () => {
    writeFile({
      format: 'caseworks-order-guides',
      version: 1,
      entries: [
        guide('1', 'Bar', [{ productId: 'prod_a1', par: 6 }, { productId: 'prod_a1', par: 1 }]),
        guide('2', 'Broken par', [{ productId: 'prod_a1', par: 1.5 }]),
        guide('3', 'Negative par', [{ productId: 'prod_a1', par: -1 }]),
      ],
    });
    const read = await open().read();
    expect(read.items).toEqual([expect.objectContaining({ name: 'Bar', lines: [{ productId: 'prod_a1', par: 6 }] })]);
    expect(read.problem).toMatch(/2 damaged entries of the order guides were left out/);
  });

  it('changes nothing when the write fails', async () => {
    const guides = open();
    const created = await guides.create('Bar', [{ productId: 'prod_a1', par: 6 }]);
    const id = created.ok ? created.value.id : '';
    // A folder where the file goes: the atomic rename fails, and nothing half-written is left.
    rmSync(file());
    mkdirSync(path.join(file(), 'blocker'), { recursive: true });
    await expect(guides.setLine(id, { productId: 'prod_a1', par: 9 })).rejects.toThrow();
    expect((await guides.read()).items[0]?.lines).toEqual([{ productId: 'prod_a1', par: 6 }]);
    expect(readdirSync(path.dirname(file())).filter((name) => name !== 'order-guides.json')).toEqual([]);
  });
});
