import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import { createOrderHistoryHandlers } from '../../../electron/bridge/handlers/order-history';
import type { HandlerGroup } from '../../../electron/bridge/handler-types';
import type { OfflineReads } from '../../../electron/core/offline/offline-reads';
import { createProductImageAddresses } from '../../../electron/core/images/product-image-urls';
import type { HistoryOrder } from '../../../electron/core/order-history';
import type { SaveFileOutcome } from '../../../electron/core/platform';
import { createRecordingHandlers } from '../../support/recording-handlers';
import { makeProduct, toCatalogProduct } from '../../renderer/support/fixtures';
import { sampleHistory } from '../order-history/history-fixtures';
import { failWith, succeed, type Failure } from '../../../electron/core/failure';
import { DISK_FULL_MESSAGE } from '../../../electron/core/offline/offline-host';

const AS_OF = '2026-05-01T08:00:00.000Z';

/** The offline copy as these handlers read it: the order history, and one product's stored detail. */
function offlineWith(history: HistoryOrder[] | null, refused: Failure | null = null): OfflineReads {
  const none = async () => succeed(null);
  return {
    suppliers: none,
    orders: none,
    orderDetail: none,
    account: none,
    webhooks: none,
    orderHistory: async () => succeed(history ? { data: history, asOf: AS_OF } : null),
    productDetail: async (id) => refused ?? succeed(id === 'prod_chard' ? { data: makeProduct({ id, name: 'Chard', vintage: null, size_ml: 1500 }), asOf: AS_OF } : null),
    keepProductDetail: async () => succeed(undefined),
    keepOrderDetail: async () => succeed(undefined),
  };
}

/** The offline copy's words for a full disk, as its refusal reaches the handlers (offline-refusal.ts). */
const DISK_FULL: Failure = failWith('storage_error', DISK_FULL_MESSAGE, true);

function dispatcherFor(
  options: {
    history?: HistoryOrder[] | null;
    saveFile?: (request: { suggestedName: string; contents: string }) => Promise<SaveFileOutcome>;
    /** Which read of the offline copy refuses for a full disk: the catalog's products, or the stored details. */
    refuse?: 'catalog' | 'details';
  } = {},
) {
  const saved: { suggestedName: string; contents: string }[] = [];
  const handlers = createOrderHistoryHandlers({
    client: () => null,
    online: () => false,
    offline: offlineWith(options.history === undefined ? sampleHistory() : options.history, options.refuse === 'details' ? DISK_FULL : null),
    now: () => new Date(AS_OF),
    images: createProductImageAddresses(),
    // The catalog knows the Pinot and the Cabernet; the Chardonnay only has a stored detail.
    search: {
      products: async (ids) =>
        options.refuse === 'catalog'
          ? DISK_FULL
          : succeed(
          ids.map((id) =>
            id === 'prod_pinot' ? toCatalogProduct(makeProduct({ id, name: 'Pinot', vintage: 2021 })) : id === 'prod_cab' ? toCatalogProduct(makeProduct({ id, name: 'Cab' })) : null,
          ),
        ),
    },
    ...(options.saveFile
      ? {
          saveFile: async (request: { suggestedName: string; contents: string }) => {
            saved.push(request);
            return options.saveFile!(request);
          },
        }
      : {}),
  }) satisfies HandlerGroup<'listOrderHistory' | 'listLastOrdered' | 'exportOrderHistory'>;
  const { dispatch } = createDispatcher({ handlers: { ...createRecordingHandlers(), ...handlers } });
  return { dispatch, saved };
}

