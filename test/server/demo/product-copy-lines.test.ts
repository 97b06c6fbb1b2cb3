import { describe, expect, it } from 'vitest';
import { copyValue, type BulkColumn } from '../../../server/demo/bulk-insert';
import { generateDemoData } from '../../../server/demo/generate';
import { productColumns } from '../../../server/demo/product-columns';
import { productCopyBytes } from '../../../server/demo/product-copy-lines';
import type { DemoProduct } from '../../../server/demo/products';
import { DemoSearchText, searchDocumentText } from '../../../server/demo/search-document';

/**
 * COPY text from column arrays, a line per row: each column's value, then the search document
 * (how seeding made its COPY text before productCopyBytes, kept here as the reference).
 */
function copyText(columns: readonly BulkColumn[], searchDocuments: readonly string[]): string {
  return searchDocuments.map((document, row) => [...columns.map((column) => copyValue(column.values[row] as string | number | null)), copyValue(document)].join('\t')).join('\n');
}

/** The COPY text as the column arrays give it. */
function viaColumns(products: readonly DemoProduct[], supplierById: ReadonlyMap<string, never>): string {
  const { columns, searchTexts } = productColumns(products, supplierById, new DemoSearchText());
  return copyText(columns, searchTexts.map(searchDocumentText));
}

/** The COPY text productCopyBytes gives, decoded. */
const copyLines = (...args: Parameters<typeof productCopyBytes>): string => new TextDecoder().decode(productCopyBytes(...args));

describe('the demo products COPY text', () => {
  const data = generateDemoData({ catalogSize: 3_000, now: new Date('2026-11-22T09:00:00.000Z'), seed: 11 });
  const supplierById = new Map(data.suppliers.map((supplier) => [supplier.id, supplier]));

  it('are the text the column arrays give, for a demo catalog', () => {
    const lines = copyLines(data.products, supplierById, new DemoSearchText());
    expect(lines.split('\n')).toHaveLength(3_000);
    expect(lines).toBe(viaColumns(data.products, supplierById as never));
  });

  it('is the same in UTF-8 whatever the characters, when the buffer grows past its first size', () => {
    const [first] = data.products;
    const long: DemoProduct = { ...(first as DemoProduct), name: 'Château Ünïcödé 🍷 '.repeat(200), tastingNotes: 'é'.repeat(5_000) };
    const bytes = productCopyBytes([long, first as DemoProduct, long], supplierById, new DemoSearchText());
    expect(bytes).toEqual(new TextEncoder().encode(viaColumns([long, first as DemoProduct, long], supplierById as never)));
  });

  it('escape what COPY reads as a separator and write no vintage as NULL, as the column arrays do', () => {
    const [first] = data.products;
    const odd: DemoProduct = { ...(first as DemoProduct), name: 'Tab\there, new\nline\\back\rslash', vintage: null, description: 'a\\Nb', abv: 12.35 };
    const lines = copyLines([odd], supplierById, new DemoSearchText());
    expect(lines).toBe(viaColumns([odd], supplierById as never));
    expect(lines.split('\t')[2]).toBe('Tab\\there, new\\nline\\\\back\\rslash');
    expect(lines.split('\t')[5]).toBe('\\N');
    expect(lines.split('\n')).toHaveLength(1);
  });
});
