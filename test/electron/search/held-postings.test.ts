import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../shared';
import type { CatalogChange } from '../../../shared/schemas/catalog-changes';
import { CatalogSearchInput } from '../../../shared/bridge';
import { openServiceFile } from '../../../electron/core/offline/service-files';
import { createServiceDatabase, type ServiceDatabase } from '../../../electron/core/offline/service-database';
import { createCatalogSearch } from '../../../electron/core/search/catalog-search';
import { HELD_FROM_KEY } from '../../../electron/core/search/posting-store';
import type { SearchIndexOptions } from '../../../electron/core/search/search-index';
import { catalogRows, feedPagesOf } from './bootstrap-feed';
import { detailOf } from './catalog-database';
import { makeCatalog } from './catalog-fixture';

const baseUrl = 'http://127.0.0.1:9/api/v1';
const asOf = '2026-11-27T06:00:00.000Z';

/** A new offline database in a folder of its own: its file, and the copy opened on it. */
function newCopy(options: SearchIndexOptions = {}) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'caseworks-held-')), 'service.db');
  const open = () => createServiceDatabase(openServiceFile(file, baseUrl), options);
  return { file, open };
}

const QUERIES = ['reserve', 'cab', 'silverado chardonnay', 'r', 'malbec reserve 1', 'bodega', '7', 'pinot noir', 'zz', 'old vine', ''];

/** What the search answers to each query: every hit's id in order, and the totals. */
function answers(database: ServiceDatabase) {
  const search = createCatalogSearch(database);
  return QUERIES.map((text) => {
    const result = search.search(CatalogSearchInput.parse({ text, limit: 60 }));
    return { text, total: result.total, ids: result.items.map((item) => item.id), suppliers: result.facets.supplier };
  });
}

/** Database pages the write put in the WAL (emptied first). */
function walPages(database: ServiceDatabase, write: () => void): number {
  database.sql('PRAGMA wal_checkpoint(TRUNCATE)').run();
  write();
  return (database.sql('PRAGMA wal_checkpoint(PASSIVE)').get() as { log: number }).log;
}

describe('the postings held while a feed bootstrap fills the copy', () => {
  it('writes no posting chunk of the catalog’s end on each page, and searches answer as the copy written page by page', () => {
    const pages = feedPagesOf(makeCatalog(750));
    const held = newCopy().open();
    const plain = newCopy().open();
    held.startFeedBootstrap();
    const written = pages.map((changes, page) => ({
      held: walPages(held, () => held.applyChanges(changes, `c${page + 1}`, asOf)),
      plain: walPages(plain, () => plain.applyChanges(changes, `c${page + 1}`, asOf)),
    }));
    // 750 products in the first chunk of 4,096 positions: nothing written to the postings yet.
    expect(held.sql('SELECT count(*) FROM postings').pluck().get()).toBe(0);
    expect(plain.sql('SELECT count(*) FROM postings').pluck().get()).toBeGreaterThan(0);
    expect(written[2]!.held).toBeLessThan(written[2]!.plain);
    expect(answers(held)).toEqual(answers(plain));
    held.finishFeedBootstrap();
    expect(catalogRows(held.db)).toEqual(catalogRows(plain.db));
    expect(held.sql('SELECT value FROM meta WHERE key = ?').pluck().get(HELD_FROM_KEY)).toBeUndefined();
  });

  it('across chunks of positions, a page that failed and a restart mid-way, leaves the same rows as the copy written page by page', () => {
    // 9,000 products: the held chunks fill and are written at 4,096 and 8,192 positions.
    const catalog = makeCatalog(9_000);
    const pages = feedPagesOf(catalog);
    const heldCopy = newCopy();
    let held = heldCopy.open();
    const plain = newCopy().open();
    held.startFeedBootstrap();
    pages.forEach((changes, page) => {
      const cursor = `c${page + 1}`;
      if (page === 20) {
        // A page that cannot be stored (a product without an id) is rolled back whole, what was held with it.
        const broken = { ...detailOf(catalog[0]!.item, catalog[0]!.facts), id: null } as unknown as Product;
        expect(() => held.applyChanges([...changes, { type: 'product.changed', product: broken }], cursor, asOf)).toThrow();
      }
      if (page === 25) {
        // A restart (as after a kill): the held chunks are made again from the products' rows.
        held.db.close();
        held = heldCopy.open();
      }
      held.applyChanges(changes, cursor, asOf);
      plain.applyChanges(changes, cursor, asOf);
      if (page % 9 === 4) expect(answers(held), `after page ${page + 1}`).toEqual(answers(plain));
    });
    expect(Number(held.sql('SELECT value FROM meta WHERE key = ?').pluck().get(HELD_FROM_KEY))).toBe(2);
    held.finishFeedBootstrap();
    expect(catalogRows(held.db)).toEqual(catalogRows(plain.db));
    expect(answers(held)).toEqual(answers(plain));
  }, 120_000);

  it('any feed (products added, changed, renamed and removed), with any bound on what is held and restarts, leaves what page-by-page writes leave', () => {
    const catalog = makeCatalog(24);
    const WORDS = ['old vine', 'estate', 'cuvée', 'reserve'];
    const entry = fc.record({ id: fc.integer({ min: 0, max: 23 }), removed: fc.boolean(), word: fc.integer({ min: 0, max: 3 }), price: fc.integer({ min: 0, max: 2 }) });
    const feed = fc.array(fc.record({ entries: fc.array(entry, { minLength: 1, maxLength: 9 }), restart: fc.boolean() }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(feed, fc.constantFrom(1, 700, undefined), (pages, heldPostingBytes) => {
        const heldCopy = newCopy({ heldPostingBytes });
        let held = heldCopy.open();
        const plain = newCopy().open();
        held.startFeedBootstrap();
        try {
          pages.forEach(({ entries, restart }, page) => {
            const changes: CatalogChange[] = entries.map(({ id, removed, word, price }) => {
              const { item, facts } = catalog[id]!;
              if (removed) return { type: 'product.removed', id: item.id };
              const product = detailOf({ ...item, name: `${item.name} ${WORDS[word]}`, case_price_cents: item.case_price_cents + price }, facts);
              return { type: 'product.changed', product };
            });
            if (restart) {
              held.db.close();
              held = heldCopy.open();
            }
            held.applyChanges(changes, `c${page + 1}`, asOf);
            plain.applyChanges(changes, `c${page + 1}`, asOf);
            expect(answers(held)).toEqual(answers(plain));
          });
          held.finishFeedBootstrap();
          expect(catalogRows(held.db)).toEqual(catalogRows(plain.db));
        } finally {
          held.db.close();
          plain.db.close();
        }
      }),
      { numRuns: 40 },
    );
  }, 300_000);
});
