/**
 * Every read and write of one service's offline database, run where the connection lives (the
 * offline worker). Each write is one transaction: a page of the catalog, a batch of details, a
 * dataset list, a page of the change feed with its cursor. See offline-schema.ts for the tables.
 */
import type { Account, CatalogProduct, ContentCoding, Order, OrderListItem, Product, Supplier, Webhook } from '../../../shared';
import type { CatalogChange, CatalogChangesPage } from '../../../shared/schemas/catalog-changes';
import type { DatasetStatus } from '../../../shared/bridge';
import { checkEndpointBytes } from '../api/response-text';
import { normalizeCode } from '../search/product-codes';
import { FLAG_LIVE } from '../search/catalog-columns';
import { createSearchIndex, nameKeyOf, type CountryOf, type SearchIndexOptions } from '../search/search-index';
import { HELD_FROM_KEY } from '../search/posting-store';
import { foldTerm } from '../search/text-terms';
import type { DetailRecord } from './dataset-records';
import { createChoiceHolder, widenedPending } from './offline-choice';
import { DETAILS_FETCHED_INDEX, PUBLIC, PRIVATE_TABLES } from './offline-schema';
import type { SqliteDatabase, SqliteStatement } from './sqlite-driver';

/** What a stored dataset says about itself: size, age, validators. */
export interface DatasetInfo {
  count: number;
  savedAt: string | null;
  totalPages: number | null;
  etag: string | null;
  cursor: string | null;
  /** ETag of each stored list page, by page number. */
  pageEtags: Record<number, string>;
}

/** A feed page written from its text: what it held, or why it could not be read (in plain words). */
export type FeedPageOutcome = { ok: true; changed: number; nextCursor: string; hasMore: boolean } | { ok: false; message: string };

export type ListDataset = 'suppliers' | 'orders';
export type SingleDataset = 'account' | 'webhooks';

/** What a product's row holds beside its JSON: the columns search filters, sorts and counts by. */
const CATALOG_FIELDS: (keyof CatalogProduct)[] = [
  'id', 'name', 'brand', 'varietal', 'vintage', 'region', 'appellation', 'abv', 'size_ml', 'pack_size',
  'case_price_cents', 'bottle_price_cents', 'inventory_available', 'minimum_order', 'image_url', 'created_at', 'supplier',
];

/** The list item of a product as the catalog pages give it (a product detail holds more). */
export function catalogItemOf(product: Product | CatalogProduct): CatalogProduct {
  // Field by field in CATALOG_FIELDS' order (the stored JSON is compared as text): 0.6 µs against
  // 2.5 µs for an object made from entries, once for every product a sync writes.
  const fields: Record<string, unknown> = {};
  for (const field of CATALOG_FIELDS) fields[field] = product[field];
  const item = fields as unknown as CatalogProduct;
  item.supplier = { id: product.supplier.id, name: product.supplier.name, location: product.supplier.location };
  return item;
}

export type ServiceDatabase = ReturnType<typeof createServiceDatabase>;

