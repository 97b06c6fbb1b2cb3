import type { DemoProduct } from './products';
import { searchDocumentLexemes, type DemoSearchText } from './search-document';
import type { DemoSupplier } from './wineries';

/** COPY's binary format: its signature, then flags and the header extension's length (both 0). */
const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0];
/** The values of a row: PRODUCT_COPY_COLUMNS (22), then the search document. */
const FIELDS = 23;
/** PostgreSQL's timestamps count microseconds from 2000-01-01 UTC. */
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
const TWO_32 = 2 ** 32;
/** A tsvector keeps positions below 2^14 (MAXENTRYPOS) and at most 256 of a lexeme (MAXNUMPOS), as to_tsvector and tsvector_in do. */
const MAX_POSITION = 2 ** 14 - 1;
const MAX_POSITIONS = 256;

const encoder = new TextEncoder();

/**
 * Writes the products' rows in COPY's binary format into one buffer that grows as needed: the
 * values as PostgreSQL keeps them (integers, the float, timestamps and the search document's
 * tsvector), which the database only checks and copies, where COPY text had every integer,
 * timestamp and lexeme parsed on the thread that runs PGlite: 200,000 products' COPY took 3.0–3.2 s
 * of that thread's CPU in binary against 5.0–6.1 s as text (docs/benchmarks.md, "Seeding a
 * million products on PGlite"). The lexemes go in the order a tsvector keeps them (by their UTF-8
 * bytes), so the database need not sort them.
 */
class CopyWriter {
  private buffer = new Uint8Array(1 << 20);
  private view = new DataView(this.buffer.buffer);
  length = 0;

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const larger = new Uint8Array(Math.max(this.buffer.length * 2, this.length + bytes));
    larger.set(this.buffer.subarray(0, this.length));
    this.buffer = larger;
    this.view = new DataView(larger.buffer);
  }

  bytes(values: readonly number[]): void {
    this.room(values.length);
    this.buffer.set(values, this.length);
    this.length += values.length;
  }

  int16(value: number): void {
    this.room(2);
    this.view.setInt16(this.length, value);
    this.length += 2;
  }

  int32(value: number): void {
    this.room(4);
    this.view.setInt32(this.length, value);
    this.length += 4;
  }

  /** A NULL value: length −1. */
  null(): void {
    this.int32(-1);
  }

  /** An int4 value (a value that is not one is refused, as COPY text would be). */
  int4(value: number | null): void {
    if (value === null) return this.null();
    if (!Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 31) throw new RangeError(`not an int4: ${value}`);
    this.int32(4);
    this.int32(value);
  }

  float8(value: number | null): void {
    if (value === null) return this.null();
    this.int32(8);
    this.room(8);
    this.view.setFloat64(this.length, value);
    this.length += 8;
  }

  /** A timestamptz value: microseconds since 2000-01-01 UTC as 64 bits. */
  timestamp(date: Date): void {
    const micros = (date.getTime() - POSTGRES_EPOCH_MS) * 1000;
    if (!Number.isSafeInteger(micros)) throw new RangeError(`not a timestamp: ${date.toISOString()}`);
    const high = Math.floor(micros / TWO_32);
    this.int32(8);
    this.int32(high);
    this.room(4);
    this.view.setUint32(this.length, micros - high * TWO_32);
    this.length += 4;
  }

  /** Writes `value` as UTF-8 where the buffer has room for it (3 bytes a UTF-16 unit) and returns its length in bytes. */
  private utf8(value: string): number {
    return encoder.encodeInto(value, this.buffer.subarray(this.length)).written;
  }

  /** UTF-8 text of `value`, after its length. */
  text(value: string | null): void {
    if (value === null) return this.null();
    this.room(4 + value.length * 3);
    const lengthAt = this.length;
    this.length += 4;
    const written = this.utf8(value);
    this.view.setInt32(lengthAt, written);
    this.length += written;
  }

  /** A tsvector (tsvector's binary input): its lexemes, each NUL-terminated with its positions. */
  tsvector(foldedText: string): void {
    const lexemes = searchDocumentLexemes(foldedText).sort((a, b) => (a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : 0));
    const lengthAt = this.length;
    this.int32(0);
    const start = this.length;
    this.int32(lexemes.length);
    for (const { lexeme, positions } of lexemes) {
      this.room(lexeme.length * 3 + 1);
      this.length += this.utf8(lexeme);
      this.buffer[this.length++] = 0;
      let kept = 0;
      for (const position of positions) {
        kept += 1;
        if (kept === MAX_POSITIONS || position >= MAX_POSITION) break;
      }
      this.int16(kept);
      for (let index = 0; index < kept; index += 1) this.int16(Math.min(positions[index] as number, MAX_POSITION));
    }
    this.view.setInt32(lengthAt, this.length - start);
  }

  done(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

/**
 * The rows of a chunk of products in COPY's binary format (columns PRODUCT_COPY_COLUMNS, then
 * search_document): one COPY statement's whole input, signature to trailer. Made in the product
 * worker while the seeding thread copies the chunk before. The same rows as the COPY text seeding
 * wrote before (test/server/demo/product-copy-binary.test.ts compares them in the database).
 */
export function productCopyBinary(chunk: readonly DemoProduct[], supplierById: ReadonlyMap<string, DemoSupplier>, texts: DemoSearchText): Uint8Array {
  const out = new CopyWriter();
  out.bytes(SIGNATURE);
  for (const product of chunk) {
    out.int16(FIELDS);
    out.text(product.id);
    out.text(product.supplierId);
    out.text(product.name);
    out.text(product.brand);
    out.text(product.varietal);
    out.int4(product.vintage);
    out.text(product.region);
    out.text(product.appellation);
    out.text(product.country);
    out.float8(product.abv);
    out.int4(product.sizeMl);
    out.int4(product.packSize);
    out.int4(product.casePriceCents);
    out.int4(product.bottlePriceCents);
    out.int4(product.inventoryAvailable);
    out.int4(product.minimumOrder);
    out.text(product.sku);
    out.text(product.upc);
    out.text(product.description);
    out.text(product.tastingNotes);
    out.timestamp(product.createdAt);
    out.timestamp(product.createdAt);
    out.tsvector(texts.of(product, supplierById.get(product.supplierId)));
  }
  out.int16(-1);
  return out.done();
}
