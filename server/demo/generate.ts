import { createRandom } from './prng';
import { generateSuppliers, type DemoSupplier } from './wineries';
import { productChunks, type DemoProduct } from './products';
import { generateBuyers, type DemoBuyer } from './buyers';
import { planPastOrders, type OrderPlan } from './order-plans';
import { DemoCatalogSummary } from './catalog-summary';

export const DEFAULT_CATALOG_SIZE = 2_000;
export const DEFAULT_DEMO_SEED = 20_240_117;
/** Products written by one COPY statement when seeding. */
export const DEMO_PRODUCT_CHUNK = 5_000;
/**
 * Products drawn at a time when seeding, each batch's rows written before the next is drawn, so
 * that the products are let go while the garbage collector's young generation still holds them
 * (drawn a chunk at a time, they lived on into the old generation; see docs/benchmarks.md,
 * "Seeding a million products on PGlite"). A chunk holds a whole number of batches.
 */
export const DEMO_PRODUCT_BATCH = 500;

export interface DemoData {
  suppliers: DemoSupplier[];
  products: DemoProduct[];
  buyers: DemoBuyer[];
  /** A few products each buyer has marked as favorites. */
  favorites: Array<{ buyerId: string; productId: string }>;
  orders: OrderPlan[];
}

/** Everything of the demo data but the products: drawn after every product. */
export type DemoPeople = Pick<DemoData, 'buyers' | 'favorites' | 'orders'>;

export interface DemoDataOptions {
  seed?: number;
  catalogSize?: number;
  now: Date;
}

/**
 * The demo data in the order it is drawn: the suppliers, then the products a chunk at a time (to
 * write and let go), then `people()` (buyers, favorites, past orders), which needs every chunk
 * taken first. The same seed, size and `now` always give the same data, whatever the chunk size.
 */
export interface DemoDataStream {
  suppliers: DemoSupplier[];
  productChunks: Iterable<DemoProduct[]>;
  people(): DemoPeople;
}

export function streamDemoData(options: DemoDataOptions, chunkSize = DEMO_PRODUCT_CHUNK): DemoDataStream {
  const random = createRandom(options.seed ?? DEFAULT_DEMO_SEED);
  const suppliers = generateSuppliers(random, options.now);
  const summary = new DemoCatalogSummary();
  let done = false;
  function* chunks(): Generator<DemoProduct[], void, undefined> {
    for (const chunk of productChunks(random, suppliers, options.catalogSize ?? DEFAULT_CATALOG_SIZE, options.now, chunkSize)) {
      summary.add(chunk);
      yield chunk;
    }
    done = true;
  }
  return {
    suppliers,
    productChunks: chunks(),
    people() {
      if (!done) throw new Error('the demo products must all be taken before the buyers are drawn');
      const buyers = generateBuyers(random, options.now);
      const productNumbers = Array.from({ length: summary.size }, (_, index) => index);
      const favorites = buyers.flatMap((buyer) =>
        random.sample(productNumbers, random.int(3, 8)).map((index) => ({ buyerId: buyer.id, productId: summary.id(index) })),
      );
      const orders = planPastOrders(random, buyers, summary, options.now);
      return { buyers, favorites, orders };
    },
  };
}

/** The whole demo data set at once (tests, small catalogs); the same as streamDemoData gives. */
export function generateDemoData(options: DemoDataOptions): DemoData {
  const stream = streamDemoData(options);
  const products: DemoProduct[] = [];
  for (const chunk of stream.productChunks) products.push(...chunk);
  return { suppliers: stream.suppliers, products, ...stream.people() };
}
