import { CatalogSearchInput } from '../../../shared/bridge';
import { createCatalogSearch } from '../../../electron/core/search/catalog-search';
import { catalogDatabase } from './catalog-database';
import { createReferenceSearch } from './reference-search';
import { makeCatalog } from './catalog-fixture';
const items = makeCatalog(40).map((p, n) => ({ ...p.item, name: n % 5 === 0 ? `zz valley ${n}` : `aa wine ${n}`, region: 'Napa Valley' }));
const db = catalogDatabase(items, '2026-11-22T08:00:00.000Z');
const s = createCatalogSearch(db, { orderWalks: 'always' });
const r = createReferenceSearch(db);
for (const q of [{ text: 'valley', limit: 3 }, { text: 'valley', varietal: 'Chardonnay', limit: 3 }]) {
  const p = CatalogSearchInput.parse(q);
  console.log(s.search(p).items.map((i) => i.name).join(', '));
  console.log(r.search(p).items.map((i) => i.name).join(', '));
}
