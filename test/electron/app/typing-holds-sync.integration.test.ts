import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCaseworksCore, type CaseworksCoreHandle } from '../../../electron/app/app-core';
import { TYPING_QUIET_MS } from '../../../electron/core/sync/typing-activity';
import type { BridgeResult } from '../../../shared/bridge/result';
import type { CatalogSearchResult } from '../../../shared/bridge';
import { createTestPlatform } from '../../support/fake-core';
import { embeddedCoreOptions, inProcessEmbeddedService } from '../../support/embedded-service-in-process';

const running: CaseworksCoreHandle[] = [];
afterAll(async () => {
  await Promise.all(running.splice(0).map((core) => core.close()));
});

/** How long the buyer types: less than WRITES_HELD_WHILE_TYPING_MS, so a held page waits for the typing to stop. */
const TYPING_MS = 4_000;

describe('the core holds a sync’s catalog writes while the buyer types', () => {
  it('writes the first sync’s catalog only once a search typed in the search box stops', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-core-typing-'));
    const embedded = await inProcessEmbeddedService({ dataDir, catalogSize: 120 });
    const core = createCaseworksCore(createTestPlatform({ dataDir, now: () => new Date() }), embeddedCoreOptions(embedded));
    running.push(core);
    const search = async (text: string, asYouType: boolean) =>
      (await core.dispatcher.dispatch('searchCatalog', { text, asYouType })) as BridgeResult<CatalogSearchResult>;

    // A keystroke every 150 ms from the core's start, each search asking something new.
    const typingStarted = performance.now();
    const typed = (async () => {
      for (let key = 0; performance.now() - typingStarted < TYPING_MS; key += 1) {
        await search('abcdefghijklmnopqrstuvwxyz'.slice(0, 1 + (key % 26)) + String(key), true);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      // What the offline copy holds as the typing ends, read by a search that is not typed.
      const browsed = await search('', false);
      return { at: performance.now(), products: browsed.ok ? browsed.data.total : -1 };
    })();
    const synced = core.ready.then(() => core.whenIdle()).then(() => performance.now());
    const [typingStopped, syncedAt] = await Promise.all([typed, synced]);

    // The catalog's page had not been written while the buyer typed (the demo service answers it
    // within a second of the start), and was once the typing stopped.
    expect(typingStopped.products).toBe(0);
    expect(syncedAt - typingStopped.at).toBeGreaterThan(TYPING_QUIET_MS / 2);
    const catalog = await search('', false);
    expect(catalog.ok && catalog.data.total).toBe(120);
  });
});
