import type { DemoProduct } from './products';
import { SearchDocumentWords, type DemoSearchText } from './search-document';
import type { DemoSupplier } from './wineries';
import { writeUtf8 } from './write-utf8';

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
  private readonly words = new SearchDocumentWords();
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

  /** UTF-8 text of `value`, after its length. */
  text(value: string | null): void {
    if (value === null) return this.null();
    this.room(4 + value.length * 3);
    const lengthAt = this.length;
    this.length += 4;
    const written = writeUtf8(value, this.buffer, this.length);
    this.view.setInt32(lengthAt, written);
    this.length += written;
  }

  /** A tsvector (tsvector's binary input) of the folded text: its lexemes in order, each NUL-terminated with its positions. */
  tsvector(foldedText: string): void {
    const words = this.words;
    const count = words.read(foldedText);
    const lengthAt = this.length;
    this.int32(0);
    const start = this.length;
    this.int32(count);
    for (let rank = 0; rank < count; rank += 1) {
      const first = words.firstWord(rank);
      const end = words.end(first);
      this.room(end - words.start(first) + 1);
      const { buffer } = this;
      const { bytes } = words;
      for (let at = words.start(first); at < end; at += 1) buffer[this.length++] = bytes[at] as number;
      buffer[this.length++] = 0;
      let kept = 0;
      for (let word = first; word >= 0; word = words.nextWord(word)) {
        kept += 1;
        if (kept === MAX_POSITIONS || word + 1 >= MAX_POSITION) break;
      }
      this.int16(kept);
      for (let word = first, index = 0; index < kept; word = words.nextWord(word), index += 1) this.int16(Math.min(word + 1, MAX_POSITION));
    }
    this.view.setInt32(lengthAt, this.length - start);
  }

  /** The bytes written since the last take, copied out; the writer starts again at its beginning (keeping its buffer). */
  take(): Uint8Array {
    const written = this.buffer.slice(0, this.length);
    this.length = 0;
    return written;
  }
}

/**
 * The rows of products in COPY's binary format (columns PRODUCT_COPY_COLUMNS, then
 * search_document), one COPY statement's whole input at a time, signature to trailer: the
 * products are added a batch at a time as they are drawn, then the input is taken. Made in the
 * product worker while the seeding thread copies the chunk before. The same rows as the COPY text
 * seeding wrote before (test/server/demo/product-copy-binary.test.ts compares them in the database).
 */
export class ProductCopyInput {
  private readonly out = new CopyWriter();
  private started = false;

  constructor(
    private readonly supplierById: ReadonlyMap<string, DemoSupplier>,
    private readonly texts: DemoSearchText,
  ) {}

  /** The next products' rows. */
  add(products: readonly DemoProduct[]): void {
    const { out, supplierById, texts } = this;
    if (!this.started) out.bytes(SIGNATURE);
    this.started = true;
    for (const product of products) {
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
  }

  /** The input of the products added since the last take (none: an input of no rows). */
  take(): Uint8Array {
    if (!this.started) this.out.bytes(SIGNATURE);
    this.started = false;
    this.out.int16(-1);
    return this.out.take();
  }
}

/** The COPY input of `chunk` alone (see ProductCopyInput). */
export function productCopyBinary(chunk: readonly DemoProduct[], supplierById: ReadonlyMap<string, DemoSupplier>, texts: DemoSearchText): Uint8Array {
  const input = new ProductCopyInput(supplierById, texts);
  input.add(chunk);
  return input.take();
}
