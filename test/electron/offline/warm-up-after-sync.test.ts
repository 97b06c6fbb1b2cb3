import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOfflineHost } from '../../../electron/core/offline/offline-host';
import { warmUp } from '../../../electron/core/search/search-warm-up';
import { makeCatalog } from '../search/catalog-fixture';

const warmUps = { texts: [] as string[][] };
/** The real warm-up, its texts recorded. */
const warmSearches: typeof warmUp = (texts, ...rest) => {
  warmUps.texts.push([...texts]);
  warmUp(texts, ...rest);
};

const baseUrl = 'http://127.0.0.1:9/api/v1';
const catalog = makeCatalog(300).map((product) => product.item);

describe('the first searches warmed when the page asks for the search index', () => {
  it('warms them once a copy holds a catalog, also when the index was read before the page asked (a first sync’s writes read it)', async () => {
    const host = createOfflineHost({ dataDir: mkdtempSync(path.join(tmpdir(), 'caseworks-warm-up-')), warmSearches });
    // An empty copy has nothing to type: that call does not use up the warm-up.
    expect(host.service(baseUrl, 'readSearchIndex', [])).toEqual({ ok: true, value: true });
    expect(warmUps.texts, 'nothing typed in an empty copy').toHaveLength(0);
    // A first sync: its pages' writes read the search index before the catalog is painted.
    host.service(baseUrl, 'writeCatalogPage', [1, '"p1"', catalog.slice(0, 150)]);
    host.service(baseUrl, 'writeCatalogPage', [2, '"p2"', catalog.slice(150)]);
    expect(host.service(baseUrl, 'readSearchIndex', []), 'read already').toEqual({ ok: true, value: false });
    expect(warmUps.texts, 'warmed although this call read nothing').toHaveLength(1);
    expect(warmUps.texts[0]!.length).toBeGreaterThan(0);
    expect(host.service(baseUrl, 'readSearchIndex', [])).toEqual({ ok: true, value: false });
    expect(warmUps.texts, 'once a copy').toHaveLength(1);
    // The warm-up's searches run in later turns, between the sync's writes.
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    host.service(baseUrl, 'writeCatalogPage', [3, '"p3"', catalog.slice(0, 10)]);
    host.close();
    for (let turn = 0; turn < 30; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  });
});
