import type { Account, CatalogProduct, OrderListItem, Supplier, Webhook } from '../../../shared';
import type { DatasetName } from '../../../shared/bridge';
import { flattenPages, type OrderDetailRecord, type PageRecord } from '../offline/dataset-records';
import { outlineEntry, type CatalogOutline, type CatalogOutlineEntry } from './catalog-outline';
import type { FetchOutcome } from './fetch-result';
import { orderStatusChanges, syncOrderDetails } from './order-tracking';
import { syncPagedList } from './paged-sync';
import { progress, stepFailed, type StepOutcome, type SyncContext } from './sync-context';

/** Records the dataset's success and, unless `announce` is false, tells the screens it changed. */
const confirmed = (context: SyncContext, dataset: DatasetName, count: number, result: 'changed' | 'unchanged', announce = true): StepOutcome => {
  context.statuses.succeeded(dataset, context.nowIso(), count);
  if (result === 'changed' && announce) context.emit({ type: 'data-changed', datasets: [dataset] });
  return { dataset, result };
};

interface PagedOptions {
  /** Read the stored pages up front, for `afterWrite` to compare against (small lists only). */
  needsPreviousPages?: boolean;
  /** False when the caller tells the screens itself, once what goes with the list is saved too. */
  announce?: boolean;
}

type PagedEndpoint = 'listSuppliers' | 'listProducts' | 'listOrders';

async function syncPaged<T extends { id: string }, K = T>(
  context: SyncContext,
  dataset: 'suppliers' | 'catalog' | 'orders',
  endpoint: PagedEndpoint,
  keep: (item: T) => K,
  afterWrite: (pages: PageRecord<K>[], previous: PageRecord<T>[]) => Promise<void>,
  { needsPreviousPages = false, announce = true }: PagedOptions = {},
): Promise<StepOutcome> {
  const scope = context.scope();
  const previous = await context.store.readHeader(dataset, scope);
  const previousPages = needsPreviousPages ? ((await context.store.read<PageRecord<T>>(dataset, scope))?.records ?? []) : [];
  progress(context, dataset, 0, null);
  const outcome = await syncPagedList<T, K>({
    previous,
    loadPreviousLines: async () => (await context.store.readLines(dataset, scope))?.records ?? null,
    keep,
    limit: context.pages,
    fetchPage: (page, etag) =>
      context.api.call(endpoint, { query: { page, per_page: context.perPage }, etag }) as never,
    onProgress: (done, total) => progress(context, dataset, done, total),
  });
  if (outcome.kind === 'failed') return stepFailed(context, dataset, outcome.error);
  if (outcome.kind === 'unchanged') {
    const storedPages = Number(previous?.meta.totalPages ?? 0);
    progress(context, dataset, storedPages, storedPages, true);
    return confirmed(context, dataset, outcome.count, 'unchanged');
  }
  await context.store.writeLines(dataset, scope, {
    savedAt: context.nowIso(),
    etags: outcome.etags,
    count: outcome.count,
    lines: outcome.pages.map((page) => page.line),
    meta: { totalPages: outcome.totalPages },
  });
  await afterWrite(outcome.pages, previousPages);
  progress(context, dataset, outcome.totalPages, outcome.totalPages, true);
  return confirmed(context, dataset, outcome.count, 'changed', announce);
}

const whole = <T>(item: T) => item;

export const syncSuppliers = (context: SyncContext) =>
  syncPaged<Supplier>(context, 'suppliers', 'listSuppliers', whole, async (pages) => {
    context.copy.replace('suppliers', flattenPages(pages));
  });

/**
 * `onCatalog` receives the new catalog's outline (e.g. to reindex search and pick images) after it
 * is saved. Only the outline stays in this process: the products themselves live in the file and
 * in the search worker.
 */
export const syncCatalog = (context: SyncContext, onCatalog: (outline: CatalogOutline) => Promise<void>) =>
  syncPaged<CatalogProduct, CatalogOutlineEntry>(context, 'catalog', 'listProducts', outlineEntry, async (pages) => {
    await onCatalog(flattenPages(pages));
  });

/**
 * The buyer's orders: the list, then the details of orders still on their way. The screens are
 * told (`data-changed`, and an `order-status` for each order that moved since the previous copy)
 * only once both are saved, so what they read then has the new orders' lines.
 */
