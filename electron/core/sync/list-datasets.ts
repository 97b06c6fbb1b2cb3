import type { Account, CatalogProduct, OrderListItem, Paginated, Supplier, Webhook } from '../../../shared';
import type { DatasetName } from '../../../shared/bridge';
import { flattenPages } from '../offline/dataset-records';
import type { OfflineResult } from '../offline/offline-database';
import type { FetchOutcome } from './fetch-result';
import { orderStatusChanges, syncOrderDetails } from './order-tracking';
import { syncPagedList } from './paged-sync';
import { offlineFailed, progress, stepFailed, type StepOutcome, type SyncContext } from './sync-context';

/** Records the dataset's success and, unless `announce` is false, tells the screens it changed. */
const confirmed = (context: SyncContext, dataset: DatasetName, count: number, result: 'changed' | 'unchanged', announce = true): StepOutcome => {
  context.statuses.succeeded(dataset, context.nowIso(), count);
  if (result === 'changed' && announce) context.emit({ type: 'data-changed', datasets: [dataset] });
  return { dataset, result };
};

type PagedEndpoint = 'listSuppliers' | 'listProducts' | 'listOrders';

const pageFetcher = <T>(context: SyncContext, endpoint: PagedEndpoint) => (page: number, etag: string | null) =>
  context.api.call(endpoint, { query: { page, per_page: context.perPage }, etag }) as unknown as Promise<FetchOutcome<Paginated<T>>>;

/**
 * A list kept whole (suppliers, a buyer's orders: short lists): all pages are read, then the list
 * is replaced in one transaction, so pages from two different moments never get mixed.
 */
async function syncWholeList<T extends { id: string }>(
  context: SyncContext,
  dataset: 'suppliers' | 'orders',
  endpoint: PagedEndpoint,
  save: (items: T[], etags: Record<number, string>, totalPages: number) => Promise<OfflineResult<unknown>>,
): Promise<StepOutcome & { items?: T[] }> {
  const scope = context.scope();
  const stored = await context.store.datasetInfo(dataset, scope);
  if (!stored.ok) return offlineFailed(context, dataset, stored);
  const previous = stored.value;
  progress(context, dataset, 0, null);
  const outcome = await syncPagedList<T>({
    fetchPage: pageFetcher<T>(context, endpoint),
    etags: previous?.pageEtags ?? {},
    storedPages: previous?.totalPages ?? 0,
    limit: context.pages,
    needsWholeList: true,
    onProgress: (done, total) => progress(context, dataset, done, total),
  });
  if (outcome.kind === 'failed') return stepFailed(context, dataset, outcome.error);
  if (outcome.kind === 'unchanged') {
    progress(context, dataset, previous?.totalPages ?? 0, previous?.totalPages ?? 0, true);
    return confirmed(context, dataset, previous?.count ?? 0, 'unchanged');
  }
  const items = flattenPages([...outcome.pages].map(([page, pageItems]) => ({ page, items: pageItems })));
  const saved = await save(items, outcome.etags, outcome.totalPages);
  if (!saved.ok) return offlineFailed(context, dataset, saved);
  progress(context, dataset, outcome.totalPages, outcome.totalPages, true);
  return { ...confirmed(context, dataset, items.length, 'changed', dataset !== 'orders'), items };
}

export const syncSuppliers = async (context: SyncContext): Promise<StepOutcome> => {
  const { items: _items, ...outcome } = await syncWholeList<Supplier>(context, 'suppliers', 'listSuppliers', async (items, etags, totalPages) => {
    const saved = await context.store.replaceSuppliers(context.scope(), items, etags, totalPages, context.nowIso());
    if (saved.ok) context.copy.forget();
    return saved;
  });
  return outcome;
};

/**
 * The catalog streams: each page that changed is written in its own transaction as it arrives,
 * so what came so far is searchable at once and a sync that stops (a crash, a lost connection)
 * keeps every page it wrote; the next one asks for those with their ETags and goes on. Once every
 * page is confirmed, products past the last page go. `onPages` is told as pages are written.
 */
export async function syncCatalog(context: SyncContext, onPages: () => void = () => {}): Promise<StepOutcome> {
  const scope = context.scope();
  const stored = await context.store.datasetInfo('catalog', scope);
  if (!stored.ok) return offlineFailed(context, 'catalog', stored);
  const previous = stored.value;
  progress(context, 'catalog', 0, null);
  const outcome = await syncPagedList<CatalogProduct>({
    fetchPage: pageFetcher<CatalogProduct>(context, 'listProducts'),
    etags: previous?.pageEtags ?? {},
    storedPages: previous?.totalPages ?? 0,
    limit: context.pages,
    onProgress: (done, total) => progress(context, 'catalog', done, total),
    onPage: async (page, etag, items) => {
      // The worker's write holds every search sent meanwhile: it waits while the buyer types (writeTurn).
      await context.writeTurn?.();
      const written = await context.store.writeCatalogPage(scope, page, etag, items);
      if (written.ok) onPages();
      return written;
    },
  });
  if (outcome.kind === 'failed') {
    // What was written stays (and is searchable); the dataset says it is not complete.
    return stepFailed(context, 'catalog', outcome.error, outcome.code);
  }
  if (outcome.kind === 'unchanged') {
    progress(context, 'catalog', previous?.totalPages ?? 0, previous?.totalPages ?? 0, true);
    return confirmed(context, 'catalog', previous?.count ?? 0, 'unchanged');
  }
  const count = await context.store.finishCatalog(scope, outcome.totalPages, context.nowIso());
  if (!count.ok) return offlineFailed(context, 'catalog', count);
  progress(context, 'catalog', outcome.totalPages, outcome.totalPages, true);
  return confirmed(context, 'catalog', count.value, 'changed');
}

