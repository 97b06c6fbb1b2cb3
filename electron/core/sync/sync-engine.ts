/**
 * `createSyncEngine({ api, store, scope, ... })` keeps the offline copy of one service (and, once
 * known, one account) up to date.
 * - `init()`: reads dataset ages from the offline database and points search at this service.
 * - `sync()`: account first, then suppliers, catalog, orders (+ details of open orders) and
 *   webhooks within one bound on concurrent requests; unchanged pages come back as 304 and are not
 *   written again. The catalog streams: each changed page is written (and searchable) as it
 *   arrives. A failed dataset keeps what it had and shows its error in plain words. Then images
 *   and product details continue in the background (`whenIdle()`).
 * - `syncNow()`: starts `sync()` unless one is running (for the bridge's `syncNow`).
 * - `statuses()` / `freshness(dataset)`: what the UI shows about each dataset's age.
 * - `clearAccountData()` (sign-out) and `clearAll()` (settings → clear cache).
 * With `accountOnly`, a sync is the account, its orders and webhooks only (another buyer account's).
 * Events (`onEvent`): `sync-progress`, `data-changed`, `order-status`.
 */
import pLimit from 'p-limit';
import { isConnectionFailure } from '../api';
import type { DatasetName, DatasetStatus, Freshness } from '../../../shared/bridge';
import type { ImageCache } from '../images/image-cache';
import { createOfflineCopy, type OfflineCopy } from '../offline/offline-copy';
import type { OfflineStore, StoreScope } from '../offline/offline-store';
import type { SearchService } from '../search/search-service';
import { syncImages, syncProductDetails } from './background-datasets';
import { syncCatalogFeed } from './catalog-feed';
import { createStatusBook } from './dataset-status';
import { syncAccount, syncCatalog, syncOrders, syncSuppliers, syncWebhooks } from './list-datasets';
import type { Limiter } from './paged-sync';
import { throttleProgress } from './progress-throttle';
import { guardStep, type StepOutcome, type SyncApi, type SyncContext, type SyncEvent } from './sync-context';

export interface SyncEngineOptions {
  api: SyncApi;
  store: OfflineStore;
  /** The service, and the account if already known (otherwise learned from `GET /account`). */
  scope: StoreScope;
  copy?: OfflineCopy;
  now?: () => Date;
  onEvent?: (event: SyncEvent) => void;
  /** Unfinished progress of a dataset is reported at most this often (default 250 ms). */
  progressIntervalMs?: number;
  concurrency?: { pages?: number; details?: number; images?: number };
  perPage?: number;
  /** Told which service's catalog to search when this engine's copy is read (init). */
  search?: Pick<SearchService, 'use'> | null;
  images?: Pick<ImageCache, 'get' | 'has' | 'count' | 'clear'> | null;
  imagePrefetchLimit?: number;
  /** Read product details in the background after each sync (not needed when the catalog came through the change feed). */
  hydrateDetails?: boolean;
  /** Use the service's catalog change feed when it has one (default true). */
  catalogFeed?: boolean;
  /**
   * Runs each background request: downloads of details and images, and the page requests of a
   * periodic re-sync, go through it, so it can narrow or hold them (default: each at once).
   */
  backgroundGate?: Limiter;
  /**
   * Waited for before each page of the catalog (from the change feed, or a list page) is handed to
   * the offline worker, whose searches wait behind that page's write: the app holds it while the
   * buyer types (default: at once).
   */
  writeTurn?: () => Promise<void>;
  /** Whether the buyer is typing a search now: the feed's pages are then written one to a transaction (default: never). */
  buyerTyping?: () => boolean;
  detailMaxAgeMs?: number;
  /**
   * Only the account's own datasets (the account, its orders, its webhooks), no catalog or
   * suppliers and no background downloads: for a buyer account other than the active one, whose
   * orders are still followed.
   */
  accountOnly?: boolean;
}

export interface SyncReport {
  startedAt: string;
  millis: number;
  outcomes: StepOutcome[];
}

export const SYNC_DEFAULTS = {
  concurrency: { pages: 8, details: 4, images: 4 },
  perPage: 100,
  imagePrefetchLimit: 300,
  detailMaxAgeMs: 24 * 60 * 60 * 1000,
} as const;


