import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { BridgeInput, BridgeMethod, BridgeOutput } from '../../../shared/bridge/contract';
import type { BridgeResult } from '../../../shared/bridge/result';
import { createCaseworksCore, type CaseworksCoreHandle } from '../../../electron/app/app-core';
import { DEMO_SCOPE_URL } from '../../../electron/core/session/service-connection';
import { legacyServiceFolder, serviceDatabaseFile } from '../../../electron/core/offline/service-files';
import { LEGACY_OUTBOX_FILE_NAME, OUTBOX_FILE_NAME } from '../../../electron/core/outbox';
import { createMemorySettings, createTestPlatform } from '../../support/fake-core';
import { inProcessEmbeddedService } from '../../support/embedded-service-in-process';

/** A data folder written by the release before the offline database (see test/fixtures/write-legacy-data-folder.ts). */
const FIXTURE = path.join(import.meta.dirname, '..', '..', 'fixtures', 'legacy-data-folder');

function copyOfFixture() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-legacy-'));
  cpSync(FIXTURE, dataDir, { recursive: true });
  const settings = createMemorySettings();
  for (const [key, value] of Object.entries(JSON.parse(readFileSync(path.join(dataDir, 'settings.json'), 'utf8')) as Record<string, unknown>)) settings.set(key, value);
  return { dataDir, settings };
}

/** The outbox's entries, from the release before's `outbox.json` or today's `outbox.jsonl` (one checksummed record a line). */
function outboxEntries(name: string, text: string): Record<string, unknown>[] {
  if (name === LEGACY_OUTBOX_FILE_NAME) return (JSON.parse(text) as { entries: Record<string, unknown>[] }).entries;
  return text
    .split('\n')
    .slice(1)
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line.slice(line.indexOf(' ') + 1)) as Record<string, unknown>);
}

/**
 * What the buyer made, by file: guides, favourites and addresses byte for byte; of the outbox
 * (whichever file holds it), each queued order as placed (its state moves on as the outbox tries to
 * send it, which is its own business).
 */
function buyerFiles(dataDir: string): Record<string, unknown> {
  const root = path.join(dataDir, 'accounts');
  const files: Record<string, unknown> = {};
  for (const account of readdirSync(root)) {
    for (const name of readdirSync(path.join(root, account)).filter((file) => file.endsWith('.json') || file === OUTBOX_FILE_NAME)) {
      const text = readFileSync(path.join(root, account, name), 'utf8');
      if (name === LEGACY_OUTBOX_FILE_NAME || name === OUTBOX_FILE_NAME) {
        files[`${account}/outbox`] = outboxEntries(name, text).map(({ id, idempotencyKey, accountId, order, supplierName, createdAt }) => ({ id, idempotencyKey, accountId, order, supplierName, createdAt }));
      } else files[`${account}/${name}`] = text;
    }
  }
  return files;
}

const running: CaseworksCoreHandle[] = [];
afterAll(async () => {
  await Promise.all(running.splice(0).map((core) => core.close()));
});

/** A demo service that does not come up until `fail()` (the core then goes on signed out). */
function neverStarting() {
  let fail!: () => void;
  const starting = new Promise<never>((_, reject) => {
    fail = () => reject(new Error('the demo service could not start'));
  });
  return { start: () => starting, fail };
}

function coreOn(dataDir: string, settings: ReturnType<typeof createMemorySettings>, startEmbedded: () => Promise<never> | ReturnType<Awaited<ReturnType<typeof inProcessEmbeddedService>>['start']>) {
  const core = createCaseworksCore(createTestPlatform({ dataDir, now: () => new Date(), keyStore: { safeStorage: null, settings } }), {
    startEmbedded,
    syncIntervalMs: 0,
    offlineProbeMs: 200,
    hydrateDetails: true,
    client: { timeoutMs: 3_000, maxAttempts: 2, baseDelayMs: 20, maxDelayMs: 50 },
  });
  running.push(core);
  const data = async <M extends BridgeMethod>(method: M, input?: BridgeInput<M>): Promise<BridgeOutput<M>> => {
    const result = (await core.dispatcher.dispatch(method, input)) as BridgeResult<BridgeOutput<M>>;
    if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
    return result.data;
  };
  return { core, data };
}

