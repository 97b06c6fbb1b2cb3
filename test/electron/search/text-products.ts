import fc from 'fast-check';
import type { CatalogProduct } from '../../../shared';
import { makeCatalog } from './catalog-fixture';

const base = makeCatalog(1)[0]!.item;
/** Words that fold alike or not: case, accents, repeats, punctuation, empties. */
const word = fc.constantFrom('Rosé', 'rose', 'ROSE', 'Pinot', 'pinot', 'Noir', 'Château', 'chateau', 'Valley', '', 'Reserve', 'reserve!', '2019', 'Napa');
const text = fc.array(word, { maxLength: 4 }).map((words) => words.join(' '));
/** Catalog products whose texts are made of `word`s (prices vary too). */
export const product: fc.Arbitrary<CatalogProduct> = fc
  .record({ name: text, brand: text, varietal: text, region: text, appellation: fc.option(text), supplier: text, vintage: fc.option(fc.integer({ min: 2015, max: 2017 })), price: fc.integer({ min: 1, max: 3 }) })
  .map((fields) => ({
    ...base,
    name: fields.name,
    brand: fields.brand,
    varietal: fields.varietal,
    region: fields.region,
    appellation: fields.appellation,
    supplier: { ...base.supplier, name: fields.supplier },
    vintage: fields.vintage,
    case_price_cents: fields.price,
  }));
