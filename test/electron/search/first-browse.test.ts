import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../../shared';
import { CatalogSearchInput, type CatalogSearchInput as SearchInput, type CatalogSearchResult } from '../../../shared/bridge';
import { createCatalogSearch, type CatalogSearchCrossing } from '../../../electron/core/search/catalog-search';
import { FIRST_BROWSE_KEY, readFirstBrowse } from '../../../electron/core/search/first-browse';
import { SCHEMA_VERSION } from '../../../electron/core/offline/offline-schema';
import { openServiceFile } from '../../../electron/core/offline/service-files';
import { createServiceDatabase, type ServiceDatabase } from '../../../electron/core/offline/service-database';
import { createOfflineHost } from '../../../electron/core/offline/offline-host';
import { createOfflineChoiceOps } from '../../../electron/core/offline/offline-choice-ops';
import { serviceDatabaseFile } from '../../../electron/core/offline/service-files';
import { catalogDatabase, detailOf } from './catalog-database';
import { makeCatalog } from './catalog-fixture';
import { storeColumnsAsVersionThree } from '../offline/v3-column-chunks';

const baseUrl = 'http://127.0.0.1:9/api/v1';
const asOf = '2026-11-22T08:00:00.000Z';
const catalog = makeCatalog(450);
const items = catalog.map((product) => product.item);

/** The first browses the app asks for: the first page, a later page, with stock unticked and the name sort said. */
const FIRST_BROWSES: SearchInput[] = [{ limit: 60 }, { offset: 60, limit: 200 }, { limit: 60, inStock: false, sort: 'name' }, { text: '  ', limit: 5 }];

/** An answer without its timing. */
const answerOf = ({ tookMs: _took, ...rest }: CatalogSearchResult) => rest;
/** A search's answer as the offline worker sends it (its products as one JSON text), read back. */
const crossed = (value: unknown): CatalogSearchResult => {
  const { itemsJson, ...rest } = value as CatalogSearchCrossing;
  return { ...rest, items: JSON.parse(itemsJson) as CatalogSearchResult['items'] };
};

/** The service database of a file, as a start opens it: nothing of the search index read yet. */
const reopen = (file: string): ServiceDatabase => createServiceDatabase(openServiceFile(file, baseUrl));
const fileOf = (database: ServiceDatabase) => database.db.name;

/**
 * Each first browse of a fresh open of `file` (before the index is read), and the same browses
 * once the index is read, as the index answers them.
 */
function bothAnswers(file: string) {
  const database = reopen(file);
  const search = createCatalogSearch(database);
  const ask = (input: SearchInput) => answerOf(search.search(CatalogSearchInput.parse(input)));
  const early = FIRST_BROWSES.map(ask);
  const readBefore = database.index.loaded;
  database.index.ready();
  const fromIndex = FIRST_BROWSES.map(ask);
  database.db.close();
  return { early, fromIndex, readBefore };
}

const renamed = (item: CatalogProduct, n: number): CatalogProduct => ({ ...item, varietal: n % 2 ? 'Nebbiolo' : item.varietal, vintage: null, supplier: { ...item.supplier, name: `${item.supplier.name} & Fils` } });