describe('the order history over the bridge', () => {
  it('pages the filtered orders from the offline copy, with their totals, the suppliers and the copy’s age', async () => {
    const { dispatch } = dispatcherFor();
    const result = await dispatch('listOrderHistory', { supplierId: 'sup_sonoma', perPage: 1, page: 2 });
    expect(result).toMatchObject({
      ok: true,
      data: {
        items: [{ order_number: 'CW-240301' }],
        meta: { total: 2, page: 2, per_page: 1, total_pages: 2 },
        totals: { orders: 2, cancelled: 1, cases: 4 },
        suppliers: [{ id: 'sup_napa' }, { id: 'sup_sonoma' }],
        freshness: { asOf: AS_OF, fromCache: true },
      },
    });
  });

  it('answers an empty history when the orders were never synced', async () => {
    const { dispatch } = dispatcherFor({ history: null });
    expect(await dispatch('listOrderHistory', {})).toMatchObject({
      ok: true,
      data: { items: [], meta: { total: 0 }, totals: { orders: 0 }, suppliers: [], freshness: { asOf: null, fromCache: true } },
    });
    expect(await dispatch('listLastOrdered', {})).toMatchObject({ ok: true, data: { items: [], freshness: { asOf: null } } });
  });

  it('says when each product was last ordered', async () => {
    const { dispatch } = dispatcherFor();
    const result = await dispatch('listLastOrdered', {});
    expect(result.ok && (result.data as { items: { productId: string; orderNumber: string }[] }).items.map((item) => [item.productId, item.orderNumber])).toEqual([
      ['prod_pinot', 'CW-240301'],
      ['prod_chard', 'CW-240301'],
      ['prod_cab', 'CW-240215'],
    ]);
  });

  it('hands the CSV back for the page to download where there is no save dialog, vintage and size from the catalog or the stored detail', async () => {
    const { dispatch } = dispatcherFor();
    const result = await dispatch('exportOrderHistory', { from: '2026-02-01', to: '2026-02-28', timeZone: 'America/Los_Angeles' });
    if (!result.ok) throw new Error(result.error.message);
    const data = result.data as { outcome: string; fileName: string; csv: string; rows: number };
    expect(data).toMatchObject({ outcome: 'download', fileName: 'orders-2026-02-01-to-2026-02-28.csv', rows: 3 });
    const rows = Papa.parse<string[]>(data.csv, { skipEmptyLines: true }).data;
    expect(rows.slice(1).map((row) => [row[0], row[1], row[4], row[5], row[6]])).toEqual([
      ['CW-240301', '2026-02-28', 'Coast Pinot Noir', '2021', '750'],
      ['CW-240301', '2026-02-28', 'Château Côte, "Réserve"', 'NV', '1500'],
      ['CW-240215', '2026-02-15', 'Ridge Cabernet 2019', '2019', '750'],
    ]);
  });

  it.each(['catalog', 'details'] as const)(
    'a refusal of the offline copy (a full disk) reading the %s for vintage and size is the export’s storage_error, not a file with those columns blank',
    async (refuse) => {
      const { dispatch, saved } = dispatcherFor({ refuse, saveFile: async ({ suggestedName }) => ({ saved: true, fileName: suggestedName }) });
      expect(await dispatch('exportOrderHistory', { from: '2026-02-01', to: '2026-02-28', timeZone: 'America/Los_Angeles' })).toEqual({
        ok: false,
        error: { code: 'storage_error', message: DISK_FULL_MESSAGE, retryable: true },
      });
      expect(saved).toEqual([]);
    },
  );

  it('saves through the desktop’s dialog, and says when the buyer cancelled it', async () => {
    const saving = dispatcherFor({ saveFile: async () => ({ saved: true, fileName: 'spring.csv' }) });
    expect(await saving.dispatch('exportOrderHistory', { status: 'delivered' })).toEqual({ ok: true, data: { outcome: 'saved', fileName: 'spring.csv', rows: 2 } });
    expect(saving.saved).toHaveLength(1);
    expect(saving.saved[0]!.suggestedName).toBe('orders.csv');
    expect(Papa.parse<string[]>(saving.saved[0]!.contents, { skipEmptyLines: true }).data).toHaveLength(3);

    const cancelling = dispatcherFor({ saveFile: async () => ({ saved: false, reason: 'cancelled' }) });
    expect(await cancelling.dispatch('exportOrderHistory', {})).toEqual({ ok: true, data: { outcome: 'cancelled' } });
  });

  it.each([
    ['a range that ends before it starts', { from: '2026-03-01', to: '2026-02-01' }, '/to', 'The end date is before the start date.'],
    ['a date that does not exist', { from: '2026-02-30' }, '/from', null],
    ['a date that is not a date', { to: 'last tuesday' }, '/to', null],
    ['a search of control characters', { search: '\u0000\u0007\u001b' }, '/search', 'The search cannot contain control characters such as tab or line breaks.'],
    ['a search of 10 KB', { search: 'x'.repeat(10_240) }, '/search', 'Search for at most 200 characters.'],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, '/timeZone', 'The time zone is not one this computer knows.'],
  ])('refuses %s with invalid_input naming the field', async (_name, input, pointer, detail) => {
    const { dispatch } = dispatcherFor();
    for (const method of ['listOrderHistory', 'exportOrderHistory'] as const) {
      const result = await dispatch(method, input);
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', retryable: false } });
      const fields = result.ok ? [] : (result.error.fields ?? []);
      expect(fields.map((field) => field.pointer)).toContain(pointer);
      if (detail) expect(fields.find((field) => field.pointer === pointer)?.detail).toBe(detail);
    }
  });
});