/**
 * The buyer's orders: the list, then the details of orders still on their way. The screens are
 * told (`data-changed`, and an `order-status` for each order that moved since the previous copy)
 * only once both are saved, so what they read then has the new orders' lines.
 */
export async function syncOrders(context: SyncContext): Promise<StepOutcome> {
  const scope = context.scope();
  const stored = await context.store.readOrders(scope);
  if (!stored.ok) return offlineFailed(context, 'orders', stored);
  const previousOrders = stored.value;
  const list = await syncWholeList<OrderListItem>(context, 'orders', 'listOrders', (items, etags, totalPages) =>
    context.store.replaceOrders(scope, items, etags, totalPages, context.nowIso()),
  );
  const { items: listed, ...listOutcome } = list;
  if (listOutcome.result === 'failed') return listOutcome;
  const moved = listed && previousOrders.length > 0 ? orderStatusChanges(previousOrders, listed) : [];
  const current: OrderListItem[] = listed ?? previousOrders;
  const previous = await context.store.readOrderDetails(scope);
  if (!previous.ok) return offlineFailed(context, 'orders', previous);
  const details = await syncOrderDetails({
    orders: current,
    previous: previous.value,
    fetchOrder: (id, etag) => context.api.call('getOrder', { params: { id }, etag }) as never,
    limit: context.pages,
    nowIso: context.nowIso(),
  });
  const saved = details.kind === 'unchanged' ? null : await context.store.putOrderDetails(scope, details.records, true);
  // Told even when the details could not be saved: the list is, and the next sync compares with it.
  if (listOutcome.result === 'changed' || details.kind !== 'unchanged') context.emit({ type: 'data-changed', datasets: ['orders'] });
  for (const change of moved) context.emit({ type: 'order-status', orderId: change.orderId, orderNumber: change.orderNumber, status: change.status });
  if (saved && !saved.ok) return offlineFailed(context, 'orders', saved);
  if (details.kind === 'failed') return stepFailed(context, 'orders', details.error);
  return details.kind === 'changed' ? { dataset: 'orders', result: 'changed' } : listOutcome;
}

/** A single resource under one ETag (the account, the webhook list). */
async function syncSingle<T>(
  context: SyncContext,
  dataset: 'account' | 'webhooks',
  fetch: (etag: string | null) => Promise<FetchOutcome<T>>,
  save: (data: T, etag: string | null) => Promise<OfflineResult<number>>,
  check: (data: T) => string | null = () => null,
): Promise<StepOutcome> {
  const scope = context.scope();
  const stored = scope.accountId ? await context.store.datasetInfo(dataset, scope) : null;
  if (stored && !stored.ok) return offlineFailed(context, dataset, stored);
  const previous = stored?.value ?? null;
  progress(context, dataset, 0, 1);
  const outcome = await context.pages(() => fetch(previous?.etag ?? null));
  if (!outcome.ok) return stepFailed(context, dataset, outcome.error.message, outcome.error.code);
  if (outcome.notModified) {
    progress(context, dataset, 1, 1, true);
    return confirmed(context, dataset, previous?.count ?? 0, 'unchanged');
  }
  const problem = check(outcome.data);
  if (problem) return stepFailed(context, dataset, problem);
  const count = await save(outcome.data, outcome.etag);
  if (!count.ok) return offlineFailed(context, dataset, count);
  progress(context, dataset, 1, 1, true);
  return confirmed(context, dataset, count.value, 'changed');
}

/**
 * The account comes first: it names whose private data this is. A key that now answers for another
 * account is refused rather than mixing two buyers' data.
 */
export function syncAccount(context: SyncContext, adopt: (accountId: string) => void): Promise<StepOutcome> {
  return syncSingle<Account>(
    context,
    'account',
    (etag) => context.api.call('getAccount', { etag }) as never,
    async (account, etag) => {
      const written = await context.store.writeAccount(context.scope(), account, etag, context.nowIso());
      return written.ok ? { ok: true, value: 1 } : written;
    },
    (account) => {
      const known = context.scope().accountId;
      if (known && known !== account.id) return 'The API key now belongs to another account. Sign in again to switch accounts.';
      if (!known) adopt(account.id);
      return null;
    },
  );
}

export const syncWebhooks = (context: SyncContext) =>
  syncSingle<{ data: Webhook[] }>(
    context,
    'webhooks',
    (etag) => context.api.call('listWebhooks', { etag }) as never,
    async (list, etag) => {
      const written = await context.store.writeWebhooks(context.scope(), list.data, etag, context.nowIso());
      return written.ok ? { ok: true, value: list.data.length } : written;
    },
  );

