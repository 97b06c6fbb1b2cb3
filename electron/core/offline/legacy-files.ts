/**
 * The offline copy as the release before kept it: one file per dataset under
 * `offline/service-<name>/` (public/ for the service's data, account-<name>/ for each account's),
 * each a JSON header line (format, version, scope, size, checksum) and one JSON record per line.
 * At a service's first start on the database, what those files hold is taken into it; a file that
 * cannot be trusted is skipped (the next sync downloads its data again). The buyer's own files
 * (outbox, guides, favourites, addresses) live in `accounts/` and are not read or touched here.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Account, CatalogProduct, Order, OrderListItem, Product, Supplier, Webhook } from '../../../shared';
import type { DatasetStatus } from '../../../shared/bridge';
import { CACHE_FORMAT, CACHE_VERSION, CacheHeader } from './cache-format';
import type { DetailRecord, PageRecord } from './dataset-records';
import { PUBLIC } from './offline-schema';
import type { ServiceDatabase } from './service-database';

interface LegacyFile<R> {
  header: CacheHeader;
  records: R[];
}

/** A legacy file's header and records, or null when it is missing or cannot be trusted. */
export function readLegacyFile<R>(file: string, dataset: string, baseUrl: string): LegacyFile<R> | null {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return null;
  }
  const headerEnd = data.indexOf(0x0a);
  if (headerEnd < 0) return null;
  try {
    const header = CacheHeader.parse(JSON.parse(data.toString('utf8', 0, headerEnd)));
    if (header.format !== CACHE_FORMAT || header.version !== CACHE_VERSION || header.dataset !== dataset || header.scope.baseUrl !== baseUrl) return null;
    const body = data.subarray(headerEnd + 1);
    if (body.length !== header.bodyBytes || createHash('sha256').update(body).digest('hex') !== header.sha256) return null;
    const lines = body.toString('utf8').split('\n').slice(0, -1);
    if (lines.length !== header.records) return null;
    return { header, records: lines.map((line) => JSON.parse(line) as R) };
  } catch {
    return null;
  }
}

const pageEtags = (header: CacheHeader) =>
  Object.fromEntries(Object.entries(header.etags).filter(([key]) => key.startsWith('page:')).map(([key, etag]) => [Number(key.slice(5)), etag]));

const flatten = <T extends { id: string }>(pages: PageRecord<T>[]) => {
  const seen = new Set<string>();
  return [...pages].sort((a, b) => a.page - b.page).flatMap((page) => page.items.filter((item) => !seen.has(item.id) && seen.add(item.id)));
};

const DETAIL_BATCH = 500;

/** Takes what the legacy files of one service hold into its database; returns the datasets taken. */
export function importLegacyFiles(database: ServiceDatabase, folder: string, baseUrl: string): string[] {
  const imported: string[] = [];
  const publicFile = (dataset: string) => path.join(folder, 'public', `${dataset}.cache`);

  const suppliers = readLegacyFile<PageRecord<Supplier>>(publicFile('suppliers'), 'suppliers', baseUrl);
  if (suppliers) {
    const totalPages = Number(suppliers.header.meta.totalPages ?? suppliers.records.length);
    database.replaceList('suppliers', PUBLIC, flatten(suppliers.records), pageEtags(suppliers.header), totalPages, suppliers.header.savedAt);
    imported.push('suppliers');
  }
  const catalog = readLegacyFile<PageRecord<CatalogProduct>>(publicFile('catalog'), 'catalog', baseUrl);
  if (catalog) {
    const etags = pageEtags(catalog.header);
    for (const page of catalog.records) database.writeCatalogPage(page.page, etags[page.page] ?? null, page.items);
    database.finishCatalog(Number(catalog.header.meta.totalPages ?? catalog.records.length), catalog.header.savedAt);
    imported.push('catalog');
  }
  const details = readLegacyFile<DetailRecord<Product>>(publicFile('productDetails'), 'productDetails', baseUrl);
  if (details) {
    for (let start = 0; start < details.records.length; start += DETAIL_BATCH) database.putProductDetails(details.records.slice(start, start + DETAIL_BATCH));
    database.setDetailsDataset(details.header.savedAt);
    imported.push('productDetails');
  }

  let accountFolders: string[];
  try {
    accountFolders = readdirSync(folder).filter((name) => name.startsWith('account-'));
  } catch {
    accountFolders = [];
  }
  for (const name of accountFolders) {
    const file = (dataset: string) => path.join(folder, name, `${dataset}.cache`);
    const account = readLegacyFile<Account>(file('account'), 'account', baseUrl);
    const accountId = account?.header.scope.accountId;
    if (!account || !accountId || !account.records[0]) continue;
    database.writeAccount(accountId, account.records[0], account.header.etags.resource ?? null, account.header.savedAt);
    const orders = readLegacyFile<PageRecord<OrderListItem>>(file('orders'), 'orders', baseUrl);
    if (orders && orders.header.scope.accountId === accountId) {
      database.replaceList('orders', accountId, flatten(orders.records), pageEtags(orders.header), Number(orders.header.meta.totalPages ?? orders.records.length), orders.header.savedAt);
    }
    const orderDetails = readLegacyFile<DetailRecord<Order>>(file('orderDetails'), 'orderDetails', baseUrl);
    if (orderDetails && orderDetails.header.scope.accountId === accountId) database.putOrderDetails(accountId, orderDetails.records, true);
    const webhooks = readLegacyFile<Webhook>(file('webhooks'), 'webhooks', baseUrl);
    if (webhooks && webhooks.header.scope.accountId === accountId) {
      database.writeWebhooks(accountId, webhooks.records, webhooks.header.etags.resource ?? null, webhooks.header.savedAt);
    }
    const statuses = readLegacyFile<DatasetStatus>(file('syncState'), 'syncState', baseUrl);
    if (statuses && statuses.header.scope.accountId === accountId) database.saveStatuses(accountId, statuses.records);
    imported.push(`account ${accountId}`);
  }
  return imported;
}
