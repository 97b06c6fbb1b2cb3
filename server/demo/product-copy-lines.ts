import { copyValue } from './bulk-insert';
import type { DemoProduct } from './products';
import { searchDocumentText, type DemoSearchText } from './search-document';
import type { DemoSupplier } from './wineries';

/**
 * A demo product's line of COPY text, from the product itself: its values in PRODUCT_COPY_COLUMNS'
 * order (the columns productColumns gives PostgreSQL's inserts), then the search document; the
 * same text as COPY text written from productColumns' arrays (test/server/demo/product-copy-lines.test.ts).
 */
export function productCopyLine(product: DemoProduct, supplier: DemoSupplier | undefined, texts: DemoSearchText): string {
  const createdAt = product.createdAt.toISOString();
  return (
    `${copyValue(product.id)}\t${copyValue(product.supplierId)}\t${copyValue(product.name)}\t${copyValue(product.brand)}\t${copyValue(product.varietal)}\t` +
    `${copyValue(product.vintage)}\t${copyValue(product.region)}\t${copyValue(product.appellation)}\t${copyValue(product.country)}\t${product.abv}\t` +
    `${product.sizeMl}\t${product.packSize}\t${product.casePriceCents}\t${product.bottlePriceCents}\t${product.inventoryAvailable}\t${product.minimumOrder}\t` +
    `${copyValue(product.sku)}\t${copyValue(product.upc)}\t${copyValue(product.description)}\t${copyValue(product.tastingNotes)}\t${createdAt}\t${createdAt}\t` +
    copyValue(searchDocumentText(texts.of(product, supplier)))
  );
}

const encoder = new TextEncoder();
const NEWLINE = 0x0a;

/**
 * The COPY text of a chunk of products as UTF-8, each line encoded as it is made into one buffer
 * that grows as needed: no column arrays, and no string of the whole chunk (several MB, which
 * outlived V8's young generation). Made in the product worker while the seeding thread copies the
 * chunk before; at 200,000 products that worker spent 7.7 s of CPU and seeding's COPY 5.7 s,
 * and a third of the worker's time was garbage collection.
 */
export function productCopyBytes(chunk: readonly DemoProduct[], supplierById: ReadonlyMap<string, DemoSupplier>, texts: DemoSearchText): Uint8Array {
  let buffer = new Uint8Array(Math.max(1024, chunk.length * 1024));
  let length = 0;
  for (let row = 0; row < chunk.length; row += 1) {
    const product = chunk[row] as DemoProduct;
    const line = productCopyLine(product, supplierById.get(product.supplierId), texts);
    // UTF-8 takes at most 3 bytes per UTF-16 unit, and 1 for the newline.
    if (length + line.length * 3 + 1 > buffer.length) {
      const larger = new Uint8Array(Math.max(buffer.length * 2, length + line.length * 3 + 1));
      larger.set(buffer.subarray(0, length));
      buffer = larger;
    }
    if (row > 0) buffer[length++] = NEWLINE;
    length += encoder.encodeInto(line, buffer.subarray(length)).written;
  }
  return buffer.slice(0, length);
}
