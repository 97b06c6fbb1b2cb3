import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentCoding } from '../../../shared';
import { createOfflineStore, type OfflineStore } from '../../../electron/core/offline/offline-store';
import { createSearchService } from '../../../electron/core/search/search-service';
import { FEED_PAGES_A_WRITE, FEED_RESTART_NOTICE } from '../../../electron/core/sync/catalog-feed';
import { FEED_PAGES_AHEAD } from '../../../electron/core/sync/feed-requests';
import { createSyncEngine, type SyncEngineOptions } from '../../../electron/core/sync/sync-engine';
import { createFakeService } from './fake-service';
import { valueOf } from '../search/search-outcome';

const baseUrl = 'http://127.0.0.1:9/api/v1';

describe('the catalog through the service’s change feed', () => {
  let dataDir: string;
  let store: OfflineStore;
  let engines: ReturnType<typeof createSyncEngine>[] = [];
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'caseworks-feed-'));
    store = createOfflineStore({ dataDir });
  });
  afterEach(async () => {
    await Promise.all(engines.map((engine) => engine.whenIdle()));
    engines = [];
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const engineFor = (service: ReturnType<typeof createFakeService>, extra: Partial<SyncEngineOptions> = {}) => {
    const engine = createSyncEngine({ api: service.api, store, scope: { baseUrl, accountId: null }, hydrateDetails: true, imagePrefetchLimit: 0, ...extra });
    engines.push(engine);
    return engine;
  };
  const search = () => {
    const service = createSearchService(store.database);
    service.use(baseUrl);
    return service;
  };
  const status = (engine: ReturnType<typeof engineFor>, name: string) => engine.statuses().find((entry) => entry.name === name)!;
  const storedIds = async () => (await valueOf(search().search({ limit: 500, sort: 'name' }))).items.map((item) => item.id).sort();
  /** The writes recorded as `written N` ended one after the other, each of at most FEED_PAGES_A_WRITE of the feed's `pages`. */
  const expectWritesOf = (events: string[], pages: number) => {
    const writes = events.filter((event) => event.startsWith('written'));
    expect(writes).toEqual(writes.map((_, index) => `written ${index + 1}`));
    expect(writes.length).toBeGreaterThanOrEqual(Math.ceil(pages / FEED_PAGES_A_WRITE));
    expect(writes.length).toBeLessThanOrEqual(pages);
  };

  it('takes the whole catalog with every detail from the feed: no list page, no request per product', async () => {
    const service = createFakeService({ products: 1_200, feed: true });
    const engine = engineFor(service);
    const report = await engine.sync();
    await engine.whenIdle();
    expect(report.outcomes.find((outcome) => outcome.dataset === 'catalog')).toMatchObject({ result: 'changed', via: 'feed' });
    const asked = service.log.map((entry) => entry.name);
    expect(asked.filter((name) => name === 'listProducts' || name === 'getProduct')).toEqual([]);
    expect(asked.filter((name) => name === 'catalogChanges')).toHaveLength(Math.ceil((1_200 + 3) / 250));
    expect(status(engine, 'catalog')).toMatchObject({ count: 1_200, error: null });
    expect(status(engine, 'productDetails')).toMatchObject({ count: 1_200, error: null });
    expect((await valueOf(search().lookupCode('SKU-7')))?.id).toBe('prod_00007');
    expect((await valueOf(search().search({ country: 'France', limit: 1 }))).total).toBe(300);
  });

  /**
   * The fake service's answers as the service client's `callBytes` gives them: the body's bytes (its
   * text `mangle`d when given), each in a buffer of its own, compressed in the `coding` given for the call.
   */
  const withBytes = (
    service: ReturnType<typeof createFakeService>,
    mangle: (text: string, call: number) => string = (text) => text,
    codingOf: (call: number) => ContentCoding | null = () => null,
  ) => {
    let calls = 0;
    const call = service.api.call as (name: string, input: unknown) => Promise<{ ok: boolean; notModified?: boolean; data?: unknown; etag?: string | null }>;
    return {
      call: service.api.call,
      callBytes: (async (name: string, input: unknown) => {
        const outcome = await call(name, input);
        if (!outcome.ok || outcome.notModified) return outcome;
        calls += 1;
        const text = new TextEncoder().encode(mangle(JSON.stringify(outcome.data), calls));
        const coding = codingOf(calls);
        const sent = coding === null ? text : new Uint8Array(coding === 'br' ? brotliCompressSync(text) : gzipSync(text));
        return { ok: true, notModified: false, bytes: sent, coding, etag: outcome.etag ?? null, status: 200 };
      }) as never,
    };
  };

  it('with the service client, moves each page’s bytes to the worker (not copied): decoded, parsed, checked and written there, the same catalog', async () => {
    const service = createFakeService({ products: 600, feed: true });
    const api = withBytes(service);
    const handed: Uint8Array[] = [];
    const inner = api.callBytes as (name: string, input: unknown) => Promise<{ ok: boolean; bytes?: Uint8Array }>;
    const recording = {
      ...api,
      callBytes: (async (name: string, input: unknown) => {
        const outcome = await inner(name, input);
        if (name === 'catalogChanges' && outcome.bytes) handed.push(outcome.bytes);
        return outcome;
      }) as never,
    };
    const engine = engineFor(service, { api: recording });
    const report = await engine.sync();
    // Moved: the main thread's views of the pages are empty (a copy would have left them whole).
    expect(handed).toHaveLength(3);
    expect(handed.map((bytes) => bytes.byteLength)).toEqual([0, 0, 0]);
    await engine.whenIdle();
    expect(report.outcomes.find((outcome) => outcome.dataset === 'catalog')).toMatchObject({ result: 'changed', via: 'feed' });
    expect(status(engine, 'catalog')).toMatchObject({ count: 600, error: null });
    expect(status(engine, 'productDetails')).toMatchObject({ count: 600, error: null });
    expect((await valueOf(search().lookupCode('SKU-7')))?.id).toBe('prod_00007');
    const pages = [await valueOf(search().search({ limit: 500, sort: 'name' })), await valueOf(search().search({ offset: 500, limit: 500, sort: 'name' }))];
    expect(pages.flatMap((page) => page.items.map((item) => item.id)).sort()).toEqual(service.state.products.map((item) => item.id).sort());
  });

  it('with pages sent compressed (br, gzip) or not, moves them compressed to the worker, which inflates them: the same catalog', async () => {
    const service = createFakeService({ products: 600, feed: true });
    const codings = [null, 'br', 'gzip'] as const;
    const api = withBytes(service, undefined, (call) => codings[call % codings.length]!);
    const inner = api.callBytes as (name: string, input: unknown) => Promise<{ ok: boolean; bytes?: Uint8Array; coding?: ContentCoding | null }>;
    const handed: { coding: ContentCoding | null | undefined; bytes: number }[] = [];
    const engine = engineFor(service, {
      api: {
        ...api,
        callBytes: (async (name: string, input: unknown) => {
          const outcome = await inner(name, input);
          if (name === 'catalogChanges' && outcome.bytes) handed.push({ coding: outcome.coding, bytes: outcome.bytes.byteLength });
          return outcome;
        }) as never,
      },
    });
    const report = await engine.sync();
    await engine.whenIdle();
    expect(handed.map((page) => page.coding)).toEqual(['br', 'gzip', null]);
    expect(report.outcomes.find((outcome) => outcome.dataset === 'catalog')).toMatchObject({ result: 'changed', via: 'feed' });
    expect(status(engine, 'catalog')).toMatchObject({ count: 600, error: null });
    expect(status(engine, 'productDetails')).toMatchObject({ count: 600, error: null });
    expect((await valueOf(search().lookupCode('SKU-7')))?.id).toBe('prod_00007');
    const pages = [await valueOf(search().search({ limit: 500, sort: 'name' })), await valueOf(search().search({ offset: 500, limit: 500, sort: 'name' }))];
    expect(pages.flatMap((page) => page.items.map((item) => item.id)).sort()).toEqual(service.state.products.map((item) => item.id).sort());
  });

  it('asks for the next page while the page before is being written, and still writes the pages in order, one at a time', async () => {
    const service = createFakeService({ products: 1_000, feed: true });
    const events: string[] = [];
    let fetches = 0;
    const bytes = withBytes(service);
    const api = {
      ...bytes,
      callBytes: (async (name: string, input: unknown) => {
        if (name === 'catalogChanges') events.push(`fetch ${(fetches += 1)}`);
        return (bytes.callBytes as (name: string, input: unknown) => Promise<unknown>)(name, input);
      }) as never,
    };
    let writes = 0;
    let writing = false;
    /** Each page's write ends once the next page was asked for (or after a while when it is the last). */
    const slowWrite = async <T>(write: () => Promise<T>): Promise<T> => {
      expect(writing, 'one write at a time').toBe(false);
      writing = true;
      const page = (writes += 1);
      const askedFor = fetches;
      for (let waited = 0; fetches === askedFor && waited < 40; waited += 1) await new Promise((resolve) => setTimeout(resolve, 5));
      const result = await write();
      events.push(`written ${page}`);
      writing = false;
      return result;
    };
    const slowStore: OfflineStore = {
      ...store,
      writeReadChanges: (...args) => slowWrite(() => store.writeReadChanges(...args)),
      applyChangesBytes: (...args) => slowWrite(() => store.applyChangesBytes(...args)),
    };
    const engine = engineFor(service, { api, store: slowStore });
    await engine.sync();
    await engine.whenIdle();
    expect(events.indexOf('fetch 2')).toBeLessThan(events.indexOf('written 1'));
    expect(events.indexOf('fetch 3')).toBeLessThan(events.indexOf('written 2'));
    expectWritesOf(events, 5);
    expect(status(engine, 'catalog')).toMatchObject({ count: 1_000, error: null });
    expect((await valueOf(search().search({ limit: 1 }))).total).toBe(1_000);
    expect((await valueOf(search().products(['prod_00999'])))[0]?.id).toBe('prod_00999');
  });

  it('hands each page to the offline worker only at its turn (the app holds it while the buyer types): one turn a page, nothing read while a turn is held', async () => {
    const service = createFakeService({ products: 1_000, feed: true });
    const events: string[] = [];
    const turns: Array<() => void> = [];
    const writeTurn = () =>
      new Promise<void>((resolve) => {
        events.push(`turn ${turns.length + 1}`);
        turns.push(resolve);
      });
    let reads = 0;
    const readingStore: OfflineStore = {
      ...store,
      readChangesBytes: (...args) => {
        events.push(`read ${(reads += 1)}`);
        return store.readChangesBytes(...args);
      },
    };
    const engine = engineFor(service, { api: withBytes(service), store: readingStore, writeTurn });
    const synced = engine.sync();
    await vi.waitFor(() => expect(turns).toHaveLength(1), { timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads, 'the page waits in memory while its turn is held').toBe(0);
    expect(service.log.filter((entry) => entry.name === 'catalogChanges').length, 'fetched meanwhile').toBeGreaterThan(0);
    for (let page = 1; page <= 5; page += 1) {
      await vi.waitFor(() => expect(turns.length).toBeGreaterThanOrEqual(page), { timeout: 30_000 });
      turns[page - 1]!();
    }
    await synced;
    await engine.whenIdle();
    expect(events).toEqual(['turn 1', 'read 1', 'turn 2', 'read 2', 'turn 3', 'read 3', 'turn 4', 'read 4', 'turn 5', 'read 5']);
    expect(status(engine, 'catalog')).toMatchObject({ count: 1_000, error: null });
  });

  type FeedInput = { query?: { since?: string }; onHeaders?: (headers: Headers) => void; signal?: AbortSignal };
  /** The service client's `callBytes` over the fake, each feed answer's body arriving `bodyMs` after its headers; `observe` sees each feed request. */
  const slowBodies = (service: ReturnType<typeof createFakeService>, events: string[], observe: (input: FeedInput) => FeedInput = (input) => input, bodyMs = 20) => {
    const bytes = withBytes(service);
    const inner = bytes.callBytes as (name: string, input: unknown) => Promise<unknown>;
    const feed = { asked: 0, inFlight: 0, mostInFlight: 0 };
    const api = {
      ...bytes,
      callBytes: (async (name: string, input: FeedInput) => {
        if (name !== 'catalogChanges') return inner(name, input);
        const page = (feed.asked += 1);
        events.push(`asked ${page}`);
        feed.inFlight += 1;
        feed.mostInFlight = Math.max(feed.mostInFlight, feed.inFlight);
        // The fake tells the headers (and its Link) as it answers; the body takes a while longer.
        const answer = await inner(name, observe(input));
        await new Promise((resolve) => setTimeout(resolve, bodyMs));
        events.push(`body ${page}`);
        feed.inFlight -= 1;
        return answer;
      }) as never,
    };
    return { api, feed };
  };
  /** The store, each page's write recorded in `events` in the order they end. */
  const recordingWrites = (events: string[]): OfflineStore => {
    let writes = 0;
    return {
      ...store,
      writeReadChanges: async (...args) => {
        const page = (writes += 1);
        const result = await store.writeReadChanges(...args);
        events.push(`written ${page}`);
        return result;
      },
    };
  };

  it('asks for the page a Link names as soon as the headers arrive, before the page before has its body; FEED_PAGES_AHEAD ahead at most, each asked once, written in order', async () => {
    const service = createFakeService({ products: 1_000, feed: true });
    const events: string[] = [];
    const { api, feed } = slowBodies(service, events);
    const engine = engineFor(service, { api, store: recordingWrites(events) });
    await engine.sync();
    await engine.whenIdle();
    expect(events.indexOf('asked 2')).toBeLessThan(events.indexOf('body 1'));
    // The third once the second is the page being read (its headers came while the first was read): before the first is written.
    expect(events.indexOf('asked 3')).toBeLessThan(events.indexOf('written 1'));
    // More than one page asked for ahead (one ahead kept two in flight at most), never more than the bound.
    expect(feed.mostInFlight).toBeGreaterThan(2);
    expect(feed.mostInFlight).toBeLessThanOrEqual(FEED_PAGES_AHEAD + 1);
    const asked = service.log.filter((entry) => entry.name === 'catalogChanges').map((entry) => entry.since);
    expect(asked).toHaveLength(Math.ceil((1_000 + 3) / 250));
    expect(new Set(asked).size).toBe(asked.length);
    expectWritesOf(events, 5);
    expect(status(engine, 'catalog')).toMatchObject({ count: 1_000, error: null });
    const pages = [await valueOf(search().search({ limit: 500, sort: 'name' })), await valueOf(search().search({ offset: 500, limit: 500, sort: 'name' }))];
    expect(pages.flatMap((page) => page.items.map((item) => item.id)).sort()).toEqual(service.state.products.map((item) => item.id).sort());
  });

  it('a Link naming another page than the page’s own next_cursor: the request sent ahead is dropped and the right page asked; the catalog is exact', async () => {
    const service = createFakeService({ products: 1_000, feed: true });
    const events: string[] = [];
    const wrong: AbortSignal[] = [];
    const { api } = slowBodies(service, events, (input) => {
      if (input.query?.since === 'c1g0') wrong.push(input.signal!);
      const onHeaders = input.onHeaders;
      return { ...input, onHeaders: onHeaders && (() => onHeaders(new Headers({ link: '<?since=c1g0&limit=250>; rel="next"' }))) };
    });
    const engine = engineFor(service, { api, store: recordingWrites(events) });
    await engine.sync();
    await engine.whenIdle();
    expect(wrong.length).toBeGreaterThan(0);
    expect(wrong.every((signal) => signal.aborted), 'every request for the wrong page is dropped').toBe(true);
    expectWritesOf(events, 5);
    expect(status(engine, 'catalog')).toMatchObject({ count: 1_000, error: null });
    const pages = [await valueOf(search().search({ limit: 500, sort: 'name' })), await valueOf(search().search({ offset: 500, limit: 500, sort: 'name' }))];
    expect(pages.flatMap((page) => page.items.map((item) => item.id)).sort()).toEqual(service.state.products.map((item) => item.id).sort());
  });

  it('the service gone while a page is asked ahead: the pages written stay, the next sync goes on from the last one and ends exact', async () => {
    const service = createFakeService({ products: 1_500, feed: true });
    const events: string[] = [];
    let feedCalls = 0;
    const { api } = slowBodies(service, events, (input) => {
      // The fourth feed request (asked ahead while the third page is read and the second written) finds the service gone.
      if ((feedCalls += 1) === 4) service.goOfflineAfter(0);
      return input;
    });
    const engine = engineFor(service, { api, store: recordingWrites(events) });
    await engine.sync();
    await engine.whenIdle();
    expect(status(engine, 'catalog').error).toMatch(/Could not reach/);
    expect((await valueOf(search().search({ limit: 1 }))).total).toBe(3 * 250 - 3);
    service.goOnline();
    service.clearLog();
    await engine.sync();
    await engine.whenIdle();
    expect(service.log.filter((entry) => entry.name === 'catalogChanges')[0]?.since).toBe('c750g0');
    expect(status(engine, 'catalog')).toMatchObject({ count: 1_500, error: null });
    const pages = await Promise.all([0, 500, 1_000].map((offset) => valueOf(search().search({ offset, limit: 500, sort: 'name' }))));
    expect(pages.flatMap((page) => page.items.map((item) => item.id)).sort()).toEqual(service.state.products.map((item) => item.id).sort());
  });

  it('a page of text the contract does not allow fails the sync in plain words and writes nothing of it; the pages before stay', async () => {
    const service = createFakeService({ products: 600, feed: true });
    // The second page: a product without its price.
    const engine = engineFor(service, { api: withBytes(service, (text, call) => (call === 2 ? text.replace(/"case_price_cents":\d+,/, '') : text)) });
    await engine.sync();
    await engine.whenIdle();
    expect(status(engine, 'catalog').error).toMatch(/in a form this app cannot read/);
    expect((await valueOf(search().search({ limit: 1 }))).total).toBe(250 - 3);
  });

  it('a re-sync asks only for what changed since its cursor', async () => {
    const service = createFakeService({ products: 300, feed: true });
    const engine = engineFor(service);
    await engine.sync();
    await engine.whenIdle();
    service.changeProduct(5, { case_price_cents: 123 });
    service.removeProduct(9);
    service.clearLog();
    const report = await engine.sync();
    await engine.whenIdle();
    const feedCalls = service.log.filter((entry) => entry.name === 'catalogChanges');
    expect(feedCalls).toHaveLength(1);
    expect(feedCalls[0]!.since).toMatch(/^c\d+g\d+$/);
    expect(service.log.filter((entry) => entry.name === 'getProduct' || entry.name === 'listProducts')).toEqual([]);
    expect(report.outcomes.find((outcome) => outcome.dataset === 'catalog')?.result).toBe('changed');
    expect((await valueOf(search().products(['prod_00005'])))[0]?.case_price_cents).toBe(123);
    expect((await valueOf(search().products(['prod_00009'])))[0]).toBeNull();
    expect(status(engine, 'catalog').count).toBe(299);

    service.clearLog();
    expect((await engine.sync()).outcomes.find((outcome) => outcome.dataset === 'catalog')?.result).toBe('unchanged');
  });

  it('a cursor the service no longer knows (410): the whole catalog again, said in Settings, no error', async () => {
    const service = createFakeService({ products: 300, feed: true });
    const engine = engineFor(service);
    await engine.sync();
    await engine.whenIdle();
    service.removeProduct(0);
    service.expireCursors();
    service.clearLog();
    await engine.sync();
    await engine.whenIdle();
    const asked = service.log.filter((entry) => entry.name === 'catalogChanges').map((entry) => `${entry.status}:${entry.since === null ? 'start' : 'cursor'}`);
    expect(asked.slice(0, 2)).toEqual(['410:cursor', '200:start']);
    expect(asked.slice(2).every((call) => call === '200:cursor'), 'then on from the new cursor').toBe(true);
    expect(status(engine, 'catalog')).toMatchObject({ count: 299, error: null, notice: FEED_RESTART_NOTICE });
    expect(await storedIds()).toEqual(service.state.products.map((item) => item.id).sort().slice(0, 299));
  });

  /** The store, each write recorded with how many pages were read since the write before; each read taking `readMs` longer. */
  const countingStore = (writes: number[], readMs = 0): OfflineStore => {
    let reads = 0;
    return {
      ...store,
      readChangesBytes: async (...args) => {
        const result = await store.readChangesBytes(...args);
        reads += 1;
        if (readMs > 0) await new Promise((resolve) => setTimeout(resolve, readMs));
        return result;
      },
      writeReadChanges: async (...args) => {
        writes.push(reads);
        reads = 0;
        return store.writeReadChanges(...args);
      },
    };
  };

  it('writes a page with the next in one transaction when the next has come as it is read; the cursor stored is the last page’s', async () => {
    const service = createFakeService({ products: 1_000, feed: true });
    const writes: number[] = [];
    // Each read takes a while: the page asked ahead has come by its end.
    const engine = engineFor(service, { api: withBytes(service), store: countingStore(writes, 40) });
    await engine.sync();
    await engine.whenIdle();
    expect(FEED_PAGES_A_WRITE).toBe(2);
    expect(writes, 'pages 1 and 2, 3 and 4, then 5 alone (the last)').toEqual([2, 2, 1]);
    const asked = service.log.filter((entry) => entry.name === 'catalogChanges');
    expect(asked).toHaveLength(5);
    const lastPage = (await (service.api.call as (name: string, input: unknown) => Promise<{ ok: boolean; data?: { next_cursor: string } }>)('catalogChanges', {
      query: { since: asked.at(-1)!.since, limit: '250' },
    })).data;
    const stored = await store.datasetInfo('catalog', { baseUrl, accountId: null });
    expect(stored.ok && stored.value?.cursor).toBe(lastPage?.next_cursor);
    expect(status(engine, 'catalog')).toMatchObject({ count: 1_000, error: null });
    const pages = [await valueOf(search().search({ limit: 500, sort: 'name' })), await valueOf(search().search({ offset: 500, limit: 500, sort: 'name' }))];
    expect(pages.flatMap((page) => page.items.map((item) => item.id)).sort()).toEqual(service.state.products.map((item) => item.id).sort());
  });

  it('writes each page alone while the buyer types, though the next has come; two to a write again once typing stops', async () => {
    const service = createFakeService({ products: 1_000, feed: true });
    const writes: number[] = [];
    // The buyer types until two writes have begun, then stops.
    const buyerTyping = () => writes.length < 2;
    const engine = engineFor(service, { api: withBytes(service), store: countingStore(writes, 40), buyerTyping });
    await engine.sync();
    await engine.whenIdle();
    expect(writes, 'pages 1 and 2 alone (typing), then 3 and 4 together, then 5 (the last)').toEqual([1, 1, 2, 1]);
    expect(status(engine, 'catalog')).toMatchObject({ count: 1_000, error: null });
  });

  it('writes each page alone when the next has not come as it is read (the service slower than the copy)', async () => {
    const service = createFakeService({ products: 1_000, feed: true });
    const bytes = withBytes(service);
    const inner = bytes.callBytes as (name: string, input: unknown) => Promise<unknown>;
    const api = {
      ...bytes,
      // Every feed answer, headers and all, comes 300 ms after it is asked.
      callBytes: (async (name: string, input: unknown) => {
        if (name === 'catalogChanges') await new Promise((resolve) => setTimeout(resolve, 300));
        return inner(name, input);
      }) as never,
    };
    const writes: number[] = [];
    const engine = engineFor(service, { api, store: countingStore(writes) });
    await engine.sync();
    await engine.whenIdle();
    expect(writes).toEqual([1, 1, 1, 1, 1]);
    expect(status(engine, 'catalog')).toMatchObject({ count: 1_000, error: null });
  });

  it('the worker writes the pages it read in one transaction, in order; a page that does not follow them drops them, one that fails its check leaves them', async () => {
    const service = createFakeService({ products: 600, feed: true });
    const scope = { baseUrl, accountId: null };
    const pageAfter = async (since: string | null) => {
      const answer = (await (service.api.call as (name: string, input: unknown) => Promise<{ ok: boolean; data?: { next_cursor: string } }>)('catalogChanges', {
        query: since ? { since, limit: '250' } : { limit: '250' },
      }));
      if (!answer.ok || !answer.data) throw new Error('the fake service gave no page');
      return { bytes: new TextEncoder().encode(JSON.stringify(answer.data)), next: answer.data.next_cursor };
    };
    const first = await pageAfter(null);
    const second = await pageAfter(first.next);
    const third = await pageAfter(second.next);
    const stored = async () => {
      const info = await store.datasetInfo('catalog', scope);
      if (!info.ok) throw new Error(info.message);
      return info.value;
    };
    const cursor = async () => (await stored())?.cursor ?? null;
    const total = async () => (await stored())?.count ?? 0;

    // A page read, then one that fails its check: the first is still written.
    expect((await store.readChangesBytes(scope, first.bytes, null, null)).ok).toBe(true);
    const bad = await store.readChangesBytes(scope, new TextEncoder().encode('{"data": 1}'), null, first.next);
    expect(bad.ok && bad.value.ok).toBe(false);
    expect((await store.writeReadChanges(scope, '2026-11-29T00:00:00.000Z')).ok).toBe(true);
    expect(await cursor()).toBe(first.next);
    expect(await total()).toBe(250 - 3);

    // Two pages read, each following the one before: one write, both stored, the second's cursor kept.
    await store.readChangesBytes(scope, second.bytes, null, first.next);
    await store.readChangesBytes(scope, third.bytes, null, second.next);
    expect(await total(), 'nothing written by a read').toBe(250 - 3);
    expect((await store.writeReadChanges(scope, '2026-11-29T00:00:00.000Z')).ok).toBe(true);
    expect(await cursor()).toBe(third.next);
    expect(await total()).toBe(600);

    // In a new copy, a page read, then one that does not follow it: only the second is written.
    const otherDir = await mkdtemp(join(tmpdir(), 'caseworks-feed-'));
    const other = createOfflineStore({ dataDir: otherDir });
    try {
      await other.readChangesBytes(scope, (await pageAfter(null)).bytes, null, null);
      await other.readChangesBytes(scope, (await pageAfter(second.next)).bytes, null, 'another cursor');
      expect((await other.writeReadChanges(scope, '2026-11-29T00:00:00.000Z')).ok).toBe(true);
      const info = await other.datasetInfo('catalog', scope);
      expect(info.ok && info.value).toMatchObject({ count: 600 - 2 * 250 + 3, cursor: third.next });
    } finally {
      await other.close();
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('a feed cut short goes on from the last page it wrote', async () => {
    const service = createFakeService({ products: 2_500, feed: true });
    let feedPages = 0;
    const api: typeof service.api = {
      call: (async (name: string, input: unknown) => {
        // The second feed page finds the service gone.
        if (name === 'catalogChanges' && (feedPages += 1) === 2) return { ok: false, error: { code: 'offline', message: 'Could not reach the service.', retryable: true, status: null, problemCode: null } };
        return (service.api.call as (name: string, input: unknown) => Promise<unknown>)(name, input);
      }) as typeof service.api.call,
    };
    const engine = engineFor(service, { api });
    await engine.sync();
    expect(status(engine, 'catalog').error).toMatch(/Could not reach/);
    expect((await valueOf(search().search({ limit: 1 }))).total).toBe(250 - 3);
    service.clearLog();
    await engine.sync();
    await engine.whenIdle();
    expect(service.log.filter((entry) => entry.name === 'catalogChanges')[0]?.since).toMatch(/^c\d+g\d+$/);
    expect(status(engine, 'catalog')).toMatchObject({ count: 2_500, error: null });
  });

  it('against a service without the feed, each list page of the catalog waits for its turn too before the worker writes it', async () => {
    const service = createFakeService({ products: 250 });
    let turnsAsked = 0;
    let held = true;
    const waiting: Array<() => void> = [];
    const writeTurn = () => {
      turnsAsked += 1;
      return held ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve();
    };
    let pageWrites = 0;
    const countingStore: OfflineStore = {
      ...store,
      writeCatalogPage: (...args) => {
        pageWrites += 1;
        return store.writeCatalogPage(...args);
      },
    };
    const engine = engineFor(service, { store: countingStore, writeTurn, hydrateDetails: false });
    const synced = engine.sync();
    await vi.waitFor(() => expect(turnsAsked).toBeGreaterThan(0), { timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pageWrites, 'no page written while its turn is held').toBe(0);
    held = false;
    for (const release of waiting) release();
    const report = await synced;
    expect(report.outcomes.find((outcome) => outcome.dataset === 'catalog')).toMatchObject({ result: 'changed', via: 'pages' });
    expect(pageWrites).toBe(3);
    expect(turnsAsked).toBe(3);
    expect(status(engine, 'catalog')).toMatchObject({ count: 250, error: null });
  });

  it('against a service without the feed (404): list pages and one request per detail, as before', async () => {
    const service = createFakeService({ products: 150 });
    const engine = engineFor(service);
    const report = await engine.sync();
    await engine.whenIdle();
    expect(report.outcomes.find((outcome) => outcome.dataset === 'catalog')).toMatchObject({ result: 'changed', via: 'pages' });
    expect(service.log.filter((entry) => entry.name === 'catalogChanges').map((entry) => entry.status)).toEqual([404]);
    expect(service.log.filter((entry) => entry.name === 'listProducts')).not.toHaveLength(0);
    expect(service.log.filter((entry) => entry.name === 'getProduct')).toHaveLength(150);
    expect(status(engine, 'productDetails')).toMatchObject({ count: 150, error: null });
  });
});
