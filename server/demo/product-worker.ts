/**
 * The demo product worker (see demoProductsInWorker in product-source.ts): draws the demo data
 * for `workerData` (ProductSourceOptions) and sends the suppliers, each chunk of products as COPY
 * input (at most CHUNKS_AHEAD beyond what the seeding thread asked for), then the people, then,
 * when asked to collect them, the parts of the products' listings index (sorted here while the
 * seeding thread builds the table's indexes).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ListingIndexCollector, partsBuffers } from '../store/catalog/listing-index-handover';
import { DEFAULT_CATALOG_SIZE, streamDemoData } from './generate';
import { CHUNKS_AHEAD, copyChunkMaker, type ProductSourceOptions, type ProductWorkerMessage } from './product-source';

const port = parentPort;
if (!port) throw new Error('product-worker.ts runs as a worker thread');

let credit = CHUNKS_AHEAD;
let wake: (() => void) | null = null;
port.on('message', () => {
  credit += 1;
  wake?.();
  wake = null;
});

const send = (message: ProductWorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

try {
  const options = workerData as ProductSourceOptions;
  const stream = streamDemoData(options);
  const copyChunk = copyChunkMaker(stream.suppliers);
  const collector = options.listingIndex ? new ListingIndexCollector(options.catalogSize ?? DEFAULT_CATALOG_SIZE) : null;
  send({ kind: 'suppliers', suppliers: stream.suppliers });
  for (const products of stream.productChunks) {
    const chunk = copyChunk(products);
    collector?.add(products);
    while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
    credit -= 1;
    send({ kind: 'chunk', chunk }, [chunk.bytes.buffer as ArrayBuffer]);
  }
  send({ kind: 'people', people: stream.people() });
  if (collector) {
    const parts = collector.finish();
    send({ kind: 'listing-index', parts }, partsBuffers(parts));
  }
} catch (error) {
  send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
}
port.unref();
