import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateDemoData } from '../../../server/demo/generate';
import { searchDocumentText } from '../../../server/demo/search-document';
import { searchText } from '../../../server/store/catalog/search-text';
import { createTestStore, type TestStore } from '../../support/store-fixture';

let testStore: TestStore;
beforeAll(async () => {
  testStore = await createTestStore({ catalogSize: 300 });
});
afterAll(() => testStore?.close());

/** The demo products' folded search text, as seeding makes it. */
function demoSearchTexts(options: { catalogSize: number; seed?: number }): string[] {
  const data = generateDemoData({ ...options, now: new Date('2026-11-22T09:00:00.000Z') });
  const suppliers = new Map(data.suppliers.map((supplier) => [supplier.id, supplier]));
  return data.products.map((product) => {
    const supplier = suppliers.get(product.supplierId)!;
    return searchText([product.name, product.brand, product.varietal, product.region, product.appellation, product.sku, supplier.name, supplier.dbaName]);
  });
}

describe('a demo search document built in JavaScript', () => {
  it.each([
    ['the default seed', { catalogSize: 20_000 }],
    ['another seed', { catalogSize: 5_000, seed: 99 }],
  ])("is what to_tsvector('simple', …) makes of the same text, for every product of %s", async (_, options) => {
    const texts = demoSearchTexts(options);
    const literals = texts.map(searchDocumentText);
    const result = await testStore.db.execute(sql`
      select count(*)::int as differing from unnest(${`{${texts.map((text) => `"${text}"`).join(',')}}`}::text[], ${`{${literals.map((literal) => `"${literal}"`).join(',')}}`}::text[]) as t(text, literal)
      where to_tsvector('simple'::regconfig, text) is distinct from literal::tsvector`);
    expect((result as unknown as { rows: Array<{ differing: number }> }).rows[0]!.differing).toBe(0);
  });

  it('repeats a word at each of its positions', () => {
    expect(searchDocumentText('napa red napa 2019')).toBe("'napa':1,3 'red':2 '2019':4");
    expect(searchDocumentText('')).toBe('');
  });
});
