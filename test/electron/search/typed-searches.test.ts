import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import { createCatalogHandlers, type CatalogHandlerDeps } from '../../../electron/bridge/handlers/catalog';
import { createProductImageAddresses } from '../../../electron/core/images/product-image-urls';
import type { OfflineReads } from '../../../electron/core/offline/offline-reads';
import type { ServiceClient } from '../../../electron/core/api';
import { createRecordingHandlers } from '../../support/recording-handlers';
import type { OfflineDatabase, OfflineResult } from '../../../electron/core/offline/offline-database';
import type { CatalogSearchCrossing } from '../../../electron/core/search/catalog-search';
import { createSearchService } from '../../../electron/core/search/search-service';
import { createOfflineChoiceService } from '../../../electron/core/offline/offline-choice-service';

const crossingOf = (text: string): CatalogSearchCrossing => ({
  itemsJson: '[]',
  total: text.length,
  facets: { varietal: [], region: [], country: [], supplier: [], vintage: [] },
  tookMs: 1,
  freshness: { asOf: null, fromCache: true },
});

/** A worker that answers each search only when told to, and remembers which texts it was asked. */
function heldWorker() {
  const asked: string[] = [];
  const answers: (() => void)[] = [];
  const database = {
    answer(_service: string, _op: string, query: { text: string }) {
      asked.push(query.text);
      return new Promise<OfflineResult<CatalogSearchCrossing>>((resolve) => {
        answers.push(() => resolve({ ok: true, value: crossingOf(query.text) }));
      });
    },
  } as unknown as OfflineDatabase;
  const answerNext = async () => {
    answers.shift()?.();
    // Let the answer and the turn it passes on settle.
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
  };
  return { database, asked, answerNext };
}

describe('keystrokes\' searches (searchAsTyped)', () => {
  it('sends a keystroke\'s search only after the one before it was answered, and never computes one a newer keystroke replaced while it waited', async () => {
    const worker = heldWorker();
    const search = createSearchService(worker.database);
    search.use('http://127.0.0.1:9/api/v1');
    const c = search.searchAsTyped({ text: 'c', asYouType: true });
    const ca = search.searchAsTyped({ text: 'ca', asYouType: true });
    const cab = search.searchAsTyped({ text: 'cab', asYouType: true });
    await Promise.resolve();
    expect(worker.asked).toEqual(['c']);
    // "ca" waited behind "c" and was replaced by "cab": it answers null, never asked of the worker.
    expect(await ca).toBeNull();
    await worker.answerNext();
    expect(await c).toMatchObject({ ok: true, data: { total: 1 } });
    expect(worker.asked).toEqual(['c', 'cab']);
    await worker.answerNext();
    expect(await cab).toMatchObject({ ok: true, data: { total: 3 } });
    // Nothing waits now: the next keystroke's search goes at once.
    const cabe = search.searchAsTyped({ text: 'cabe', asYouType: true });
    await Promise.resolve();
    expect(worker.asked).toEqual(['c', 'cab', 'cabe']);
    await worker.answerNext();
    expect(await cabe).toMatchObject({ ok: true, data: { total: 4 } });
  });

  it('leaves other searches alone: each is asked of the worker at once, typed or not', async () => {
    const worker = heldWorker();
    const search = createSearchService(worker.database);
    search.use('http://127.0.0.1:9/api/v1');
    const typed = search.searchAsTyped({ text: 'me', asYouType: true });
    const others = [search.search({ text: 'merlot' }), search.search({ text: 'pinot' })];
    await Promise.resolve();
    expect(worker.asked).toEqual(['me', 'merlot', 'pinot']);
    await worker.answerNext();
    await worker.answerNext();
    await worker.answerNext();
    expect(await typed).toMatchObject({ ok: true, data: { total: 2 } });
    expect((await Promise.all(others)).map((result) => result.ok && result.data.total)).toEqual([6, 5]);
  });
});