export async function syncOrders(context: SyncContext): Promise<StepOutcome> {
  let orders: OrderListItem[] | null = null;
  let moved: ReturnType<typeof orderStatusChanges> = [];
  const listOutcome = await syncPaged<OrderListItem>(context, 'orders', 'listOrders', whole, async (pages, previousPages) => {
    orders = flattenPages(pages);
    context.copy.replace('orders', orders);
    if (previousPages.length > 0) moved = orderStatusChanges(flattenPages(previousPages), orders);
  }, { needsPreviousPages: true, announce: false });
  if (listOutcome.result === 'failed') return listOutcome;
  const scope = context.scope();
  const current: OrderListItem[] = orders ?? (await context.copy.get('orders'));
  const previous = await context.store.read<OrderDetailRecord>('orderDetails', scope);
  const details = await syncOrderDetails({
    orders: current,
    previous,
    fetchOrder: (id, etag) => context.api.call('getOrder', { params: { id }, etag }) as never,
    limit: context.pages,
    nowIso: context.nowIso(),
  });
  try {
    if (details.kind !== 'unchanged') {
      await context.store.write('orderDetails', scope, { savedAt: context.nowIso(), etags: {}, count: details.records.length, records: details.records });
      context.copy.replace('orderDetails', new Map(details.records.map((record) => [record.detail.id, record])));
    }
  } finally {
    // Told even when the details could not be saved: the list is, and the next sync compares with it.
    if (listOutcome.result === 'changed' || details.kind !== 'unchanged') context.emit({ type: 'data-changed', datasets: ['orders'] });
    for (const change of moved) context.emit({ type: 'order-status', orderId: change.orderId, orderNumber: change.orderNumber, status: change.status });
  }
  if (details.kind === 'failed') return stepFailed(context, 'orders', details.error);
  return details.kind === 'changed' ? { dataset: 'orders', result: 'changed' } : listOutcome;
}

/** A single resource under one ETag (the account, the webhook list). */
async function syncSingle<T, R>(
  context: SyncContext,
  dataset: 'account' | 'webhooks',
  fetch: (etag: string | null) => Promise<FetchOutcome<T>>,
  toRecords: (data: T) => R[],
  remember: (records: R[]) => void,
  check: (data: T) => string | null = () => null,
): Promise<StepOutcome> {
  const scope = context.scope();
  const previous = scope.accountId ? await context.store.read<R>(dataset, scope) : null;
  progress(context, dataset, 0, 1);
  const outcome = await context.pages(() => fetch(previous?.header.etags.resource ?? null));
  if (!outcome.ok) return stepFailed(context, dataset, outcome.error.message, outcome.error.code);
  if (outcome.notModified) {
    progress(context, dataset, 1, 1, true);
    return confirmed(context, dataset, previous?.header.count ?? 0, 'unchanged');
  }
  const problem = check(outcome.data);
  if (problem) return stepFailed(context, dataset, problem);
  const records = toRecords(outcome.data);
  await context.store.write(dataset, context.scope(), {
    savedAt: context.nowIso(),
    etags: outcome.etag ? { resource: outcome.etag } : {},
    count: records.length,
    records,
  });
  remember(records);
  progress(context, dataset, 1, 1, true);
  return confirmed(context, dataset, records.length, 'changed');
}

/**
 * The account comes first: it names whose private data this is. A key that now answers for another
 * account is refused rather than mixing two buyers' data.
 */
export function syncAccount(context: SyncContext, adopt: (accountId: string) => void): Promise<StepOutcome> {
  return syncSingle<Account, Account>(
    context,
    'account',
    (etag) => context.api.call('getAccount', { etag }) as never,
    (account) => [account],
    (records) => context.copy.replace('account', records[0] ?? null),
    (account) => {
      const known = context.scope().accountId;
      if (known && known !== account.id) return 'The API key now belongs to another account. Sign in again to switch accounts.';
      if (!known) adopt(account.id);
      return null;
    },
  );
}

export const syncWebhooks = (context: SyncContext) =>
  syncSingle<{ data: Webhook[] }, Webhook>(
    context,
    'webhooks',
    (etag) => context.api.call('listWebhooks', { etag }) as never,
    (list) => list.data,
    (records) => context.copy.replace('webhooks', records),
  );
