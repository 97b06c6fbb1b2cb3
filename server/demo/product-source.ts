import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { startWorker, type WorkerEntry } from '../threads/start-worker';
import { ListingIndexCollector, type ListingIndexParts } from '../store/catalog/listing-index-handover';
import { DEFAULT_CATALOG_SIZE, DEMO_PRODUCT_BATCH, DEMO_PRODUCT_CHUNK, streamDemoData, type DemoDataOptions, type DemoPeople } from './generate';
import { productColumns } from './product-columns';
import { DemoSearchText } from './search-document';
import { ProductCopyInput } from './product-copy-binary';
import type { DemoSupplier } from './wineries';

/** One chunk of products as one COPY's input in binary format (see productCopyBinary) and how many products it holds. */
export interface CopyChunk {
  bytes: Uint8Array;
  count: number;
}

/**
 * The demo data as seeding takes it: the suppliers, then the products a chunk at a time
 * as COPY input, then the people (drawn after every product, see streamDemoData). The same seed,
 * size and `now` give the same data whether it is made here or in a worker thread.
 */
export interface DemoProductSource {
  suppliers: DemoSupplier[];
  chunks(): AsyncIterable<CopyChunk>;
  people(): Promise<DemoPeople>;
  /** The parts of the listings index of every product, in the order they were given (after every chunk was taken); null when not collected. */
  listingIndex(): Promise<ListingIndexParts | null>;
  /** Stops the worker, if any (also after a failure). */
  close(): Promise<void>;
}

/** The columns of a CopyChunk's rows, in order (search_document follows them). */
export const PRODUCT_COPY_COLUMNS: readonly string[] = productColumns([], new Map(), new DemoSearchText()).columns.map((column) => column.name);

/** The demo data with the products as COPY input, made on the thread that takes it (see demoCopyInput). */
export interface DemoCopyInput {
  suppliers: DemoSupplier[];
  /** The products' COPY input, DEMO_PRODUCT_CHUNK products a chunk. */
  chunks: Iterable<CopyChunk>;
  /** Drawn after every chunk was taken. */
  people(): DemoPeople;
  /** The parts of the products' listings index, after every chunk was taken; null when not collected. */
  listingIndex(): ListingIndexParts | null;
}

/**
 * The demo data of `options` with the products as COPY input: drawn DEMO_PRODUCT_BATCH at a time,
 * each batch's rows written (and its listings index values collected) before the next is drawn,
 * DEMO_PRODUCT_CHUNK products to a chunk. It remembers folded supplier and vocabulary text from one
 * product to the next.
 */
export function demoCopyInput(options: ProductSourceOptions): DemoCopyInput {
  const stream = streamDemoData(options, DEMO_PRODUCT_BATCH);
  const input = new ProductCopyInput(new Map(stream.suppliers.map((supplier) => [supplier.id, supplier])), new DemoSearchText());
  const collector = options.listingIndex ? new ListingIndexCollector(options.catalogSize ?? DEFAULT_CATALOG_SIZE) : null;
  function* chunks(): Generator<CopyChunk, void, undefined> {
    let count = 0;
    for (const batch of stream.productChunks) {
      input.add(batch);
      collector?.add(batch);
      count += batch.length;
      if (count < DEMO_PRODUCT_CHUNK) continue;
      yield { bytes: input.take(), count };
      count = 0;
    }
    if (count > 0) yield { bytes: input.take(), count };
  }
  return {
    suppliers: stream.suppliers,
    chunks: chunks(),
    people: () => stream.people(),
    listingIndex: () => collector?.finish() ?? null,
  };
}

/** The demo data made on this thread, between the database's statements. */
export function demoProductsHere(options: ProductSourceOptions): DemoProductSource {
  const data = demoCopyInput(options);
  return {
    suppliers: data.suppliers,
    async *chunks() {
      yield* data.chunks;
    },
    people: async () => data.people(),
    listingIndex: async () => data.listingIndex(),
    close: async () => undefined,
  };
}

/**
 * What a product source makes: the demo data, and whether it also collects the parts of the
 * products' listings index (seeding on PGlite hands them to the store; PostgreSQL reads its own).
 * The product worker's `workerData`.
 */
export type ProductSourceOptions = DemoDataOptions & { listingIndex: boolean };

/** Messages of the product worker (server/demo/product-worker.ts) to the thread that seeds. */
export type ProductWorkerMessage =
  | { kind: 'suppliers'; suppliers: DemoSupplier[] }
  | { kind: 'chunk'; chunk: CopyChunk }
  | { kind: 'people'; people: DemoPeople }
  | { kind: 'listing-index'; parts: ListingIndexParts }
  | { kind: 'failed'; message: string };

/** What the thread that seeds sends the worker: one more chunk may be made. */
export const MORE = 'more';

/** Chunks the worker makes ahead of the COPY that takes them: enough to keep both threads busy, few enough to bound memory (a chunk of 5,000 products is about 5 MB). */
export const CHUNKS_AHEAD = 2;

/** The built worker beside a bundle (scripts/main-entries.ts names it), else the TypeScript source beside this file. */
export function productWorkerEntry(): WorkerEntry {
  const here = dirname(fileURLToPath(import.meta.url));
  const bundled = join(here, 'demo-product-worker.js');
  return existsSync(bundled) ? bundled : join(here, 'product-worker.ts');
}

/**
 * The demo data made in a worker thread while the database takes the chunks before (PGlite on this thread):
 * making a product and its COPY row costs about as much CPU as the COPY itself, so on two cores
 * seeding takes the longer of the two rather than their sum. Rejects when the worker cannot start.
 */
export async function demoProductsInWorker(options: ProductSourceOptions, entry: WorkerEntry = productWorkerEntry()): Promise<DemoProductSource> {
  const worker: Worker = startWorker(entry, options);
  const waiting: ProductWorkerMessage[] = [];
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  const settle = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (message: ProductWorkerMessage) => {
    waiting.push(message);
    settle();
  });
  worker.on('error', (error) => {
    failure ??= error;
    settle();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`the demo product worker stopped (exit code ${code}) before the demo data was made`);
    settle();
  });
  const next = async (): Promise<ProductWorkerMessage> => {
    for (;;) {
      const message = waiting.shift();
      if (message) {
        if (message.kind === 'failed') throw new Error(`the demo product worker failed: ${message.message}`);
        return message;
      }
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  const expect = async <K extends ProductWorkerMessage['kind']>(kind: K): Promise<Extract<ProductWorkerMessage, { kind: K }>> => {
    const message = await next();
    if (message.kind !== kind) throw new Error(`the demo product worker sent ${message.kind} where ${kind} was due`);
    return message as Extract<ProductWorkerMessage, { kind: K }>;
  };
  const close = async () => {
    worker.removeAllListeners('exit');
    await worker.terminate();
  };
  try {
    const { suppliers } = await expect('suppliers');
    let people: DemoPeople | null = null;
    return {
      suppliers,
      async *chunks() {
        for (;;) {
          const message = await next();
          if (message.kind === 'people') {
            people = message.people;
            return;
          }
          if (message.kind !== 'chunk') throw new Error(`the demo product worker sent ${message.kind} among the chunks`);
          worker.postMessage(MORE);
          yield message.chunk;
        }
      },
      people: async () => {
        if (!people) throw new Error('the demo products must all be taken before the buyers are drawn');
        return people;
      },
      listingIndex: async () => {
        if (!options.listingIndex) return null;
        if (!people) throw new Error('the demo products must all be taken before their listings index is ready');
        return (await expect('listing-index')).parts;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
