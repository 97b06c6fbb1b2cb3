import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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
 * DEMO_PRODUCT_CHUNK products to a chunk (only the chunks of `options.share`, when given). It
 * remembers folded supplier and vocabulary text from one product to the next.
 */
export function demoCopyInput(options: ProductSourceOptions): DemoCopyInput {
  const stream = streamDemoData(options, DEMO_PRODUCT_BATCH);
  const input = new ProductCopyInput(new Map(stream.suppliers.map((supplier) => [supplier.id, supplier])), new DemoSearchText());
  const collector = options.listingIndex ? new ListingIndexCollector(options.catalogSize ?? DEFAULT_CATALOG_SIZE) : null;
  const { index, of } = options.share ?? { index: 0, of: 1 };
  function* chunks(): Generator<CopyChunk, void, undefined> {
    let chunk = 0;
    let count = 0;
    for (const batch of stream.productChunks) {
      const mine = chunk % of === index;
      if (mine) input.add(batch);
      collector?.add(batch);
      count += batch.length;
      if (count < DEMO_PRODUCT_CHUNK) continue;
      if (mine) yield { bytes: input.take(), count };
      chunk += 1;
      count = 0;
    }
    if (count > 0 && chunk % of === index) yield { bytes: input.take(), count };
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
export type ProductSourceOptions = DemoDataOptions & { listingIndex: boolean; share?: ChunkShare };

/**
 * Which chunks a product source writes when several share the work: chunk k (from 0) when k % `of`
 * is `index`. Each draws every product (a product's draws follow those of the products before it)
 * but writes the rows of its own chunks only.
 */
export interface ChunkShare {
  index: number;
  of: number;
}

/** Messages of the product worker (server/demo/product-worker.ts) to the thread that seeds. */
export type ProductWorkerMessage =
  | { kind: 'suppliers'; suppliers: DemoSupplier[] }
  | { kind: 'chunk'; chunk: CopyChunk }
  | { kind: 'people'; people: DemoPeople }
  | { kind: 'listing-index'; parts: ListingIndexParts }
  | { kind: 'failed'; message: string };

/** What the thread that seeds sends the worker: one more chunk may be made. */
export const MORE = 'more';

/** Chunks a worker makes ahead of the COPY that takes them: enough to keep the threads busy, few enough to bound memory (a chunk of 5,000 products is about 3.6 MB). */
export const CHUNKS_AHEAD = 2;

/** The built worker beside a bundle (scripts/main-entries.ts names it), else the TypeScript source beside this file. */
export function productWorkerEntry(): WorkerEntry {
  const here = dirname(fileURLToPath(import.meta.url));
  const bundled = join(here, 'demo-product-worker.js');
  return existsSync(bundled) ? bundled : join(here, 'product-worker.ts');
}

/** One product worker and the messages it sent that were not taken yet. */
class WorkerInbox {
  private readonly waiting: ProductWorkerMessage[] = [];
  private wake: (() => void) | null = null;
  private failure: Error | null = null;

  constructor(readonly worker: Worker) {
    const settle = () => {
      this.wake?.();
      this.wake = null;
    };
    worker.on('message', (message: ProductWorkerMessage) => {
      this.waiting.push(message);
      settle();
    });
    worker.on('error', (error) => {
      this.failure ??= error;
      settle();
    });
    worker.on('exit', (code) => {
      this.failure ??= new Error(`the demo product worker stopped (exit code ${code}) before the demo data was made`);
      settle();
    });
  }

  async next(): Promise<ProductWorkerMessage> {
    for (;;) {
      const message = this.waiting.shift();
      if (message) {
        if (message.kind === 'failed') throw new Error(`the demo product worker failed: ${message.message}`);
        return message;
      }
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  async expect<K extends ProductWorkerMessage['kind']>(kind: K): Promise<Extract<ProductWorkerMessage, { kind: K }>> {
    const message = await this.next();
    if (message.kind !== kind) throw new Error(`the demo product worker sent ${message.kind} where ${kind} was due`);
    return message as Extract<ProductWorkerMessage, { kind: K }>;
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}

/**
 * Product workers a seeding starts: each draws every product but writes every other chunk's rows
 * (see ChunkShare). Writing the rows costs a worker about three times what drawing the products
 * does, and three times what the COPY of them costs the seeding thread, so with one worker that
 * thread waited for most chunks; with two, the three threads share two cores (docs/benchmarks.md,
 * "Seeding a million products on PGlite"). One on a machine of one core, where nothing runs beside.
 */
export const PRODUCT_WORKERS = 2;

/** How many product workers a seeding on this machine starts (see PRODUCT_WORKERS). */
const workersHere = () => (availableParallelism() > 1 ? PRODUCT_WORKERS : 1);

/**
 * The demo data made in worker threads while the database takes the chunks before (PGlite on
 * this thread), `workers` of them taking turns with the chunks (see PRODUCT_WORKERS): making a
 * product and its COPY row costs more CPU than the COPY itself. The first worker also collects the
 * listings index and draws the people. Rejects when a worker cannot start.
 */
export async function demoProductsInWorker(options: ProductSourceOptions, entry: WorkerEntry = productWorkerEntry(), workers = workersHere()): Promise<DemoProductSource> {
  const inboxes: WorkerInbox[] = [];
  const close = async () => {
    await Promise.all(inboxes.map((inbox) => inbox.close()));
  };
  try {
    for (let index = 0; index < workers; index += 1) {
      const share = { index, of: workers };
      inboxes.push(new WorkerInbox(startWorker(entry, { ...options, share, listingIndex: options.listingIndex && index === 0 } satisfies ProductSourceOptions)));
    }
    const [first] = inboxes as [WorkerInbox];
    const { suppliers } = await first.expect('suppliers');
    for (const other of inboxes.slice(1)) await other.expect('suppliers');
    let people: DemoPeople | null = null;
    return {
      suppliers,
      async *chunks() {
        // Chunk k comes from worker k % workers; the first worker with none left has ended them all.
        for (let chunk = 0; ; chunk += 1) {
          const inbox = inboxes[chunk % workers] as WorkerInbox;
          const message = await inbox.next();
          if (message.kind === 'people') {
            people = inbox === first ? message.people : (await first.expect('people')).people;
            return;
          }
          if (message.kind !== 'chunk') throw new Error(`the demo product worker sent ${message.kind} among the chunks`);
          inbox.worker.postMessage(MORE);
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
        return (await first.expect('listing-index')).parts;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
