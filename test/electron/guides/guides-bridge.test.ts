import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeInput, BridgeMethod } from '../../../shared/bridge/contract';
import type { CatalogProduct, Order } from '../../../shared/schemas';
import { accountFolder } from '../../../electron/core/account-files/versioned-file';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import { createGuideHandlers, type GuideSources } from '../../../electron/bridge/handlers/guides';
import { createFavouritesStore, type FavouritesStore } from '../../../electron/core/favourites/favourites-store';
import { createOrderGuidesStore, type OrderGuidesStore } from '../../../electron/core/guides/guides-store';
import { createRecordingHandlers } from '../../support/recording-handlers';
import type { DesktopHandlerDeps } from '../../../electron/bridge/handlers/desktop';
import { succeed } from '../../../electron/core/failure';

const scope = { baseUrl: 'https://wine.example/api/v1', accountId: 'org_1' };
const now = () => new Date('2026-11-23T10:00:00.000Z');
const catalog = new Map<string, { sku: string; upc: string | null; minimum: number; name: string }>([
  ['prod_a1', { sku: 'CW-A1', upc: null, minimum: 2, name: 'Pinot Noir' }],
  ['prod_b2', { sku: 'CW-B2', upc: '036000291452', minimum: 1, name: 'Cabernet, "Reserve"' }],
  ['prod_c3', { sku: 'CW-C3', upc: null, minimum: 5, name: 'Riesling' }],
]);
const listed = (id: string) => {
  const entry = catalog.get(id);
  return entry ? ({ id, name: entry.name, minimum_order: entry.minimum } as CatalogProduct) : null;
};
const pastOrder = { id: 'ord_1', items: [{ product_id: 'prod_c3', quantity: 7 }, { product_id: 'prod_a1', quantity: 3 }] } as Order;

let dataDir: string;
let guides: OrderGuidesStore | null;
let favourites: FavouritesStore;
let saveChoice: 'saved' | 'cancelled' | 'unavailable';
let savedFiles: { fileName: string; contents: string }[];

const sources: GuideSources = {
  products: async (ids) => succeed(ids.map(listed)),
  lookupCode: async (code) => {
    const found = [...catalog.entries()].find(([, entry]) => entry.sku === code.toUpperCase() || entry.upc === code);
    return succeed(found ? listed(found[0]) : null);
  },
  catalogAsOf: async () => '2026-11-23T09:00:00.000Z',
  productCodes: async (id) => {
    const entry = id === 'prod_c3' ? undefined : catalog.get(id);
    return succeed(entry ? { sku: entry.sku, upc: entry.upc } : null);
  },
  pastOrder: async (id) => succeed(id === pastOrder.id ? pastOrder : null),
  detailCoverage: async () => coverage,
};
let coverage = { stored: 3, catalog: 3 };
/** The desktop's save dialog as the buyer answers it; `unavailable` stands for a host that cannot save (the page downloads). */
const saveFile: DesktopHandlerDeps['saveFile'] = async ({ suggestedName, contents }) => {
  if (saveChoice === 'saved') savedFiles.push({ fileName: suggestedName, contents });
  if (saveChoice === 'saved') return { saved: true, fileName: suggestedName };
  return { saved: false, reason: saveChoice === 'cancelled' ? 'cancelled' : 'unsupported' };
};
const dispatcher = () =>
  createDispatcher({
    handlers: { ...createRecordingHandlers(), ...createGuideHandlers({ orderGuides: () => guides, favourites: () => favourites, guideSources: sources, saveFile }) },
  });
