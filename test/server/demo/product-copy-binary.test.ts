import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../../server/db/database';
import { products } from '../../../server/db/schema';
import { copyBinary } from '../../../server/demo/bulk-insert';
import { generateDemoData } from '../../../server/demo/generate';
import { productColumns } from '../../../server/demo/product-columns';
import { productCopyBinary } from '../../../server/demo/product-copy-binary';
import { PRODUCT_COPY_COLUMNS } from '../../../server/demo/product-source';
import type { DemoProduct } from '../../../server/demo/products';
import { DemoSearchText } from '../../../server/demo/search-document';
import type { DemoSupplier } from '../../../server/demo/wineries';
import { withEmptyDatabase } from '../../support/empty-pglite';
import { tsvectorLiteral } from '../../support/tsvector-literal';

/** One value in COPY's text format: `\N` for NULL, backslash, newline, return and tab escaped. */
const copyValue = (value: string | number | null): string =>
  value === null ? '\\N' : String(value).replace(/[\\\n\r\t]/g, (character) => ({ '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' })[character] as string);

/**
 * The products as COPY text from the column arrays (how seeding wrote them before the binary
 * format, kept as the reference): each column's value, then the search document.
 */
function copyText(chunk: readonly DemoProduct[], supplierById: ReadonlyMap<string, DemoSupplier>): string {
  const { columns, searchTexts } = productColumns(chunk, supplierById, new DemoSearchText());
  return searchTexts.map((text, row) => [...columns.map((column) => copyValue(column.values[row] as string | number | null)), copyValue(tsvectorLiteral(text))].join('\t')).join('\n');
}

/** Every column of the table's rows as text, in id order (ordinal aside: the identity numbers each table anew). */
async function rowsAsText(db: Database, table: string): Promise<string[]> {
  const result = await db.execute(sql.raw(`select (${PRODUCT_COPY_COLUMNS.map((column) => `"${column}"`).join(', ')}, search_document)::text as row from "${table}" order by id`));
  return rowsOf<{ row: string }>(result).map(({ row }) => row);
}

/** The rows a COPY of the binary input and a COPY of the reference text leave in two tables like products. */
async function copiedBothWays(chunk: readonly DemoProduct[], supplierById: ReadonlyMap<string, DemoSupplier>): Promise<{ binary: string[]; text: string[] }> {
  let rows = { binary: [] as string[], text: [] as string[] };
  await withEmptyDatabase(async ({ db, client }) => {
    for (const table of ['binary_rows', 'text_rows']) await client.exec(`create table ${table} (like products including defaults including identity)`);
    const textColumns = [...PRODUCT_COPY_COLUMNS, 'search_document'].map((column) => `"${column}"`).join(', ');
    await client.query(`copy text_rows (${textColumns}) from '/dev/blob'`, [], { blob: new Blob([copyText(chunk, supplierById)]) });
    await db.transaction(async (tx) => {
      await copyBinary(tx, { ...products, [Symbol.for('drizzle:Name')]: 'binary_rows' } as never, PRODUCT_COPY_COLUMNS, productCopyBinary(chunk, supplierById, new DemoSearchText()), false);
    });
    rows = { binary: await rowsAsText(db, 'binary_rows'), text: await rowsAsText(db, 'text_rows') };
  });
  return rows;
}

describe("the demo products' COPY input in binary format", () => {
  const data = generateDemoData({ catalogSize: 3_000, now: new Date('2026-11-22T09:00:00.000Z'), seed: 11 });
  const supplierById = new Map(data.suppliers.map((supplier) => [supplier.id, supplier]));

  it('begins with the signature of COPY binary format and ends with its trailer', () => {
    const bytes = productCopyBinary(data.products.slice(0, 2), supplierById, new DemoSearchText());
    expect([...bytes.subarray(0, 11)]).toEqual([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xff]);
  });

  it('leaves in the database the rows the COPY text of the column arrays leaves, for a demo catalog', async () => {
    const { binary, text } = await copiedBothWays(data.products, supplierById);
    expect(binary).toHaveLength(3_000);
    expect(binary).toEqual(text);
  });

  it('the same whatever the characters, without a vintage, with separators in the text, past its first buffer', async () => {
    const [first] = data.products as [DemoProduct];
    const odd: DemoProduct[] = [
      { ...first, id: 'p-long', name: 'Château Ünïcödé 🍷 '.repeat(200), tastingNotes: 'é'.repeat(400_000), sku: 'LONG-1' },
      { ...first, id: 'p-odd', name: 'Tab\there, new\nline\\back\rslash', vintage: null, description: 'a\\Nb', abv: 12.35, sku: 'ODD-1' },
      { ...first, id: 'p-many', name: Array.from({ length: 300 }, () => 'cab napa').join(' '), sku: 'MANY-1' },
    ];
    const { binary, text } = await copiedBothWays(odd, supplierById);
    expect(binary).toHaveLength(3);
    expect(binary).toEqual(text);
  });
});
