import type { CatalogProduct } from '../../../shared';
import type { ProductFacts } from '../../../electron/core/search/product-codes';

const suppliers = [
  { id: 'sup_napa', name: 'Silverado Cellars', location: 'Napa, CA', country: 'USA', region: 'Napa Valley' },
  { id: 'sup_sonoma', name: 'Russian River Estates', location: 'Healdsburg, CA', country: 'USA', region: 'Sonoma' },
  { id: 'sup_bordeaux', name: 'Château Lumière', location: 'Pauillac, FR', country: 'France', region: 'Bordeaux' },
  { id: 'sup_mendoza', name: 'Bodega Andes', location: 'Mendoza, AR', country: 'Argentina', region: 'Mendoza' },
];
const varietals = ['Cabernet Sauvignon', 'Chardonnay', 'Pinot Noir', 'Malbec', 'Merlot', 'Rosé'];

export interface FixtureProduct {
  item: CatalogProduct;
  facts: ProductFacts;
}

/** A deterministic small catalog: product n is varietal n % 6 from supplier n % 4. */
export function makeCatalog(count: number): FixtureProduct[] {
  return Array.from({ length: count }, (_, n) => {
    const supplier = suppliers[n % suppliers.length]!;
    const varietal = varietals[n % varietals.length]!;
    const id = `prod_${String(n).padStart(5, '0')}`;
    const item: CatalogProduct = {
      id,
      name: `${supplier.name.split(' ')[0]} ${varietal} Reserve ${n}`,
      brand: supplier.name,
      varietal,
      vintage: 2015 + (n % 8),
      region: supplier.region,
      appellation: n % 5 === 0 ? null : `${supplier.region} AVA`,
      abv: 13.5,
      size_ml: 750,
      pack_size: 12,
      case_price_cents: 10_000 + ((n * 7919) % 50_000),
      bottle_price_cents: 1_000,
      inventory_available: n % 7 === 0 ? 0 : 10 + n,
      minimum_order: 1,
      supplier: { id: supplier.id, name: supplier.name, location: supplier.location },
      image_url: `https://images.example.test/${id}.jpg`,
      created_at: new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString(),
    };
    const facts: ProductFacts = {
      id,
      sku: `SKU-${supplier.id.slice(4, 7).toUpperCase()}-${n}`,
      upc: String(100_000_000_000 + n),
      country: supplier.country,
    };
    return { item, facts };
  });
}
