import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateDemoData } from '../../../server/demo/generate';
import { DemoSearchText, searchDocumentLexemes } from '../../../server/demo/search-document';
import { tsvectorLiteral } from '../../support/tsvector-literal';
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
    const literals = texts.map(tsvectorLiteral);
    const result = await testStore.db.execute(sql`
      select count(*)::int as differing from unnest(${`{${texts.map((text) => `"${text}"`).join(',')}}`}::text[], ${`{${literals.map((literal) => `"${literal}"`).join(',')}}`}::text[]) as t(text, literal)
      where to_tsvector('simple'::regconfig, text) is distinct from literal::tsvector`);
    expect((result as unknown as { rows: Array<{ differing: number }> }).rows[0]!.differing).toBe(0);
  });

  it('reads the text searchText makes of the same fields, the repeated fields folded once', () => {
    for (const seed of [undefined, 99]) {
      const data = generateDemoData({ catalogSize: 5_000, seed, now: new Date('2026-11-22T09:00:00.000Z') });
      const suppliers = new Map(data.suppliers.map((supplier) => [supplier.id, supplier]));
      const texts = new DemoSearchText();
      const differing = data.products.filter((product) => {
        const supplier = suppliers.get(product.supplierId)!;
        const expected = searchText([product.name, product.brand, product.varietal, product.region, product.appellation, product.sku, supplier.name, supplier.dbaName]);
        return texts.of(product, supplier) !== expected;
      });
      expect(differing).toEqual([]);
    }
    const accented = { name: 'Château Ωμέγα Σ', brand: 'ΣΑΣ', varietal: 'Grüner Veltliner', region: 'Rías Baixas', appellation: 'Côte-Rôtie', sku: 'ABC-00001' };
    expect(new DemoSearchText().of(accented as never, { name: 'Bodega Ñandú', dbaName: null } as never)).toBe(
      searchText([accented.name, accented.brand, accented.varietal, accented.region, accented.appellation, accented.sku, 'Bodega Ñandú', null]),
    );
  });

  it('repeats a word at each of its positions, the lexemes in the order a tsvector keeps them', () => {
    expect(searchDocumentLexemes('napa red napa 2019')).toEqual([
      { lexeme: '2019', positions: [4] },
      { lexeme: 'napa', positions: [1, 3] },
      { lexeme: 'red', positions: [2] },
    ]);
    expect(searchDocumentLexemes('')).toEqual([]);
  });

  it('orders lexemes by their UTF-8 bytes, a shorter prefix first, and counts an empty word as a position', () => {
    expect(searchDocumentLexemes('ab a ñ z  a abc').map(({ lexeme, positions }) => `${lexeme}:${positions.join(',')}`)).toEqual([
      'a:2,6',
      'ab:1',
      'abc:7',
      'z:4',
      'ñ:3',
    ]);
  });
});