/** How often screens are told that the catalog grew while it streams in. */
const CATALOG_GROWTH_NOTICE_MS = 1_000;

export type SyncEngine = ReturnType<typeof createSyncEngine>;

export function createSyncEngine(options: SyncEngineOptions) {
  const { api, store } = options;
  let scope: StoreScope = { ...options.scope };
  const now = options.now ?? (() => new Date());
  const events = throttleProgress(options.onEvent ?? (() => {}), options.progressIntervalMs);
  const { emit } = events;
  const concurrency = { ...SYNC_DEFAULTS.concurrency, ...options.concurrency };
  const copy = options.copy ?? createOfflineCopy({ store, scope: () => scope });
  const statuses = createStatusBook(store, () => scope);
  const search = options.search ?? null;
  const images = options.images ?? null;
  const pages = pLimit(concurrency.pages);

  let running: Promise<SyncReport> | null = null;
  let background: Promise<void> | null = null;
  let backgroundAbort = new AbortController();
  /** Set at sign-out: this engine's account is gone, so it must never sync (and write its files) again. */
  let retired = false;

  const context: SyncContext = {
    api,
    store,
    copy,
    statuses,
    scope: () => scope,
    nowIso: () => now().toISOString(),
    emit,
    pages: (task) => pages(task),
    perPage: options.perPage ?? SYNC_DEFAULTS.perPage,
    ...(options.writeTurn ? { writeTurn: options.writeTurn } : {}),
    ...(options.buyerTyping ? { buyerTyping: options.buyerTyping } : {}),
  };
  const backgroundGate: Limiter = options.backgroundGate ?? ((task) => task());
  /** A periodic re-sync only confirms a copy that is already there, so its page requests go through the gate like background downloads. */
  const periodicContext: SyncContext = {
    ...context,
    pages: (task) => pages(() => backgroundGate(task)),
  };

  /** While the catalog streams in, screens are told at most this often that it grew. */
  let catalogTold = 0;
  const catalogGrew = () => {
    if (Date.now() - catalogTold < CATALOG_GROWTH_NOTICE_MS) return;
    catalogTold = Date.now();
    emit({ type: 'data-changed', datasets: ['catalog'] });
  };

  /** Whether the last catalog sync came through the change feed (its details with it: none to download one by one). */
  let catalogViaFeed = false;
  /** The change feed when the service has one (asked at every sync: a service may gain it), else the list pages. */
  async function syncTheCatalog(context: SyncContext): Promise<StepOutcome> {
    if (options.catalogFeed !== false) {
      const fed = await syncCatalogFeed(context, catalogGrew);
      if (fed !== 'unsupported') {
        catalogViaFeed = fed.result !== 'failed';
        return fed;
      }
    }
    catalogViaFeed = false;
    return { ...(await syncCatalog(context, catalogGrew)), via: 'pages' };
  }

  async function runSync(context: SyncContext): Promise<SyncReport> {
    const startedAt = now().toISOString();
    const started = performance.now();
    const outcomes: StepOutcome[] = [];
    const account = await guardStep(context, 'account', () =>
      syncAccount(context, (accountId) => {
        scope = { ...scope, accountId };
      }),
    );
    outcomes.push(account);
    // A connection failure would fail every other request too: the rest of the sync is skipped.
    const publicDatasets = options.accountOnly ? [] : (['suppliers', 'catalog'] as const);
    if (account.result === 'failed' && isConnectionFailure(account.errorCode)) {
      for (const dataset of [...publicDatasets, 'orders', 'webhooks'] as const) {
        statuses.failed(dataset, account.error!);
        outcomes.push({ dataset, result: 'skipped', error: account.error });
      }
    } else {
      const privateAllowed = account.result !== 'failed' && scope.accountId !== null;
      const steps: Promise<StepOutcome>[] = options.accountOnly
        ? []
        : [guardStep(context, 'suppliers', () => syncSuppliers(context)), guardStep(context, 'catalog', () => syncTheCatalog(context))];
      if (privateAllowed) {
        steps.push(guardStep(context, 'orders', () => syncOrders(context)), guardStep(context, 'webhooks', () => syncWebhooks(context)));
      }
      outcomes.push(...(await Promise.all(steps)));
    }
    await statuses.save().catch(() => undefined);
    const catalogSynced = outcomes.some((outcome) => outcome.dataset === 'catalog' && outcome.result !== 'failed' && outcome.result !== 'skipped');
    if (catalogSynced) startBackground();
    return { startedAt, millis: performance.now() - started, outcomes };
  }

  /** A bound on concurrent background requests, each of which then goes through `backgroundGate`. */
  const backgroundLimit = (concurrent: number): Limiter => {
    const limit = pLimit(concurrent);
    return (task) => limit(() => backgroundGate(task));
  };

  function startBackground() {
    if (background) return;
    backgroundAbort = new AbortController();
    const signal = backgroundAbort.signal;
    background = (async () => {
      if (images && (options.imagePrefetchLimit ?? SYNC_DEFAULTS.imagePrefetchLimit) > 0) {
        await guardStep(context, 'images', () => syncImages(context, {
          images,
          prefetchLimit: options.imagePrefetchLimit ?? SYNC_DEFAULTS.imagePrefetchLimit,
          limit: backgroundLimit(concurrency.images),
          signal,
        }));
      }
      if (options.hydrateDetails !== false && !catalogViaFeed && !signal.aborted) {
        await guardStep(context, 'productDetails', () => syncProductDetails(context, {
          limit: backgroundLimit(concurrency.details),
          maxAgeMs: options.detailMaxAgeMs ?? SYNC_DEFAULTS.detailMaxAgeMs,
          signal,
        }));
      }
      await statuses.save().catch(() => undefined);
    })()
      .catch(() => undefined)
      .finally(() => {
        background = null;
      });
  }

  return {
    copy,
    get accountId() {
      return scope.accountId;
    },
    get running() {
      return running !== null || background !== null;
    },

    /**
     * Reads the stored ages and points search at this service's catalog (so a search shared
     * between connections never shows another service's catalog).
     */
    async init(): Promise<void> {
      search?.use(scope.baseUrl);
      // A refusal of the offline copy is shown as each dataset's error (statuses()), not "never synced".
      await statuses.load();
      if (images) statuses.setCount('images', await images.count());
    },

    /**
     * One full sync of the lists; resolves when they are done (images and details continue). A
     * `periodic` one holds its requests while the buyer types, as background downloads do.
     */
    sync({ periodic = false }: { periodic?: boolean } = {}): Promise<SyncReport> {
      if (retired) return Promise.resolve({ startedAt: now().toISOString(), millis: 0, outcomes: [] });
      running ??= runSync(periodic ? periodicContext : context).finally(() => {
        running = null;
      });
      return running;
    },

    syncNow(options: { periodic?: boolean } = {}): { started: boolean } {
      if (running || retired) return { started: false };
      void this.sync(options);
      return { started: true };
    },

    /** Resolves once the running sync and its background work (images, details) are finished. */
    async whenIdle(): Promise<void> {
      while (running || background) {
        await running;
        await background;
      }
    },

    /** Stops background work (details, images) at the next step; what was fetched is kept. */
    stopBackground() {
      backgroundAbort.abort();
    },

    statuses(): DatasetStatus[] {
      return statuses.all();
    },

    freshness(dataset: DatasetName): Freshness {
      return { asOf: statuses.get(dataset).updatedAt, fromCache: true };
    },

    /** Sign-out: the account's orders, details, account and webhooks go; public data stays; the engine syncs no more. */
    async clearAccountData(): Promise<number> {
      retired = true;
      backgroundAbort.abort();
      // A sync may be writing this account's files right now: let it finish before they go.
      await this.whenIdle();
      events.cancel();
      const freed = await store.clearAccount(scope);
      copy.forget();
      // The shared catalog stays on disk, so its datasets keep their counts and ages.
      statuses.reset();
      await statuses.load();
      if (images) statuses.setCount('images', await images.count());
      return freed;
    },

    /** Settings → clear cache: every offline database and image; returns the bytes freed. */
    async clearAll(): Promise<number> {
      backgroundAbort.abort();
      await background;
      const freed = (await store.clearAll()) + ((await images?.clear()) ?? 0);
      copy.forget();
      statuses.reset();
      return freed;
    },
  };
}
