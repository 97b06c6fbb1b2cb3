import { mkdtempSync } from 'node:fs';
import { Session as InspectorSession } from 'node:inspector';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../shared/bridge/events';
import type { BridgeResult } from '../../../shared/bridge/result';
import { createCaseworksCore, type CaseworksCoreHandle } from '../../../electron/app/app-core';
import { createTestPlatform } from '../../support/fake-core';
import { inProcessEmbeddedService } from '../../support/embedded-service-in-process';

const root = path.resolve(import.meta.dirname, '../../..');
const address = { street1: '1 Vine St', city: 'Napa', state: 'CA' as const, zip: '94558' };

interface FunctionCoverage {
  functionName: string;
  ranges: { startOffset: number; endOffset: number; count: number }[];
}
interface ScriptCoverage {
  scriptId: string;
  url: string;
  functions: FunctionCoverage[];
}

/**
 * The getter the test's module loader (Vite's) puts on each export: reading an exported constant or
 * schema runs it, and no code of ours does. A file where nothing else ran only declares what was read.
 */
const LOADER_EXPORT_GETTER = /^\(\) => \{ try \{ return [\w$.]+;? \} catch \{ ?\} \}$/;

/** V8's precise coverage, taken on this thread: each call answers the counts since the last one (and resets them). */
function preciseCoverage() {
  const inspector = new InspectorSession();
  inspector.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) => inspector.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))));
  return {
    start: async () => {
      await post('Debugger.enable');
      await post('Profiler.enable');
      await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    },
    /** Files of ours in which a function (not the module's own top level, nor the loader's export getter) ran since the last take. */
    take: async (): Promise<string[]> => {
      const { result } = await post<{ result: ScriptCoverage[] }>('Profiler.takePreciseCoverage');
      const files = new Set<string>();
      for (const script of result) {
        if (!script.url.startsWith('file://')) continue;
        const file = path.relative(root, fileURLToPath(script.url.split('?')[0]!));
        if (file.startsWith('..') || file.includes('node_modules') || !/^(electron|server|shared)\//.test(file)) continue;
        const called = script.functions.filter((fn) => fn.ranges[0]!.startOffset > 0 && fn.ranges[0]!.count > 0);
        if (called.length === 0) continue;
        const { scriptSource } = await post<{ scriptSource: string }>('Debugger.getScriptSource', { scriptId: script.scriptId });
        const ours = called.filter((fn) => !LOADER_EXPORT_GETTER.test(scriptSource.slice(fn.ranges[0]!.startOffset, fn.ranges[0]!.endOffset).replace(/\s+/g, ' ')));
        if (ours.length > 0) files.add(file);
      }
      return [...files].sort();
    },
    stop: () => inspector.disconnect(),
  };
}

const running: CaseworksCoreHandle[] = [];
afterAll(async () => {
  for (const core of running) await core.close();
});

describe('an order’s walk (docs/walkthrough-order.md, "The files it passes")', () => {
  it('from the dispatcher to the service and back to the confirmed entry, measured with V8’s precise coverage', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-walk-'));
    const embedded = await inProcessEmbeddedService({ dataDir, catalogSize: 120, shipAfterSeconds: 3_600, deliverAfterSeconds: 7_200 });
    const core = createCaseworksCore(createTestPlatform({ dataDir, now: () => new Date() }), { startEmbedded: embedded.start, syncIntervalMs: 0 });
    running.push(core);
    await core.ready;
    await core.whenIdle();
    const found = (await core.dispatcher.dispatch('searchCatalog', { inStock: true, limit: 50 })) as BridgeResult<{ items: { id: string; supplier: { id: string; name: string }; minimum_order: number; inventory_available: number }[] }>;
    if (!found.ok) throw new Error(found.error.message);
    const product = found.data.items.find((item) => item.inventory_available >= item.minimum_order + 1)!;

    const coverage = preciseCoverage();
    await coverage.start();
    let walked: Promise<string[]> | null = null;
    const confirmed = new Promise<void>((resolve) => {
      core.events.subscribe((event: BridgeEvent) => {
        // Taken as the confirmed entry reaches the screens, before the sync it asks for (a walk of its own) runs.
        if (!walked && event.type === 'outbox-changed' && event.entries.some((entry) => entry.state === 'confirmed')) {
          walked = coverage.take();
          resolve();
        }
      });
    });
    await coverage.take();
    const placed = await core.dispatcher.dispatch('submitOrders', {
      drafts: [{ order: { supplier_id: product.supplier.id, items: [{ product_id: product.id, quantity: product.minimum_order }], shipping_address: address }, supplierName: product.supplier.name, estimatedTotalCents: 1 }],
    });
    expect(placed.ok).toBe(true);
    await confirmed;
    const files = await walked!;
    coverage.stop();
    console.log(`${files.length} files of the main process, the contract and the service:\n${files.join('\n')}`);
    // The order does not enter the composition root, nor the session's manager: the outbox's sender asks the account book.
    expect(files).not.toContain('electron/app/app-core.ts');
    expect(files).not.toContain('electron/core/session/session-manager.ts');
    expect(files).toContain('server/store/orders/place-order.ts');
    // A re-export whose getter alone ran (the loader's, when the session reads createServiceClient through it) is not a file the order passes.
    expect(files).not.toContain('electron/core/api/index.ts');
  }, 120_000);
});