export function createServiceDatabase(db: SqliteDatabase, options: SearchIndexOptions = {}) {
  const statements = new Map<string, SqliteStatement>();
  /** One prepared statement per SQL text, made on first use. */
  const sql = (text: string): SqliteStatement => {
    let statement = statements.get(text);
    if (!statement) statements.set(text, (statement = db.prepare(text)));
    return statement;
  };
  const transaction = <A extends unknown[], R>(run: (...args: A) => R) => db.transaction(run);
  /**
   * The catalog's search index (search-index.ts), kept by every catalog write below; read from the
   * database at its first use, so opening the file does not wait for it (first-browse.ts).
   */
  const index = createSearchIndex(sql, options);
  /** What the copy carries (offline-choice.ts): a product of a supplier it leaves out is not stored. */
  const choice = createChoiceHolder(sql);

  // ---- datasets: size, age, validators -------------------------------------------------------

  function datasetInfo(account: string, name: string): DatasetInfo | null {
    const row = sql('SELECT count, saved_at, total_pages, etag, cursor FROM datasets WHERE account = ? AND name = ?').get(account, name) as
      | { count: number; saved_at: string | null; total_pages: number | null; etag: string | null; cursor: string | null }
      | undefined;
    const pages = sql('SELECT page, etag FROM list_pages WHERE account = ? AND dataset = ? AND etag IS NOT NULL').all(account, name) as { page: number; etag: string }[];
    if (!row && pages.length === 0) return null;
    return {
      count: row?.count ?? 0,
      savedAt: row?.saved_at ?? null,
      totalPages: row?.total_pages ?? null,
      etag: row?.etag ?? null,
      cursor: row?.cursor ?? null,
      pageEtags: Object.fromEntries(pages.map((page) => [page.page, page.etag])),
    };
  }

  function setDataset(account: string, name: string, fields: { count: number; savedAt: string; totalPages?: number | null; etag?: string | null; cursor?: string | null }) {
    sql(
      `INSERT INTO datasets (account, name, saved_at, count, total_pages, etag, cursor) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET saved_at = excluded.saved_at, count = excluded.count, total_pages = excluded.total_pages, etag = excluded.etag, cursor = excluded.cursor`,
    ).run(account, name, fields.savedAt, fields.count, fields.totalPages ?? null, fields.etag ?? null, fields.cursor ?? null);
  }

  function setPageEtags(account: string, dataset: string, etags: Record<number, string>, totalPages: number) {
    sql('DELETE FROM list_pages WHERE account = ? AND dataset = ?').run(account, dataset);
    const insert = sql('INSERT INTO list_pages (account, dataset, page, etag) VALUES (?, ?, ?, ?)');
    for (const [page, etag] of Object.entries(etags)) if (Number(page) <= totalPages) insert.run(account, dataset, Number(page), etag);
  }

  // ---- the catalog ---------------------------------------------------------------------------

  function countryFor(item: CatalogProduct): CountryOf {
    const own = sql('SELECT d.country FROM products p JOIN product_details d ON d.pos = p.pos WHERE p.id = ?').pluck().get(item.id) as string | undefined;
    if (own) return { name: own, own: true };
    const region = sql('SELECT country FROM region_countries WHERE region_key = ?').pluck().get(foldTerm(item.region)) as string | undefined;
    return { name: region ?? null, own: false };
  }

  /**
   * Adds or replaces one product of the list, keeping its position (its row id) when it is known.
   * `ownCountry`: the country of its own detail when the caller has it at hand (the change feed
   * brings both), so it is not read back. Returns the product's position, and whether it was
   * listed before.
   */
  function putProduct(item: CatalogProduct, page: number, ownCountry?: string): { pos: number; listed: boolean } {
    const existing = sql('SELECT pos, json FROM products WHERE id = ?').raw().get(item.id) as [number, string] | undefined;
    const json = JSON.stringify(item);
    if (existing && existing[1] === json) {
      sql('UPDATE products SET page = ? WHERE pos = ? AND page != ?').run(page, existing[0], page);
      if (ownCountry !== undefined) index.setCountry(existing[0], { name: ownCountry, own: true });
      return { pos: existing[0], listed: true };
    }
    const country = ownCountry === undefined ? countryFor(item) : { name: ownCountry, own: true };
    if (existing) {
      const previous = JSON.parse(existing[1]) as CatalogProduct;
      const nameKey = nameKeyOf(item);
      // SQLite rewrites an index's entry whenever its column is set, even to the same value: the
      // name's index is left alone unless the name changed (one page fewer written a product).
      if (nameKey === nameKeyOf(previous)) sql('UPDATE products SET page = ?, json = ? WHERE pos = ?').run(page, json, existing[0]);
      else sql('UPDATE products SET page = ?, name_key = ?, json = ? WHERE pos = ?').run(page, nameKey, json, existing[0]);
      index.put(existing[0], item, country, previous, nameKey);
      return { pos: existing[0], listed: true };
    }
    const nameKey = nameKeyOf(item);
    const { lastInsertRowid } = sql('INSERT INTO products (id, page, name_key, json) VALUES (?, ?, ?, ?)').run(item.id, page, nameKey, json);
    if (productRows !== null) productRows += 1;
    index.put(Number(lastInsertRowid), item, country, null, nameKey);
    return { pos: Number(lastInsertRowid), listed: false };
  }

  /** A product goes, and its detail with it (kept by its position). */
  function removeProduct(pos: number) {
    const json = sql('SELECT json FROM products WHERE pos = ?').pluck().get(pos) as string | undefined;
    if (json === undefined) return;
    sql('DELETE FROM products WHERE pos = ?').run(pos);
    if (productRows !== null) productRows -= 1;
    removeDetailAt(pos);
    index.remove(pos, JSON.parse(json) as CatalogProduct);
  }

  /**
   * A write of the catalog in one transaction, the search index's changes written last inside it.
   * A transaction that fails leaves the index's memory ahead of the database: it is read back.
   */
  function catalogTransaction<A extends unknown[], R>(run: (...args: A) => R): (...args: A) => R {
    const inTransaction = db.transaction((...args: A) => {
      const result = run(...args);
      index.commit();
      return result;
    });
    return (...args: A) => {
      try {
        return inTransaction(...args);
      } catch (error) {
        if (!db.inTransaction) {
          index.reload();
          regionsKnown.clear();
          detailRows = null;
          productRows = null;
        }
        throw error;
      }
    };
  }

  /**
   * One page of the catalog list, in one transaction: its products are added or replaced, and the
   * products this page held before that it no longer lists are removed (one that moved to another
   * page is kept by that page's write, whichever comes first).
   */
  const writeCatalogPage = catalogTransaction((page: number, etag: string | null, listedItems: CatalogProduct[]) => {
    const items = listedItems.filter((item) => choice.keeps(item.supplier.id));
    const listed = new Set(items.map((item) => item.id));
    const before = sql('SELECT pos, id FROM products WHERE page = ?').raw().all(page) as [number, string][];
    for (const [pos, id] of before) if (!listed.has(id)) removeProduct(pos);
    for (const item of items) putProduct(item, page);
    sql('INSERT INTO list_pages (account, dataset, page, etag) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET etag = excluded.etag').run(PUBLIC, 'catalog', page, etag);
  });

  /** The list is complete: pages past its end go, and its size and age are saved. */
  const finishCatalog = catalogTransaction((totalPages: number, savedAt: string) => {
    const beyond = sql('SELECT pos FROM products WHERE page > ?').pluck().all(totalPages) as number[];
    for (const pos of beyond) removeProduct(pos);
    sql('DELETE FROM list_pages WHERE account = ? AND dataset = ? AND page > ?').run(PUBLIC, 'catalog', totalPages);
    const count = sql('SELECT count(*) FROM products').pluck().get() as number;
    setDataset(PUBLIC, 'catalog', { count, savedAt, totalPages });
    return count;
  });

  /**
   * Regions whose country is stored (a few hundred at most: they grow with the catalog's regions,
   * not its products), so each detail written does not ask again. Forgotten with the catalog.
   */
  const regionsKnown = new Set<string>();

  /**
   * How many rows `product_details` holds, once counted (null: not counted yet, or not known after
   * a write that failed); each write below keeps it. Counting the rows reads a whole index of the
   * table: tens of milliseconds at a million products, too much for every page of the feed.
   */
  let detailRows: number | null = null;
  function countDetails(): number {
    if (detailRows === null) detailRows = sql('SELECT count(*) FROM product_details').pluck().get() as number;
    return detailRows;
  }
  /**
   * How many rows `products` holds, kept as `detailRows` is: the search index's count when it has
   * been read (reading it only to know this takes a second at a million products), else counted
   * (a whole index of the table: 60 ms at a million).
   */
  let productRows: number | null = null;
  function countProducts(): number {
    if (productRows === null) productRows = index.loaded ? index.live : (sql('SELECT count(*) FROM products').pluck().get() as number);
    return productRows;
  }
  /** The detail of the product at a position (its row, if there was one). */
  function removeDetailAt(pos: number) {
    const { changes } = sql('DELETE FROM product_details WHERE pos = ?').run(pos);
    if (detailRows !== null) detailRows -= changes;
  }

  /** Learns the region's country from a detail; products of the region without a detail of their own take it. */
  function learnCountry(region: string, country: string) {
    const regionKey = foldTerm(region);
    if (regionsKnown.has(regionKey)) return;
    const known = sql('SELECT country_key FROM region_countries WHERE region_key = ?').pluck().get(regionKey);
    if (known === undefined) {
      sql('INSERT INTO region_countries (region_key, country_key, country) VALUES (?, ?, ?)').run(regionKey, foldTerm(country), country);
      index.setRegionCountry(regionKey, country);
    }
    regionsKnown.add(regionKey);
  }

  function putDetail(record: DetailRecord<Product>) {
    const pos = writeDetail(record);
    if (pos !== undefined) index.setCountry(pos, { name: record.detail.country, own: true });
    learnCountry(record.detail.region, record.detail.country);
  }

  /**
   * A product's detail row alone, kept at its product's position (`pos` when the caller knows it);
   * returns that position, or undefined when the copy does not list the product (its detail is then
   * not kept: the copy does not carry it). `stored`: its
   * detail is most likely stored already (its product was listed before): one statement replaces
   * it when its codes did not change, instead of a read of the stored codes and a write (a 1 %
   * change at a million spent 646 ms of its 4.1 s of CPU reading them). A `pos` given with
   * `stored` false is a product just added there, which has no detail yet (a detail goes with its
   * product): it is inserted without reading the codes first (a first sync reads none).
   */
  function writeDetail(record: DetailRecord<Product>, pos?: number, stored = false): number | undefined {
    const product = record.detail;
    const sku = product.sku ? normalizeCode(product.sku) || null : null;
    const upc = product.upc ? normalizeCode(product.upc) || null : null;
    const json = JSON.stringify(product);
    const at = pos ?? (sql('SELECT pos FROM products WHERE id = ?').pluck().get(product.id) as number | undefined);
    if (at === undefined) return undefined;
    if (stored) {
      const { changes } = sql('UPDATE product_details SET etag = ?, fetched_at = ?, country = ?, json = ? WHERE pos = ? AND sku IS ? AND upc IS ?').run(
        record.etag, record.fetchedAt, product.country, json, at, sku, upc,
      );
      if (changes > 0) return at;
    }
    const added = pos !== undefined && !stored;
    const codes = added ? undefined : (sql('SELECT sku, upc FROM product_details WHERE pos = ?').raw().get(at) as [string | null, string | null] | undefined);
    if (codes === undefined) {
      sql('INSERT INTO product_details (pos, id, etag, fetched_at, country, sku, upc, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
        at, product.id, record.etag, record.fetchedAt, product.country, sku, upc, json,
      );
      if (detailRows !== null) detailRows += 1;
    } else if (codes[0] === sku && codes[1] === upc) {
      // The codes' indexes are left alone when the codes did not change (SQLite rewrites an index's entry whenever its column is set).
      sql('UPDATE product_details SET etag = ?, fetched_at = ?, country = ?, json = ? WHERE pos = ?').run(record.etag, record.fetchedAt, product.country, json, at);
    } else {
      sql('UPDATE product_details SET etag = ?, fetched_at = ?, country = ?, sku = ?, upc = ?, json = ? WHERE pos = ?').run(
        record.etag, record.fetchedAt, product.country, sku, upc, json, at,
      );
    }
    return at;
  }

  /** Details read from the service (or viewed online), in one transaction. */
  const putProductDetails = catalogTransaction((records: DetailRecord<Product>[]) => {
    for (const record of records) putDetail(record);
    return countDetails();
  });

  /** Details answered 304: only when they were confirmed changes. */
  const touchProductDetails = transaction((ids: string[], fetchedAt: string) => {
    const touch = sql('UPDATE product_details SET fetched_at = ? WHERE pos = (SELECT pos FROM products WHERE id = ?)');
    for (const id of ids) touch.run(fetchedAt, id);
  });

  /**
   * Products whose detail is missing or older than `staleBefore`, with the validator of the stored
   * one: first one product of each region whose country is not known yet (the country filter is
   * then complete early), then in catalog order after `afterPos`.
   */
  function detailsToFetch(input: { staleBefore: string; afterPos: number; limit: number; skip: string[] }): { items: { id: string; etag: string | null; pos: number }[]; unknownRegions: boolean } {
    const firstOfRegions = firstProductsOfUnknownRegions(new Set(input.skip), input.limit);
    const positions = firstOfRegions.length > 0 ? firstOfRegions : duePositions(input.afterPos, input.staleBefore, input.limit);
    const rows = sql(`SELECT p.pos, p.id, d.etag FROM products p LEFT JOIN product_details d ON d.pos = p.pos WHERE p.pos IN (SELECT value FROM json_each(?)) ORDER BY p.pos`).all(
      JSON.stringify(positions),
    ) as { pos: number; id: string; etag: string | null }[];
    return { items: rows, unknownRegions: firstOfRegions.length > 0 };
  }

  /**
   * The index of the details by time (offline-schema.ts), made by the first count or search of
   * stale details in this file (one statement: 1.0–1.3 s of CPU at a million products) and kept
   * from then on by every write of a detail.
   */
  let fetchedIndexMade = false;
  function makeFetchedIndex() {
    if (fetchedIndexMade) return;
    sql(DETAILS_FETCHED_INDEX).run();
    fetchedIndexMade = true;
  }

  /** How many positions `duePositions` walks product by product before it looks in the indexes. */
  const NEAR_WINDOW = 2048;

  /**
   * The first `limit` positions after `after` (in order) of products whose detail is missing or
   * older than `staleBefore`. Where many are due the next ones are near: the products of the next
   * `NEAR_WINDOW` positions are walked with their details. Past them, the products in between are
   * not read (a walk of the catalog took seconds when few were due): the stale details come from
   * the index by time and, only when some products have no detail (every detail has its product),
   * the positions the search index holds a product at that `product_details` has no row for.
   */
  function duePositions(after: number, staleBefore: string, limit: number): number[] {
    makeFetchedIndex();
    const near = sql(
      `SELECT p.pos FROM products p LEFT JOIN product_details d ON d.pos = p.pos
       WHERE p.pos > ? AND p.pos <= ? AND (d.pos IS NULL OR d.fetched_at < ?) ORDER BY p.pos LIMIT ?`,
    )
      .pluck()
      .all(after, after + NEAR_WINDOW, staleBefore, limit) as number[];
    if (near.length === limit) return near;
    const from = after + NEAR_WINDOW;
    const left = limit - near.length;
    const stale = sql('SELECT pos FROM product_details INDEXED BY product_details_fetched WHERE fetched_at < ? AND pos > ? ORDER BY pos LIMIT ?')
      .pluck()
      .all(staleBefore, from, left) as number[];
    if (countProducts() === countDetails()) return [...near, ...stale];
    const missing = positionsWithoutDetail(from, stale.length === left ? stale[left - 1]! : Infinity, left);
    return [...near, ...[...stale, ...missing].sort((a, b) => a - b).slice(0, left)];
  }

  /** How many positions each count of `positionsWithoutDetail` spans. */
  const DETAIL_BLOCK = 4096;

  /**
   * Up to `limit` positions after `after` and up to `until` (in order) of products without a
   * detail: those past the last detail when they are all there (the products a list adds), else a
   * block of positions is looked into only when it holds more products (the search index's live
   * flags) than details (counted in the narrow index on positions).
   */
  function positionsWithoutDetail(after: number, until: number, limit: number): number[] {
    const { capacity } = index.columns;
    const { flags } = index.columns.columns;
    const end = Math.min(capacity - 1, until);
    const live = (position: number) => (flags[position]! & FLAG_LIVE) !== 0;
    // A product new to the copy is appended: when every product without a detail lies past the
    // last detail, they are the products there, found in memory.
    const lastDetail = (sql('SELECT max(pos) FROM product_details').pluck().get() as number | null) ?? 0;
    let past = 0;
    for (let position = lastDetail + 1; position < capacity; position += 1) if (live(position)) past += 1;
    if (past === countProducts() - countDetails()) {
      const found: number[] = [];
      for (let position = Math.max(after, lastDetail) + 1; position <= end && found.length < limit; position += 1) if (live(position)) found.push(position);
      return found;
    }
    const countIn = sql('SELECT count(*) FROM product_details INDEXED BY product_details_pos WHERE pos >= ? AND pos <= ?').pluck();
    const detailsIn = sql('SELECT pos FROM product_details INDEXED BY product_details_pos WHERE pos >= ? AND pos <= ?').pluck();
    const found: number[] = [];
    for (let from = after + 1; from <= end && found.length < limit; from += DETAIL_BLOCK) {
      const to = Math.min(end, from + DETAIL_BLOCK - 1);
      let products = 0;
      for (let position = from; position <= to; position += 1) if (live(position)) products += 1;
      if (products === 0 || (countIn.get(from, to) as number) >= products) continue;
      const stored = new Set(detailsIn.all(from, to) as number[]);
      for (let position = from; position <= to && found.length < limit; position += 1) {
        if (live(position) && !stored.has(position)) found.push(position);
      }
    }
    return found;
  }

  /** The first product (by position) of each region whose country is not known yet, leaving out `skip` (ids): at most `limit`. */
  function firstProductsOfUnknownRegions(skip: ReadonlySet<string>, limit: number): number[] {
    const known = new Set(sql('SELECT region_key FROM region_countries').pluck().all() as string[]);
    const regions = index.dictionaries.region;
    const unknown = new Uint8Array(regions.size);
    let left = 0;
    for (let id = 1; id < regions.size; id += 1) {
      if (!known.has(regions.key(id))) {
        unknown[id] = 1;
        left += 1;
      }
    }
    if (left === 0) return [];
    const skipped = new Set(skip.size === 0 ? [] : (sql('SELECT pos FROM products WHERE id IN (SELECT value FROM json_each(?))').pluck().all(JSON.stringify([...skip])) as number[]));
    const { region, flags } = index.columns.columns;
    const found: number[] = [];
    for (let position = 0; position < index.columns.capacity && found.length < limit && left > 0; position += 1) {
      const id = region[position]!;
      if ((flags[position]! & FLAG_LIVE) === 0 || unknown[id] !== 1 || skipped.has(position)) continue;
      unknown[id] = 0;
      left -= 1;
      found.push(position);
    }
    return found;
  }

  /**
   * How the stored details stand against the catalog: how many, and how many products' details are
   * missing or older than `staleBefore`. Counted, not read product by product (18 s at a million):
   * every detail has its product (offline-schema.ts), so the products without one are as many as
   * the products less the details, and the stale ones are counted in the index by time.
   */
  function detailCoverage(staleBefore: string): { stored: number; due: number } {
    const stored = countDetails();
    return { stored, due: countProducts() - stored + countStale(staleBefore, stored) };
  }

  /**
   * How many details were read before `staleBefore`: none or all of them when it lies outside
   * their times (the ends of the index by time), else counted in that index (a million entries:
   * about 55 ms).
   */
  function countStale(staleBefore: string, stored: number): number {
    makeFetchedIndex();
    const [first, last] = sql('SELECT (SELECT min(fetched_at) FROM product_details), (SELECT max(fetched_at) FROM product_details)').raw().get() as [string | null, string | null];
    if (first === null || last === null || staleBefore <= first) return 0;
    if (staleBefore > last) return stored;
    return sql('SELECT count(*) FROM product_details INDEXED BY product_details_fetched WHERE fetched_at < ?').pluck().get(staleBefore) as number;
  }

  const setDetailsDataset = transaction((savedAt: string) => {
    const count = countDetails();
    setDataset(PUBLIC, 'productDetails', { count, savedAt });
    return count;
  });

  function productDetail(id: string): DetailRecord<Product> | null {
    const row = sql('SELECT d.json, d.etag, d.fetched_at FROM products p JOIN product_details d ON d.pos = p.pos WHERE p.id = ?').get(id) as { json: string; etag: string | null; fetched_at: string } | undefined;
    return row ? { detail: JSON.parse(row.json) as Product, etag: row.etag, fetchedAt: row.fetched_at } : null;
  }

  /** The images of the first products of the catalog, in list order. */
  function imageUrls(limit: number): string[] {
    return sql('SELECT json_extract(json, \'$.image_url\') FROM products WHERE json_extract(json, \'$.image_url\') IS NOT NULL ORDER BY page, pos LIMIT ?').pluck().all(limit) as string[];
  }

  // ---- the change feed -----------------------------------------------------------------------

  /**
   * One page of the catalog change feed and the cursor after it, in one transaction: a crash keeps
   * either both or neither. Products arrive whole, so their details are stored with them.
   */
  const applyChanges = catalogTransaction((changes: CatalogChange[], cursor: string, savedAt: string) => {
    for (const change of changes) {
      switch (change.type) {
        case 'product.changed': {
          if (!choice.keeps(change.product.supplier.id)) {
            // Not carried (or no longer: it moved to a supplier left out).
            const pos = sql('SELECT pos FROM products WHERE id = ?').pluck().get(change.product.id) as number | undefined;
            if (pos !== undefined) removeProduct(pos);
            break;
          }
          // The product's row with the country of the detail that came with it, then the detail (the position known).
          const { pos, listed } = putProduct(catalogItemOf(change.product), 0, change.product.country);
          writeDetail({ detail: change.product, etag: null, fetchedAt: savedAt }, pos, listed);
          learnCountry(change.product.region, change.product.country);
          break;
        }
        case 'product.removed': {
          const pos = sql('SELECT pos FROM products WHERE id = ?').pluck().get(change.id) as number | undefined;
          if (pos !== undefined) removeProduct(pos);
          break;
        }
        case 'supplier.changed':
          sql('INSERT INTO suppliers (id, position, json) VALUES (?, (SELECT coalesce(max(position), 0) + 1 FROM suppliers), ?) ON CONFLICT DO UPDATE SET json = excluded.json').run(
            change.supplier.id, JSON.stringify(change.supplier),
          );
          break;
        case 'supplier.removed':
          sql('DELETE FROM suppliers WHERE id = ?').run(change.id);
          break;
      }
    }
    // The search index counts the products it holds (one per row of `products`): counting the rows
    // reads a whole index of the table, tens of milliseconds a page at a million products.
    const count = index.live;
    // A supplier added meanwhile (offline-choice.ts): this read's cursor is not kept, the next starts from nothing.
    setDataset(PUBLIC, 'catalog', { count, savedAt, totalPages: null, cursor: widenedPending.isSet(sql) ? null : cursor });
    setDataset(PUBLIC, 'productDetails', { count: countDetails(), savedAt });
    // The supplier list's own validators (its pages' ETags, how many pages) stay: only its size and age change here.
    sql('INSERT INTO datasets (account, name, saved_at, count) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET saved_at = excluded.saved_at, count = excluded.count').run(
      PUBLIC, 'suppliers', savedAt, sql('SELECT count(*) FROM suppliers').pluck().get() as number,
    );
    return count;
  });

  /**
   * Feed pages read and checked by `readChangesBytes`, each the page after the one before, waiting
   * for `writeReadChanges`: the feed's next page is asked for while these are written (a page's
   * cursor is known once it is read).
   */
  let readFeedPages: { page: CatalogChangesPage; since: string | null }[] = [];

  /**
   * A page of the change feed as the service sent it (its bytes, compressed in `coding` or not):
   * inflated, decoded, parsed and checked against the contract here, in the worker, so the main
   * thread never holds a page of whole products, nor its text, nor its inflated bytes. Nothing is
   * written yet: `writeReadChanges` writes it, with the pages read before it that it follows, and
   * the cursor after it, in one transaction. A page that does not follow them (a sync that stopped
   * before writing what it read) drops them; one that fails its check leaves them to be written.
   */
  function readChangesBytes(bytes: Uint8Array, coding: ContentCoding | null, since: string | null): FeedPageOutcome {
    if (readFeedPages.at(-1)?.page.next_cursor !== since) readFeedPages = [];
    const checked = checkEndpointBytes('catalogChanges', bytes, coding);
    if (!checked.ok) return { ok: false, message: checked.message };
    const page = checked.data;
    readFeedPages.push({ page, since });
    return { ok: true, changed: page.data.length, nextCursor: page.next_cursor, hasMore: page.has_more };
  }

  /**
   * Writes the pages `readChangesBytes` read, in order, with the cursor after the last, in one
   * transaction as `applyChanges` does (when they change anything or move the cursor): a crash
   * keeps all of them or none.
   */
  function writeReadChanges(savedAt: string): void {
    const read = readFeedPages;
    readFeedPages = [];
    const first = read[0];
    const last = read.at(-1);
    if (!first || !last) throw new Error('no page of the change feed was read before this write');
    const changes = read.flatMap((entry) => entry.page.data);
    if (changes.length > 0 || last.page.next_cursor !== first.since) applyChanges(changes, last.page.next_cursor, savedAt);
  }

  /** `readChangesBytes` and `writeReadChanges` in one call. */
  function applyChangesBytes(bytes: Uint8Array, coding: ContentCoding | null, since: string | null, savedAt: string): FeedPageOutcome {
    const outcome = readChangesBytes(bytes, coding, since);
    if (outcome.ok) writeReadChanges(savedAt);
    return outcome;
  }

  const FEED_BOOTSTRAP = 'feed_bootstrap';
  /**
   * A feed read from the start (no cursor yet, or one the service no longer knows): products are
   * replaced as they come; those the bootstrap did not bring (removed meanwhile, or left by the list
   * pages of before) go when it ends. Kept in the database, so a bootstrap cut short goes on.
   */
  const startFeedBootstrap = catalogTransaction(() => {
    sql('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(FEED_BOOTSTRAP, '1');
    // Its new products are appended: the postings' last chunks are held until full, not rewritten by every page.
    index.holdPostings();
    widenedPending.clear(sql);
    sql('UPDATE datasets SET cursor = NULL WHERE account = ? AND name = ?').run(PUBLIC, 'catalog');
  });

  const finishFeedBootstrap = catalogTransaction(() => {
    if (sql('SELECT value FROM meta WHERE key = ?').pluck().get(FEED_BOOTSTRAP) === undefined) return 0;
    index.releasePostings();
    const stale = sql('SELECT pos FROM products WHERE page != 0').pluck().all() as number[];
    for (const pos of stale) removeProduct(pos);
    sql('DELETE FROM list_pages WHERE account = ? AND dataset = ?').run(PUBLIC, 'catalog');
    sql('DELETE FROM meta WHERE key = ?').run(FEED_BOOTSTRAP);
    // The index counts the products it holds: `count(*)` would read a whole index of the table.
    sql('UPDATE datasets SET count = ? WHERE account = ? AND name = ?').run(index.live, PUBLIC, 'catalog');
    return stale.length;
  });

  /** Everything public goes (settings → clear, or a catalog that must be read again from nothing). */
  const clearCatalog = transaction(() => {
    for (const table of ['products', 'product_details', 'region_countries', 'suppliers', 'column_chunks', 'facet_values', 'terms', 'postings']) db.exec(`DELETE FROM ${table}`);
    regionsKnown.clear();
    detailRows = null;
    productRows = null;
    sql('DELETE FROM datasets WHERE account = ?').run(PUBLIC);
    sql('DELETE FROM list_pages WHERE account = ?').run(PUBLIC);
    sql('DELETE FROM meta WHERE key = ?').run(HELD_FROM_KEY);
    index.reset();
  });

  // ---- lists kept whole (suppliers, orders) and single resources -----------------------------

  const LIST_TABLES = { suppliers: 'suppliers', orders: 'orders' } as const;

  function readList<T>(dataset: ListDataset, account: string): T[] {
    const rows =
      dataset === 'suppliers'
        ? (sql('SELECT json FROM suppliers ORDER BY position').pluck().all() as string[])
        : (sql('SELECT json FROM orders WHERE account = ? ORDER BY position').pluck().all(account) as string[]);
    return rows.map((json) => JSON.parse(json) as T);
  }

  /** A whole list replaced in one transaction (its pages were all read first). */
  const replaceList = transaction(
    (dataset: ListDataset, account: string, items: (Supplier | OrderListItem)[], etags: Record<number, string>, totalPages: number, savedAt: string) => {
      if (dataset === 'suppliers') {
        sql('DELETE FROM suppliers').run();
        const insert = sql('INSERT OR REPLACE INTO suppliers (id, position, json) VALUES (?, ?, ?)');
        items.forEach((item, position) => insert.run(item.id, position, JSON.stringify(item)));
      } else {
        sql(`DELETE FROM ${LIST_TABLES[dataset]} WHERE account = ?`).run(account);
        const insert = sql('INSERT OR REPLACE INTO orders (account, id, position, json) VALUES (?, ?, ?, ?)');
        items.forEach((item, position) => insert.run(account, item.id, position, JSON.stringify(item)));
      }
      setPageEtags(account, dataset, etags, totalPages);
      setDataset(account, dataset, { count: items.length, savedAt, totalPages });
    },
  );

  function readAccount(account: string): Account | null {
    const json = sql('SELECT json FROM accounts WHERE account = ?').pluck().get(account) as string | undefined;
    return json ? (JSON.parse(json) as Account) : null;
  }

  function readWebhooks(account: string): Webhook[] {
    return (sql('SELECT json FROM webhooks WHERE account = ? ORDER BY position').pluck().all(account) as string[]).map((json) => JSON.parse(json) as Webhook);
  }

  const writeAccount = transaction((account: string, value: Account, etag: string | null, savedAt: string) => {
    sql('INSERT OR REPLACE INTO accounts (account, json) VALUES (?, ?)').run(account, JSON.stringify(value));
    setDataset(account, 'account', { count: 1, savedAt, etag });
  });

  const writeWebhooks = transaction((account: string, hooks: Webhook[], etag: string | null, savedAt: string) => {
    sql('DELETE FROM webhooks WHERE account = ?').run(account);
    const insert = sql('INSERT OR REPLACE INTO webhooks (account, id, position, json) VALUES (?, ?, ?, ?)');
    hooks.forEach((hook, position) => insert.run(account, hook.id, position, JSON.stringify(hook)));
    setDataset(account, 'webhooks', { count: hooks.length, savedAt, etag });
  });

  function readOrderDetails(account: string): DetailRecord<Order>[] {
    const rows = sql('SELECT json, etag, fetched_at FROM order_details WHERE account = ?').all(account) as { json: string; etag: string | null; fetched_at: string }[];
    return rows.map((row) => ({ detail: JSON.parse(row.json) as Order, etag: row.etag, fetchedAt: row.fetched_at }));
  }

  function orderDetail(account: string, id: string): DetailRecord<Order> | null {
    const row = sql('SELECT json, etag, fetched_at FROM order_details WHERE account = ? AND id = ?').get(account, id) as { json: string; etag: string | null; fetched_at: string } | undefined;
    return row ? { detail: JSON.parse(row.json) as Order, etag: row.etag, fetchedAt: row.fetched_at } : null;
  }

  const putOrderDetails = transaction((account: string, records: DetailRecord<Order>[], replaceAll: boolean) => {
    if (replaceAll) sql('DELETE FROM order_details WHERE account = ?').run(account);
    const insert = sql('INSERT OR REPLACE INTO order_details (account, id, etag, fetched_at, json) VALUES (?, ?, ?, ?, ?)');
    for (const record of records) insert.run(account, record.detail.id, record.etag, record.fetchedAt, JSON.stringify(record.detail));
  });

  // ---- statuses and accounts -----------------------------------------------------------------

  function readStatuses(account: string): DatasetStatus[] {
    const rows = sql('SELECT name, updated_at, count FROM dataset_status WHERE account = ?').all(account) as { name: string; updated_at: string | null; count: number }[];
    return rows.map((row) => ({ name: row.name as DatasetStatus['name'], updatedAt: row.updated_at, count: row.count, error: null }));
  }

  const saveStatuses = transaction((account: string, statuses: DatasetStatus[]) => {
    sql('DELETE FROM dataset_status WHERE account = ?').run(account);
    const insert = sql('INSERT INTO dataset_status (account, name, updated_at, count) VALUES (?, ?, ?, ?)');
    for (const status of statuses) insert.run(account, status.name, status.updatedAt, status.count);
  });

  /** Sign-out or account removal: exactly this account's rows go. Returns about how many bytes they held. */
  const clearAccount = transaction((account: string) => {
    let bytes = 0;
    for (const table of PRIVATE_TABLES) {
      if (table === 'orders' || table === 'order_details' || table === 'accounts' || table === 'webhooks') {
        bytes += (sql(`SELECT coalesce(sum(length(json)), 0) FROM ${table} WHERE account = ?`).pluck().get(account) as number) ?? 0;
      }
      sql(`DELETE FROM ${table} WHERE account = ?`).run(account);
    }
    return bytes;
  });

  return {
    db,
    sql,
    transaction,
    index,
    choice,
    removeProduct,
    countDetails,
    catalogTransaction,
    datasetInfo,
    setDataset,
    writeCatalogPage,
    finishCatalog,
    putProductDetails,
    touchProductDetails,
    detailsToFetch,
    detailCoverage,
    setDetailsDataset,
    productDetail,
    imageUrls,
    applyChanges,
    applyChangesBytes,
    readChangesBytes,
    writeReadChanges,
    startFeedBootstrap,
    finishFeedBootstrap,
    clearCatalog,
    readList,
    replaceList,
    readAccount,
    readWebhooks,
    writeAccount,
    writeWebhooks,
    readOrderDetails,
    orderDetail,
    putOrderDetails,
    readStatuses,
    saveStatuses,
    clearAccount,
  };
}
