import { describe, expect, it } from 'vitest';
import { CatalogSearchInput } from '../../../shared/bridge';
import { createCatalogSearch } from '../../../electron/core/search/catalog-search';
import { makeCatalog } from '../search/catalog-fixture';
import { catalogDatabase } from '../search/catalog-database';

describe('catalog search restricted to the favourites', () => {
  it('keeps only the given products, with text and filters, and counts facets over them', async () => {
    const catalog = makeCatalog(300);
    const index = createCatalogSearch(catalogDatabase(catalog.map((product) => product.item), '2026-11-22T08:00:00.000Z', catalog));
    const items = catalog.map((product) => product.item);
    const starred = [items[3]!, items[150]!, items[299]!];
    const onlyIds = starred.map((product) => product.id);
    const result = index.search({ ...CatalogSearchInput.parse({ limit: 50 }), onlyIds });
    expect(result.total).toBe(3);
    expect(result.items.map((item) => item.id).sort()).toEqual([...onlyIds].sort());
    const facetTotal = result.facets.supplier.reduce((sum, facet) => sum + facet.count, 0);
    expect(facetTotal).toBe(3);
    const withText = index.search({ ...CatalogSearchInput.parse({ text: starred[1]!.name, limit: 50 }), onlyIds });
    expect(withText.items.map((item) => item.id)).toEqual([starred[1]!.id]);
    expect(index.search({ ...CatalogSearchInput.parse({}), onlyIds: [] }).total).toBe(0);
  });
});