describe('the first browse before the search index is read', () => {
  it('is answered from the saved answer without reading the index, exactly as the index answers it', () => {
    const file = fileOf(catalogDatabase(items, asOf, catalog.slice(0, 40)));
    const { early, fromIndex, readBefore } = bothAnswers(file);
    expect(readBefore, 'the first browse did not read the index').toBe(false);
    expect(early).toEqual(fromIndex);
    expect(early[0]!.total).toBe(450);
    expect(early[0]!.items).toHaveLength(60);
    expect(early[0]!.facets.country.map((entry) => entry.value).sort()).toEqual(['Argentina', 'France', 'USA']);
  });

  it('is never older than the catalog: each write of a sync leaves the answer the index gives', () => {
    const database = catalogDatabase(items, asOf);
    const file = fileOf(database);
    const writes: [string, () => void][] = [
      ['a page of new products', () => database.writeCatalogPage(6, '"p6"', makeCatalog(520).slice(450).map((product) => ({ ...product.item, id: `prod_new_${product.item.id}` })))],
      ['a page whose products changed varietal, vintage and supplier name', () => database.writeCatalogPage(1, '"p1b"', items.slice(0, 100).map(renamed))],
      ['a page that lists fewer products', () => database.writeCatalogPage(2, '"p2b"', items.slice(100, 130))],
      ['details that bring countries', () => database.putProductDetails(catalog.slice(300, 340).map((product) => ({ detail: detailOf(product.item, { ...product.facts, country: 'Chile' }), etag: null, fetchedAt: asOf })))],
      ['the list finished with fewer pages', () => database.finishCatalog(4, asOf)],
      ['a page of the change feed', () => database.applyChanges([{ type: 'product.changed', product: detailOf({ ...items[200]!, region: 'Maipo' }, { ...catalog[200]!.facts, country: 'Chile' }) }, { type: 'product.removed', id: items[201]!.id }], 'cursor-1', asOf)],
    ];
    for (const [what, write] of writes) {
      write();
      const { early, fromIndex, readBefore } = bothAnswers(file);
      expect(readBefore, `after ${what}: answered without the index`).toBe(false);
      expect(early, `after ${what}`).toEqual(fromIndex);
    }
    database.db.close();
  });

  it('the catalog screen’s search coverage, with the whole catalog kept, does not read the index either', () => {
    const file = fileOf(catalogDatabase(items, asOf));
    const database = reopen(file);
    expect(createOfflineChoiceOps(database).searchCoverage()).toBeNull();
    expect(database.index.loaded).toBe(false);
    database.db.close();
  });

  it('the search coverage, with the whole catalog kept, does not read the suppliers either (every search asks for it)', () => {
    const file = fileOf(catalogDatabase(items, asOf));
    const database = reopen(file);
    const lists: string[] = [];
    const readList = database.readList.bind(database);
    const counted = { ...database, readList: ((dataset, account) => (lists.push(dataset), readList(dataset, account))) as ServiceDatabase['readList'] };
    expect(createOfflineChoiceOps(counted).searchCoverage()).toBeNull();
    expect(lists).toEqual([]);
    database.db.close();
  });

  it('a write by another connection (an app that does not keep the answer) deletes it in its own transaction', () => {
    const database = catalogDatabase(items, asOf);
    const file = fileOf(database);
    database.db.close();
    const other = new Database(file);
    expect(other.prepare('SELECT count(*) FROM meta WHERE key = ?').pluck().get(FIRST_BROWSE_KEY)).toBe(1);
    other.prepare('UPDATE column_chunks SET data = data WHERE chunk = 0').run();
    expect(other.prepare('SELECT count(*) FROM meta WHERE key = ?').pluck().get(FIRST_BROWSE_KEY), 'a change to the columns').toBe(0);
    other.close();
    reopen(file).index.ready();
    const again = new Database(file);
    again.prepare("UPDATE facet_values SET label = 'Another' WHERE facet = 'supplier' AND id = 1").run();
    expect(again.prepare('SELECT count(*) FROM meta WHERE key = ?').pluck().get(FIRST_BROWSE_KEY), 'a change to a facet value').toBe(0);
    again.close();
  });

  it('without a saved answer (or one that does not read as one) a start still answers, from the index, and saves one for the next start', () => {
    const database = catalogDatabase(items, asOf);
    const file = fileOf(database);
    database.db.prepare("UPDATE meta SET value = '{\"total\":\"many\"}' WHERE key = ?").run(FIRST_BROWSE_KEY);
    database.db.close();
    const { early, fromIndex, readBefore } = bothAnswers(file);
    expect(readBefore, 'no answer to give: the index was read').toBe(true);
    expect(early).toEqual(fromIndex);
    const next = bothAnswers(file);
    expect(next.readBefore, 'saved by the start before').toBe(false);
    expect(next.early).toEqual(fromIndex);
  });

  it('a file of schema version 2 (no saved answer, no triggers) opens, answers, and then keeps its answer fresh', () => {
    const database = catalogDatabase(items, asOf);
    const file = fileOf(database);
    database.db.exec(`DELETE FROM meta WHERE key = '${FIRST_BROWSE_KEY}'`);
    for (const trigger of database.db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").pluck().all() as string[]) database.db.exec(`DROP TRIGGER ${trigger}`);
    storeColumnsAsVersionThree(database.db);
    database.db.pragma('user_version = 2');
    database.db.close();

    const opened = reopen(file);
    expect(opened.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(readFirstBrowse(opened.sql)).toBeNull();
    const answer = answerOf(createCatalogSearch(opened).search(CatalogSearchInput.parse({ limit: 60 })));
    expect(answer.total).toBe(450);
    expect(readFirstBrowse(opened.sql)?.total).toBe(450);
    opened.db.close();

    const other = new Database(file);
    other.prepare('DELETE FROM column_chunks WHERE chunk = 0').run();
    expect(other.prepare('SELECT count(*) FROM meta WHERE key = ?').pluck().get(FIRST_BROWSE_KEY), 'the triggers were added').toBe(0);
    other.close();
  });

  it('in the offline worker: the first browse from the saved answer, then the index read after it answers the same and searches text', async () => {
    const dataDir = catalogDatabase([], asOf).db.name.replace(/\/service\.db$/, '');
    const host = createOfflineHost({ dataDir });
    host.service(baseUrl, 'writeCatalogPage', [1, null, items.slice(0, 100)]);
    host.service(baseUrl, 'finishCatalog', [1, asOf]);
    host.close();

    const reopened = createOfflineHost({ dataDir });
    const query = CatalogSearchInput.parse({ limit: 60 });
    const first = reopened.service(baseUrl, 'searchItemsJson', [query]);
    const file = new Database(serviceDatabaseFile(dataDir, baseUrl), { readonly: true });
    expect(file.prepare('SELECT count(*) FROM meta WHERE key = ?').pluck().get(FIRST_BROWSE_KEY)).toBe(1);
    file.close();
    await new Promise((resolve) => setImmediate(resolve));
    const second = reopened.service(baseUrl, 'searchItemsJson', [query]);
    expect(first.ok && second.ok).toBe(true);
    if (first.ok && second.ok) expect(answerOf(crossed(first.value))).toEqual(answerOf(crossed(second.value)));
    const text = reopened.service(baseUrl, 'searchItemsJson', [CatalogSearchInput.parse({ text: 'chardonnay', limit: 5 })]);
    expect(text.ok && crossed(text.value).total).toBe(items.slice(0, 100).filter((item) => item.varietal === 'Chardonnay').length);
    reopened.close();
  });
});
