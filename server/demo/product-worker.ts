/**
 * The demo product worker (see demoProductsInWorker in product-source.ts): draws the demo data
 * for `workerData` (ProductSourceOptions) and sends the suppliers, each chunk of products as COPY
 * input (at most CHUNKS_AHEAD beyond what the seeding thread asked for), then the people, then,
 * when asked to collect them, the parts of the products' listings index (sorted here while the
 * seeding thread builds the table's indexes).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { partsBuffers } from '../store/catalog/listing-index-handover';
import { CHUNKS_AHEAD, demoCopyInput, type ProductSourceOptions, type ProductWorkerMessage } from './product-source';

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
  const data = demoCopyInput(workerData as ProductSourceOptions);
  send({ kind: 'suppliers', suppliers: data.suppliers });
  for (const chunk of data.chunks) {
    while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
    credit -= 1;
    send({ kind: 'chunk', chunk }, [chunk.bytes.buffer as ArrayBuffer]);
  }
  send({ kind: 'people', people: data.people() });
  const parts = data.listingIndex();
  if (parts) send({ kind: 'listing-index', parts }, partsBuffers(parts));
} catch (error) {
  send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
}
port.unref();
