import MiniSearch from 'minisearch';
import type { CatalogProduct } from '../../shared';
import { FIELD_BOOST, FUZZINESS, MIN_FUZZY_TERM_LENGTH, TEXT_FIELDS, foldTerm, textOf, type TextField } from '../../electron/core/search/text-terms';
import { generateDemoData } from '../../server/demo/generate';

/** The demo generator's products with the fields free-text search reads (the rest left out). */
export function demoCatalogText(size: number): { products: CatalogProduct[]; text: (position: number, field: TextField) => string } {
  const data = generateDemoData({ catalogSize: size, now: new Date('2026-11-01T00:00:00Z') });
  const supplierName = new Map(data.suppliers.map((supplier) => [supplier.id, supplier.name]));
  const products = data.products.map(
    (product) =>
      ({
        id: product.id,
        name: product.name,
        brand: product.brand,
        varietal: product.varietal,
        region: product.region,
        appellation: product.appellation,
        supplier: { id: product.supplierId, name: supplierName.get(product.supplierId)! },
      }) as CatalogProduct,
  );
  return { products, text: (position, field) => textOf(products[position]!, field) };
}

/** MiniSearch configured with the text index's words, prefix and typo rules: what the text index is checked against. */
export function miniSearchLikeTextIndex(text: (position: number, field: TextField) => string): MiniSearch<number> {
  return new MiniSearch<number>({
    idField: 'position',
    fields: [...TEXT_FIELDS],
    extractField: (position, field) => (field === 'position' ? position : text(position, field as TextField)),
    processTerm: (term) => foldTerm(term) || null,
    searchOptions: {
      combineWith: 'AND',
      prefix: (_term, index, terms) => index === terms.length - 1,
      fuzzy: (term) => (term.length >= MIN_FUZZY_TERM_LENGTH ? FUZZINESS : false),
      boost: FIELD_BOOST,
    },
  });
}