describe('searchCatalog over the bridge, while the buyer types', () => {
  function dispatcherOver() {
    const worker = heldWorker();
    const search = createSearchService(worker.database);
    search.use('http://127.0.0.1:9/api/v1');
    const none = async () => null;
    const offline = { suppliers: none, orders: none, orderDetail: none, account: none, webhooks: none, orderHistory: none, productDetail: none } as unknown as OfflineReads;
    const deps: CatalogHandlerDeps = {
      client: () => ({}) as ServiceClient,
      online: () => false,
      offline,
      now: () => new Date(),
      images: createProductImageAddresses(),
      catalogAsOf: async () => null,
      search,
    };
    const dispatcher = createDispatcher({ handlers: { ...createRecordingHandlers(), ...createCatalogHandlers(deps) } });
    return { dispatcher, worker };
  }

  it('answers a keystroke\'s search that a newer one replaced as superseded (retryable: a page still showing it asks again)', async () => {
    const { dispatcher, worker } = dispatcherOver();
    const m = dispatcher.dispatch('searchCatalog', { text: 'm', limit: 60, asYouType: true });
    const me = dispatcher.dispatch('searchCatalog', { text: 'me', limit: 60, asYouType: true });
    const mer = dispatcher.dispatch('searchCatalog', { text: 'mer', limit: 60, asYouType: true });
    expect(await me).toEqual({ ok: false, error: { code: 'superseded', message: 'A newer search replaced this one before it ran.', retryable: true } });
    await worker.answerNext();
    await worker.answerNext();
    expect(await m).toMatchObject({ ok: true, data: { total: 1 } });
    expect(await mer).toMatchObject({ ok: true, data: { total: 3 } });
    expect(worker.asked).toEqual(['m', 'mer']);
  });

  it('a next page, or a search not typed, is never replaced', async () => {
    const { dispatcher, worker } = dispatcherOver();
    const answers = [
      dispatcher.dispatch('searchCatalog', { text: 'm', limit: 60, asYouType: true }),
      dispatcher.dispatch('searchCatalog', { text: 'me', limit: 200, offset: 60, asYouType: true }),
      dispatcher.dispatch('searchCatalog', { text: 'mer', limit: 60 }),
      dispatcher.dispatch('searchCatalog', { text: 'merl', limit: 200, offset: 60, asYouType: true }),
    ];
    for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
    for (let answer = 0; answer < 4; answer += 1) await worker.answerNext();
    expect((await Promise.all(answers)).map((answer) => answer.ok)).toEqual([true, true, true, true]);
    expect(worker.asked).toEqual(['m', 'me', 'mer', 'merl']);
  });
});

describe('searchCatalog and what it covered', () => {
  it('asks the offline worker what searches cover before the search itself, so the search\'s answer is the last the reply waits for', async () => {
    // The worker answers one call at a time, in the order they came: this one records that order.
    const ops: string[] = [];
    const database = {
      answer(_service: string, op: string, query?: { text: string }) {
        ops.push(op);
        if (op === 'searchItemsJson') return Promise.resolve({ ok: true, value: crossingOf(query!.text) });
        return Promise.resolve({ ok: true, value: op === 'choiceRemovalPending' ? false : null });
      },
    } as unknown as OfflineDatabase;
    const search = createSearchService(database);
    search.use('http://127.0.0.1:9/api/v1');
    const choices = createOfflineChoiceService(database, () => search.baseUrl);
    const none = async () => null;
    const deps: CatalogHandlerDeps = {
      client: () => ({}) as ServiceClient,
      online: () => false,
      offline: { suppliers: none, orders: none, orderDetail: none, account: none, webhooks: none, orderHistory: none, productDetail: none } as unknown as OfflineReads,
      now: () => new Date(),
      images: createProductImageAddresses(),
      catalogAsOf: async () => null,
      search,
      searchCoverage: choices.coverage,
    };
    const dispatcher = createDispatcher({ handlers: { ...createRecordingHandlers(), ...createCatalogHandlers(deps) } });
    expect(await dispatcher.dispatch('searchCatalog', { text: 'merlot', limit: 60, asYouType: true })).toMatchObject({ ok: true, data: { total: 6, coverage: null } });
    expect(await dispatcher.dispatch('searchCatalog', { text: 'pinot', limit: 60 })).toMatchObject({ ok: true, data: { total: 5, coverage: null } });
    // The first search also asks whether a removal was cut short by a restart (offline-choice-service.ts).
    expect(ops).toEqual(['choiceRemovalPending', 'searchCoverage', 'searchItemsJson', 'searchCoverage', 'searchItemsJson']);
  });
});