describe('the offline copy of the release before, on the first start with the database', () => {
  it('is moved into the database: catalog, details, orders and account read offline; the buyer’s own files are untouched', async () => {
    const { dataDir, settings } = copyOfFixture();
    const before = buyerFiles(dataDir);
    expect(Object.keys(before).map((name) => name.split('/')[1]).sort()).toEqual(['addresses.json', 'favourites.json', 'order-guides.json', 'outbox']);
    // The demo service does not come up: everything below is read from the offline copy.
    const demo = neverStarting();
    const { core, data } = coreOn(dataDir, settings, demo.start);
    await core.offlineReady;

    const catalog = await data('searchCatalog', { limit: 5 });
    expect(catalog.total).toBe(120);
    expect(catalog.freshness.asOf).not.toBeNull();
    expect((await data('searchCatalog', { text: catalog.items[0]!.name, limit: 5 })).items.map((item) => item.id)).toContain(catalog.items[0]!.id);
    const detail = await data('getProduct', { id: catalog.items[0]!.id });
    expect(detail.freshness.fromCache).toBe(true);
    expect((await data('lookupProductCode', { code: detail.data.upc! })).product?.id).toBe(detail.data.id);
    const status = await data('getSyncStatus');
    expect(status.datasets.find((dataset) => dataset.name === 'catalog')?.count).toBe(120);
    expect(status.datasets.find((dataset) => dataset.name === 'productDetails')?.count).toBe(120);
    expect(status.datasets.find((dataset) => dataset.name === 'orders')?.count).toBeGreaterThan(0);

    expect(existsSync(serviceDatabaseFile(dataDir, DEMO_SCOPE_URL))).toBe(true);
    expect(existsSync(legacyServiceFolder(dataDir, DEMO_SCOPE_URL)), 'the old files are gone once taken in').toBe(false);
    expect(readdirSync(path.join(dataDir, 'search')), 'the old search snapshot too').toEqual([]);
    demo.fail();
    await core.close();
    expect(buyerFiles(dataDir)).toEqual(before);
  });

  it('what cannot be read is downloaded again from the service; the guide, favourites and queued order still work', async () => {
    const { dataDir, settings } = copyOfFixture();
    const legacyCatalog = path.join(legacyServiceFolder(dataDir, DEMO_SCOPE_URL), 'public', 'catalog.cache');
    writeFileSync(legacyCatalog, readFileSync(legacyCatalog, 'utf8').replace('"page":1', '"page":7'));
    const before = buyerFiles(dataDir);
    const demo = neverStarting();
    const offline = coreOn(dataDir, settings, demo.start);
    await offline.core.offlineReady;
    expect((await offline.data('searchCatalog', { limit: 5 })).total, 'the damaged catalog file is not taken in').toBe(0);
    demo.fail();
    await offline.core.close();
    expect(buyerFiles(dataDir)).toEqual(before);

    const embedded = await inProcessEmbeddedService({ dataDir, catalogSize: 120, shipAfterSeconds: 3_600, deliverAfterSeconds: 7_200 });
    const { core, data } = coreOn(dataDir, settings, embedded.start);
    await core.ready;
    await core.whenIdle();
    expect((await data('searchCatalog', { limit: 5 })).total).toBe(120);
    const favourites = await data('getFavourites');
    expect(favourites.productIds).toHaveLength(2);
    expect((await data('searchCatalog', { favouritesOnly: true, limit: 5 })).total).toBe(2);
    const [guide] = (await data('listOrderGuides')).items;
    expect((await data('getOrderGuide', { id: guide!.id })).lines.map((line) => line.product?.id ?? null).filter(Boolean)).toHaveLength(1);
    await vi.waitFor(async () => {
      const [entry] = (await data('listOutbox')).entries;
      expect(entry?.state).toBe('confirmed');
    }, { timeout: 20_000, interval: 200 });
  });
});