const call = <M extends BridgeMethod>(method: M, input: BridgeInput<M> | unknown) => dispatcher().dispatch(method, input);
async function created(input: BridgeInput<'createOrderGuide'>) {
  const result = await call('createOrderGuide', input);
  if (!result.ok) throw new Error(result.error.message);
  return result.data as { id: string; lines: { productId: string; par: number }[] };
}

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-guides-bridge-'));
  guides = createOrderGuidesStore({ dataDir, scope, now });
  favourites = createFavouritesStore({ dataDir, scope, now });
  saveChoice = 'unavailable';
  savedFiles = [];
  coverage = { stored: 3, catalog: 3 };
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('order guides over the bridge', () => {
  it('builds a guide from the favourites (par: the minimum order) and from a past order (par: the cases ordered)', async () => {
    await favourites.set('prod_a1', true);
    await favourites.set('prod_b2', true);
    await favourites.set('prod_c3', true);
    const fromFavourites = await created({ name: 'Starred', from: { kind: 'favourites' } });
    expect(fromFavourites.lines).toEqual([
      { productId: 'prod_c3', par: 5 },
      { productId: 'prod_b2', par: 1 },
      { productId: 'prod_a1', par: 2 },
    ]);
    const fromOrder = await created({ name: 'Like last week', from: { kind: 'order', orderId: 'ord_1' } });
    expect(fromOrder.lines).toEqual([
      { productId: 'prod_c3', par: 7 },
      { productId: 'prod_a1', par: 3 },
    ]);
    expect(await call('createOrderGuide', { name: 'Gone', from: { kind: 'order', orderId: 'ord_2' } })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call('getOrderGuide', { id: fromOrder.id })).toMatchObject({
      ok: true,
      data: { lines: [{ productId: 'prod_c3', par: 7, product: { name: 'Riesling' } }, { productId: 'prod_a1', par: 3 }], freshness: { asOf: '2026-11-23T09:00:00.000Z', fromCache: true } },
    });
    expect(await call('listOrderGuides', {})).toMatchObject({ ok: true, data: { items: [{ name: 'Starred' }, { name: 'Like last week' }], problem: null } });
  });

  it.each([
    ['a fraction', 1.5],
    ['a negative number', -1],
    ['text', '6'],
    ['more than the largest par', 10_001],
  ])('refuses a par that is %s, on the par, and changes nothing', async (_name, par) => {
    const guide = await created({ name: 'Bar' });
    await call('setGuideLine', { id: guide.id, productId: 'prod_a1', par: 6 });
    const result = await call('setGuideLine', { id: guide.id, productId: 'prod_a1', par });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: [{ pointer: '/par' }] } });
    expect(await call('getOrderGuide', { id: guide.id })).toMatchObject({ ok: true, data: { guide: { lines: [{ productId: 'prod_a1', par: 6 }] } } });
  });

  it('refuses a name already used, on the name; renames and deletes; unknown ids are not found', async () => {
    const guide = await created({ name: 'Bar' });
    expect(await call('createOrderGuide', { name: ' bar ' })).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: [{ pointer: '/name' }] } });
    expect(await call('renameOrderGuide', { id: guide.id, name: 'Patio' })).toMatchObject({ ok: true, data: { name: 'Patio' } });
    expect(await call('deleteOrderGuide', { id: guide.id })).toEqual({ ok: true, data: { deleted: true } });
    expect(await call('getOrderGuide', { id: guide.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call('getOrderGuide', { id: 'gd_nope' })).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: [{ pointer: '/id' }] } });
  });

  it('imports a CSV with a BOM, lists the rows it could not use, and exports it back', async () => {
    const csv = '\uFEFFsku,upc,par\r\nCW-A1,,6\r\nCW-ZZ,,2\r\n,036000291452,3\r\nCW-A1,,9\r\nCW-C3,,x\r\n';
    const imported = await call('importOrderGuide', { name: 'From the spreadsheet', csv });
    expect(imported).toMatchObject({
      ok: true,
      data: {
        guide: { name: 'From the spreadsheet', lines: [{ productId: 'prod_a1', par: 6 }, { productId: 'prod_b2', par: 3 }] },
        rows: 5,
        skipped: [
          { row: 3, code: 'unknown_product' },
          { row: 5, code: 'duplicate' },
          { row: 6, code: 'bad_par' },
        ],
      },
    });
    const id = imported.ok ? (imported.data as { guide: { id: string } }).guide.id : '';
    await call('setGuideLine', { id, productId: 'prod_c3', par: 1 });

    const exported = await call('exportOrderGuide', { id });
    expect(exported).toEqual({
      ok: true,
      data: {
        fileName: 'From the spreadsheet.csv',
        csv: 'sku,upc,par,name\r\nCW-A1,,6,Pinot Noir\r\nCW-B2,036000291452,3,"Cabernet, ""Reserve"""\r\n,,1,Riesling',
        outcome: 'download',
        withoutCode: 1,
      },
    });
    saveChoice = 'saved';
    expect(await call('exportOrderGuide', { id })).toMatchObject({ ok: true, data: { outcome: 'saved' } });
    expect(savedFiles.map((file) => file.fileName)).toEqual(['From the spreadsheet.csv']);
    saveChoice = 'cancelled';
    expect(await call('exportOrderGuide', { id })).toMatchObject({ ok: true, data: { outcome: 'cancelled' } });

    // What was exported imports again to the same lines (the row without a code is reported).
    const again = await call('importOrderGuide', { name: 'Round trip', csv: exported.ok ? (exported.data as { csv: string }).csv : '' });
    expect(again).toMatchObject({ ok: true, data: { guide: { lines: [{ productId: 'prod_a1', par: 6 }, { productId: 'prod_b2', par: 3 }] }, skipped: [{ row: 4, code: 'no_code' }] } });
  });

  it.each([
    ['wrong columns', 'product,quantity\nCW-A1,6\n', /Caseworks does not know: “product”, “quantity”/],
    ['junk that is not text', '\u0000\u0001'.repeat(100), /not a CSV text file/],
    ['a header only', 'sku,par\n', /no products/],
  ])('refuses a CSV with %s, on the file, and saves nothing', async (_name, csv, message) => {
    const result = await call('importOrderGuide', { name: 'Bad', csv });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: [{ pointer: '/csv' }] } });
    expect(!result.ok && result.error.message).toMatch(message);
    expect(await call('listOrderGuides', {})).toMatchObject({ ok: true, data: { items: [] } });
  });

  it('refuses 10 MB of junk at the door, and saves nothing when no row matches', async () => {
    const big = await call('importOrderGuide', { name: 'Big', csv: 'x'.repeat(10 * 1024 * 1024) });
    expect(big).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: [{ pointer: '/csv' }] } });
    const none = await call('importOrderGuide', { name: 'Nothing', csv: 'sku,par\nCW-ZZ,1\n' });
    expect(none).toMatchObject({ ok: true, data: { guide: null, rows: 1, skipped: [{ row: 2, code: 'unknown_product' }] } });
    expect(await call('listOrderGuides', {})).toMatchObject({ ok: true, data: { items: [] } });
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('says when rows were not found while some products’ details are not on this computer yet, and only then', async () => {
    const csv = 'sku,par\nCW-A1,6\nCW-ZZ,1\n';
    expect(await call('importOrderGuide', { name: 'All details here', csv })).toMatchObject({ ok: true, data: { skipped: [{ code: 'unknown_product' }], detailsIncomplete: false } });
    coverage = { stored: 1, catalog: 3 };
    expect(await call('importOrderGuide', { name: 'Details downloading', csv })).toMatchObject({ ok: true, data: { skipped: [{ code: 'unknown_product' }], detailsIncomplete: true } });
    // Every row found: nothing to say about the details.
    expect(await call('importOrderGuide', { name: 'Every row found', csv: 'sku,par\nCW-A1,6\n' })).toMatchObject({ ok: true, data: { skipped: [], detailsIncomplete: false } });
  });

  it('a guide name already used refuses the import and keeps the guide already saved', async () => {
    await call('importOrderGuide', { name: 'Bar', csv: 'sku,par\nCW-A1,6\n' });
    const result = await call('importOrderGuide', { name: 'Bar', csv: 'sku,par\nCW-B2,1\n' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: [{ pointer: '/name' }] } });
    expect(await call('listOrderGuides', {})).toMatchObject({ ok: true, data: { items: [{ name: 'Bar', lines: [{ productId: 'prod_a1', par: 6 }] }] } });
    expect(readdirSync(accountFolder(dataDir, scope))).toEqual(['order-guides.json']);
  });

  it('says to sign in when nobody is', async () => {
    guides = null;
    for (const method of ['listOrderGuides', 'importOrderGuide'] as const) {
      const input = method === 'listOrderGuides' ? {} : { name: 'Bar', csv: 'sku,par\nCW-A1,6\n' };
      expect(await call(method, input)).toMatchObject({ ok: false, error: { code: 'not_configured' } });
    }
  });
});
