import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startService, type RunningService } from '../../../server/main';
import type { ServiceClient } from '../../../electron/core/api';
import type { CreateOrderBody } from '../../../shared';
import { copyServiceTemplate, seededServiceTemplate } from '../../support/e2e-service-template';

export const REAL_CATALOG_SIZE = 200;

export interface RealService {
  service: RunningService;
  baseUrl: string;
  apiKey: string;
  otherApiKey: string | null;
  dataDir: string;
  stop(): Promise<void>;
}

/** The real service in this process, on 127.0.0.1 and a free port, from a private copy of a seeded template. */
export async function startRealService(options: { rateLimitPerMinute?: number } = {}): Promise<RealService> {
  const root = await mkdtemp(path.join(tmpdir(), 'caseworks-h3-real-'));
  const dataDir = path.join(root, 'service');
  copyServiceTemplate(await seededServiceTemplate(REAL_CATALOG_SIZE), dataDir);
  const service = await startService({ dataDir, logger: false, shipAfterSeconds: 3600, deliverAfterSeconds: 3600, ...options });
  const buyers = service.demoCredentials?.buyers ?? [];
  const apiKey = buyers[0]?.api_key;
  if (!apiKey) throw new Error('the seeded service has no demo buyer');
  return {
    service,
    baseUrl: service.baseUrl,
    apiKey,
    otherApiKey: buyers[1]?.api_key ?? null,
    dataDir,
    stop: async () => {
      await service.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** An order the seeded catalog can fill: the minimum of a product with stock for it. */
export async function orderableBody(client: ServiceClient): Promise<CreateOrderBody> {
  for (let page = 1; page <= 5; page += 1) {
    const products = await client.call('listProducts', { query: { per_page: 100, page } });
    if (!products.ok || products.notModified) throw new Error('could not list products');
    const product = products.data.data.find((item) => item.inventory_available >= item.minimum_order * 3);
    if (product) {
      return {
        supplier_id: product.supplier.id,
        items: [{ product_id: product.id, quantity: product.minimum_order }],
        shipping_address: { street1: '1 Main St', city: 'Portland', state: 'OR', zip: '97201' },
      };
    }
  }
  throw new Error('no orderable product in the seeded catalog');
}

/** How many orders the account has, by the service's own count. */
export async function orderCount(client: ServiceClient): Promise<number> {
  const orders = await client.call('listOrders', { query: { per_page: 1 } });
  if (!orders.ok || orders.notModified) throw new Error('could not list orders');
  return orders.data.meta.total;
}
