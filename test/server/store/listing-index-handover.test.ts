import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';
import { products } from '../../../server/db/schema';
import { DEMO_PRODUCT_CHUNK } from '../../../server/demo/generate';
import { seedDemo } from '../../../server/demo/seed';
import { readListingIndex, type ListingIndex } from '../../../server/store/catalog/listing-index';
import { compareCodePoints, ListingIndexCollector, listingIndexFromParts, type ListedProduct } from '../../../server/store/catalog/listing-index-handover';
import { ListingIndexKeeper } from '../../../server/store/catalog/listing-index-keeper';
import { listingStamp } from '../../../server/store/catalog/version';
import { idsInByteOrder } from '../../../server/store/catalog/byte-ordered-ids';
import { withEmptyDatabase } from '../../support/empty-pglite';
import { withEmptyPostgres } from '../../support/empty-postgres';
import { testDatabaseKind } from '../../support/store-fixture';

const now = new Date('2026-11-22T09:00:00.000Z');

const readBack = (db: Database) => readListingIndex(db, { chunkRows: 1_000, between: async () => undefined, stopped: () => false });

/** The products' values the index holds, read from the table in ordinal order. */
async function listedProducts(db: Database): Promise<ListedProduct[]> {
  return db
    .select({
      id: products.id,
      supplierId: products.supplierId,
      name: products.name,
      varietal: products.varietal,
      region: products.region,
      country: products.country,
      casePriceCents: products.casePriceCents,
      createdAt: products.createdAt,
    })
    .from(products)
    .orderBy(products.ordinal);
}

/** The index made from `listed` as seeding makes it (collected, then finished), for the listings' version now. */
async function collected(db: Database, listed: readonly ListedProduct[]): Promise<ListingIndex | null> {
  const collector = new ListingIndexCollector(listed.length);
  for (let start = 0; start < listed.length; start += 777) collector.add(listed.slice(start, start + 777));
  return listingIndexFromParts(db, collector.finish(), await listingStamp(db));
}

describe('the listings index seeding hands over', () => {
  it.each([
    ['made on the seeding thread', 700, false],
    ['made in the product worker', 2 * DEMO_PRODUCT_CHUNK + 321, true],
  ] as const)(
    'is the index a read-back of the seeded catalog gives (%s), and the comparison tells one changed value',
    async (_way, size, productWorker) => {
      await withEmptyDatabase(async ({ db }) => {
        const seeded = await seedDemo(db, { catalogSize: size, now, database: 'pglite', productWorker });
        const handed = seeded?.listingIndex;
        expect(handed).toBeInstanceOf(Object);
        expect(handed?.size).toBe(size);
        const read = await readBack(db);
        expect(read).not.toBeNull();
        expect(handed).toStrictEqual(read);

        // One product's varietal changed under the same stamp: the read-back no longer equals it.
        await db.execute(sql`update ${products} set ${sql.identifier(products.varietal.name)} = 'Mencía' where ${products.ordinal} = 3`);
        const changed = await readBack(db);
        expect(changed?.stamp).toBe(handed?.stamp);
        expect(changed).not.toStrictEqual(handed);
      });
    },
    240_000,
  );

  it('orders, codes and lowers as the database does: letters of every case, accents, characters beyond the BMP, ties on every key', { timeout: 240_000 }, async () => {
    await withEmptyDatabase(async ({ db }) => {
      await seedDemo(db, { catalogSize: 300, now, database: 'pglite' });
      // Names and filter values the database orders or lowers otherwise than JavaScript's defaults
      // would: code units against UTF-8 bytes ('\uFF21' against '\u{1D400}'), upper before lower
      // case in bytes, letters toLowerCase lowers that the database may not, shared prefixes.
      const names = ['\u{1D400} Cuvée', '\uFF21 Cuvée', 'Zinfandel', 'apple', 'Apple', 'Äpple', 'App', 'Cuvée', 'Cuvee', 'Cuvée'];
      const values = ['ÉTÉ', 'été', 'Été', 'ete', 'İstanbul', 'ǅ', 'Σ', 'ς', '\u{1D400}'];
      for (let ordinal = 1; ordinal <= 60; ordinal += 1) {
        await db.execute(sql`update ${products} set
          ${sql.identifier(products.name.name)} = ${names[ordinal % names.length]},
          ${sql.identifier(products.varietal.name)} = ${values[ordinal % values.length]},
          ${sql.identifier(products.region.name)} = ${values[(ordinal * 7) % values.length]},
          ${sql.identifier(products.country.name)} = ${values[(ordinal * 5) % values.length]},
          ${sql.identifier(products.casePriceCents.name)} = ${1_000 * (ordinal % 3)},
          ${sql.identifier(products.createdAt.name)} = ${new Date(now.getTime() - (ordinal % 4) * 1_000).toISOString()}
          where ${products.ordinal} = ${ordinal}`);
      }
      const read = await readBack(db);
      expect(read).not.toBeNull();
      expect(await collected(db, await listedProducts(db))).toStrictEqual(read);
    });
  });

  it('stands only for the catalog it was made of: none when the table holds more products than were collected', { timeout: 240_000 }, async () => {
    await withEmptyDatabase(async ({ db }) => {
      await seedDemo(db, { catalogSize: 300, now, database: 'pglite' });
      const listed = await listedProducts(db);
      expect(await collected(db, listed.slice(0, 299))).toBeNull();
      expect(await collected(db, listed)).not.toBeNull();
    });
  });
});

