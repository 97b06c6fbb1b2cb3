import { createRandom } from './prng';
import { generateSuppliers, type DemoSupplier } from './wineries';
import { generateProducts, type DemoProduct } from './products';
import { generateBuyers, type DemoBuyer } from './buyers';
import { planPastOrders, type OrderPlan } from './order-plans';

export const DEFAULT_CATALOG_SIZE = 2_000;
export const DEFAULT_DEMO_SEED = 20_240_117;

export interface DemoData {
  suppliers: DemoSupplier[];
  products: DemoProduct[];
  buyers: DemoBuyer[];
  /** A few products each buyer has marked as favorites. */
  favorites: Array<{ buyerId: string; productId: string }>;
  orders: OrderPlan[];
}

/** The whole demo data set; the same seed, size and `now` always give the same data. */
export function generateDemoData(options: { seed?: number; catalogSize?: number; now: Date }): DemoData {
  const random = createRandom(options.seed ?? DEFAULT_DEMO_SEED);
  const suppliers = generateSuppliers(random, options.now);
  const products = generateProducts(random, suppliers, options.catalogSize ?? DEFAULT_CATALOG_SIZE, options.now);
  const buyers = generateBuyers(random, options.now);
  const favorites = buyers.flatMap((buyer) =>
    random.sample(products, random.int(3, 8)).map((product) => ({ buyerId: buyer.id, productId: product.id })),
  );
  const orders = planPastOrders(random, buyers, products, options.now);
  return { suppliers, products, buyers, favorites, orders };
}
