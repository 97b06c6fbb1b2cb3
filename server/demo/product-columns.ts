import type { BulkColumn } from './bulk-insert';
import type { DemoProduct } from './products';
import type { DemoSearchText } from './search-document';
import type { DemoSupplier } from './wineries';

/** One chunk of products as a statement's column arrays (see bulk-insert.ts), and their search text. */
export function productColumns(chunk: readonly DemoProduct[], supplierById: ReadonlyMap<string, DemoSupplier>, texts: DemoSearchText): { columns: BulkColumn[]; searchTexts: string[] } {
  const column = <K extends keyof DemoProduct>(name: string, type: string, key: K, map: (value: DemoProduct[K]) => string | number | null = (value) => value as string | number | null) => ({
    name,
    type,
    values: chunk.map((product) => map(product[key])),
  });
  const iso = (date: Date) => date.toISOString();
  return {
    columns: [
      column('id', 'text', 'id'),
      column('supplier_id', 'text', 'supplierId'),
      column('name', 'text', 'name'),
      column('brand', 'text', 'brand'),
      column('varietal', 'text', 'varietal'),
      column('vintage', 'int4', 'vintage'),
      column('region', 'text', 'region'),
      column('appellation', 'text', 'appellation'),
      column('country', 'text', 'country'),
      column('abv', 'float8', 'abv'),
      column('size_ml', 'int4', 'sizeMl'),
      column('pack_size', 'int4', 'packSize'),
      column('case_price_cents', 'int4', 'casePriceCents'),
      column('bottle_price_cents', 'int4', 'bottlePriceCents'),
      column('inventory_available', 'int4', 'inventoryAvailable'),
      column('minimum_order', 'int4', 'minimumOrder'),
      column('sku', 'text', 'sku'),
      column('upc', 'text', 'upc'),
      column('description', 'text', 'description'),
      column('tasting_notes', 'text', 'tastingNotes'),
      column('created_at', 'timestamptz', 'createdAt', iso),
      column('updated_at', 'timestamptz', 'createdAt', iso),
    ],
    searchTexts: chunk.map((product) => texts.of(product, supplierById.get(product.supplierId))),
  };
}