/**
 * PostgreSQL's collations this run can check (when the tests run on it, DATABASE_URL): one that
 * orders the ids as their bytes, and one that does not (ICU's en-US puts `a` before `B`).
 */
const POSTGRES_COLLATIONS = testDatabaseKind() === 'postgres' ? ([['C', true], ['ICU en-US', false]] as const) : [];
const CREATE_WITH: Record<(typeof POSTGRES_COLLATIONS)[number][0], string> = {
  C: `template template0 locale 'C'`,
  'ICU en-US': `template template0 locale_provider icu icu_locale 'en-US'`,
};

describe.each(POSTGRES_COLLATIONS)('on PostgreSQL, a database collated %s', (collation, byteOrder) => {
  it(
    byteOrder ? 'is given the index seeding made, the one a read-back gives' : 'is given none (ties on a key go by the id, which it orders otherwise), and reads it back',
    { timeout: 240_000 },
    async () => {
      await withEmptyPostgres(async (connection) => {
        const { db } = connection;
        const size = 2 * DEMO_PRODUCT_CHUNK + 321;
        const seeded = await connection.underSetupLock((locked) => seedDemo(locked, { catalogSize: size, now, database: 'postgres', productWorker: true }));
        expect(seeded).not.toBeNull();
        expect(await idsInByteOrder(db)).toBe(byteOrder);
        const read = await readBack(db);
        expect(read?.size).toBe(size);
        if (byteOrder) {
          expect(seeded?.listingIndex).toStrictEqual(read);
        } else {
          expect(seeded?.listingIndex).toBeNull();
          // What it would have been given differs from what the database orders.
          expect(await collected(db, await listedProducts(db))).not.toStrictEqual(read);
        }
      }, CREATE_WITH[collation]);
    },
  );
});

describe('a listings index keeper given the index seeding made', () => {
  it('starts with it and reads none', { timeout: 240_000 }, async () => {
    await withEmptyDatabase(async ({ db }) => {
      const seeded = await seedDemo(db, { catalogSize: 300, now, database: 'pglite' });
      let reads = 0;
      const read = async () => {
        reads += 1;
        return null;
      };
      const keeper = new ListingIndexKeeper(db, { read });
      await keeper.prepare(seeded?.listingIndex);
      expect(keeper.current).toBe(seeded?.listingIndex);
      expect(reads).toBe(0);
      await new ListingIndexKeeper(db, { read }).prepare(null);
      expect(reads).toBe(1);
    });
  });
});

describe('compareCodePoints', () => {
  it('orders strings as their UTF-8 bytes do, where UTF-16 units would not', () => {
    const texts = ['', 'a', 'B', 'ab', 'a\u0000', 'é', 'e\u0301', '\uFF21', '\u{1D400}', '\u{1D400}a', '\uE000', '\uD7FF', '\u{10FFFF}', 'Z'];
    const bytes = (text: string) => Buffer.from(text, 'utf8');
    for (const left of texts) {
      for (const right of texts) {
        expect(Math.sign(compareCodePoints(left, right)), `${JSON.stringify(left)} against ${JSON.stringify(right)}`).toBe(Math.sign(Buffer.compare(bytes(left), bytes(right))));
      }
    }
    // Where they differ: a unit from 0xE000 sorts after a surrogate pair's first unit, its byte before.
    expect(Math.sign(compareCodePoints('\uFF21', '\u{1D400}'))).toBe(-1);
    expect('\uFF21' < '\u{1D400}').toBe(false);
  });
});
