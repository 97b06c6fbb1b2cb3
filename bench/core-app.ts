/**
 * bench:core's app phase: the whole catalog offline through the browser shell's core, as the app
 * runs it (the embedded demo service forked by the core, with the limit the app gives it), then a
 * check that every product's UPC resolves offline, with the embedded service stopped.
 */
import path from 'node:path';
import type { CatalogProduct } from '../shared';
import type { DatasetStatus } from '../shared/bridge';
import { EMBEDDED_SERVICE_FOLDER } from '../electron/app/app-core';
import { DEMO_SCOPE_URL } from '../electron/core/session/service-connection';
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { ProductDetailRecord } from '../electron/core/offline/dataset-records';
import { serviceDatabaseFile } from '../electron/core/offline/service-files';
import { startBrowserShell, type BrowserShell } from '../electron/web/browser-shell';
import { RENDERER_DIST } from '../test/support/e2e-build';
import { copyServiceTemplate, seededServiceTemplate } from '../test/support/e2e-service-template';

const LOOKUPS_IN_FLIGHT = 32;

type Dispatch = BrowserShell['core']['dispatcher']['dispatch'];

export interface WholeCatalogReport {
  /** From calling startBrowserShell until it resolved (the embedded service started, the stored copy read). */
  shellReadyMs: number;
  /** From the shell being ready until the catalog's sync finished. */
  listMs: number;
  /** From the shell being ready until the sync and its background work (images, every detail) were done. */
  wholeMs: number;
  productDetails: DatasetStatus | undefined;
}

export interface UpcCheck {
  products: number;
  withDetail: number;
  resolved: number;
  /** Products whose UPC found nothing or another product, with what it found (first few). */
  failures: string[];
  millis: number;
}

/** A data folder with the demo service's database, as the app has after its first launch. */
export async function prepareAppDataDir(dataDir: string, catalogSize: number): Promise<void> {
  copyServiceTemplate(await seededServiceTemplate(catalogSize), path.join(dataDir, EMBEDDED_SERVICE_FOLDER));
}

export function startShell(dataDir: string): Promise<BrowserShell> {
  return startBrowserShell({ port: 0, dataDir, rendererDir: RENDERER_DIST, log: () => undefined });
}

/** Starts the shell on a data folder with no offline copy and waits until the whole catalog is offline. */
export async function wholeCatalogOffline(shell: BrowserShell, shellReadyMs: number): Promise<WholeCatalogReport> {
  const readyAt = performance.now();
  let listedAt: number | null = null;
  const unsubscribe = shell.core.events.subscribe((event) => {
    if (event.type === 'sync-progress' && event.dataset === 'catalog' && event.finished) listedAt ??= performance.now();
  });
  await shell.core.whenIdle();
  const wholeMs = performance.now() - readyAt;
  unsubscribe();
  const status = (await shell.core.dispatcher.dispatch('getSyncStatus', {})) as { ok: boolean; data?: { datasets: DatasetStatus[] } };
  return {
    shellReadyMs,
    listMs: listedAt === null ? Number.NaN : listedAt - readyAt,
    wholeMs,
    productDetails: status.data?.datasets.find((dataset) => dataset.name === 'productDetails'),
  };
}

/** The stored catalog and product details of the demo service, read from the data folder. */
export async function storedCatalog(dataDir: string): Promise<{ products: CatalogProduct[]; details: Map<string, ProductDetailRecord> }> {
  const file = serviceDatabaseFile(dataDir, DEMO_SCOPE_URL);
  if (!existsSync(file)) return { products: [], details: new Map() };
  const db = new Database(file, { readonly: true });
  try {
    const products = (db.prepare('SELECT json FROM products ORDER BY pos').pluck().all() as string[]).map((json) => JSON.parse(json) as CatalogProduct);
    const rows = db.prepare('SELECT json, etag, fetched_at FROM product_details').all() as { json: string; etag: string | null; fetched_at: string }[];
    const details = new Map(rows.map((row) => {
      const detail = JSON.parse(row.json) as ProductDetailRecord['detail'];
      return [detail.id, { detail, etag: row.etag, fetchedAt: row.fetched_at }] as const;
    }));
    return { products, details };
  } finally {
    db.close();
  }
}

/**
 * Looks up every product's UPC (from its stored detail) through the bridge, as the barcode
 * field does, and checks each finds that product.
 */
export async function checkUpcLookups(dispatch: Dispatch, products: readonly CatalogProduct[], details: ReadonlyMap<string, ProductDetailRecord>): Promise<UpcCheck> {
  const started = performance.now();
  const failures: string[] = [];
  let withDetail = 0;
  let resolved = 0;
  const lookUp = async (product: CatalogProduct) => {
    const upc = details.get(product.id)?.detail.upc;
    if (!upc) {
      if (failures.length < 5) failures.push(`${product.id}: no stored detail with a UPC`);
      return;
    }
    withDetail += 1;
    const result = (await dispatch('lookupProductCode', { code: upc })) as { ok: boolean; data?: { product: CatalogProduct | null } };
    const found = result.data?.product?.id ?? null;
    if (found === product.id) resolved += 1;
    else if (failures.length < 5) failures.push(`${product.id}: UPC ${upc} found ${found ?? (result.ok ? 'nothing' : 'an error')}`);
  };
  // A few in flight at a time, as a scanner would never send more; the worker answers them in turn.
  for (let start = 0; start < products.length; start += LOOKUPS_IN_FLIGHT) {
    await Promise.all(products.slice(start, start + LOOKUPS_IN_FLIGHT).map(lookUp));
  }
  return { products: products.length, withDetail, resolved, failures, millis: performance.now() - started };
}
