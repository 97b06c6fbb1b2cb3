import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOfflineHost } from '../../../electron/core/offline/offline-host';
import { GIVE_WAY_MS, type WarmUpTurns } from '../../../electron/core/search/search-warm-up';
import { makeCatalog } from '../search/catalog-fixture';

const baseUrl = 'http://127.0.0.1:9/api/v1';
const catalog = makeCatalog(300).map((product) => product.item);

describe('the search warm-up gives way to the buyer', () => {
  it('while the buyer’s own searches come, not after a sync’s writes or its own searches', () => {
    const started: { texts: readonly string[]; search: (text: string) => void; turns: WarmUpTurns }[] = [];
    const host = createOfflineHost({
      dataDir: mkdtempSync(path.join(tmpdir(), 'caseworks-give-way-')),
      // Kept, not run: the test asks the host's turns what they say.
      warmSearches: (texts, search, turns) => void started.push({ texts, search, turns }),
    });
    host.service(baseUrl, 'writeCatalogPage', [1, '"p1"', catalog]);
    // The write read the index; the page's call starts the warm-up.
    expect(host.service(baseUrl, 'readSearchIndex', []).ok).toBe(true);
    const [warmUp] = started;
    if (!warmUp) throw new Error('no warm-up started');
    expect(warmUp.turns.givingWay(), 'the buyer has not searched').toBeLessThanOrEqual(0);
    warmUp.search(warmUp.texts[0]!);
    expect(warmUp.turns.givingWay(), 'its own search is not the buyer’s').toBeLessThanOrEqual(0);
    host.service(baseUrl, 'writeCatalogPage', [2, '"p2"', catalog.slice(0, 10)]);
    expect(warmUp.turns.givingWay(), 'a sync’s write is not a search').toBeLessThanOrEqual(0);

    const typed = host.service(baseUrl, 'searchItemsJson', [{ text: 'cab', offset: 0, limit: 60 }]);
    expect(typed.ok).toBe(true);
    const wait = warmUp.turns.givingWay();
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(GIVE_WAY_MS);
    host.close();
  });
});
