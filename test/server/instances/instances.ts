import { eq } from 'drizzle-orm';
import { CatalogProduct, CreatedWebhook, Order, paginated, type WebhookEventName } from '../../../shared';
import { webhookDeliveries } from '../../../server/db/schema';
import { startService, type RunningService, type ServiceOptions } from '../../../server/main';
import { SHIPPING_ADDRESS } from '../http/harness';
import { seededSharedDatabase } from './shared-database';

/**
 * Several service instances (startService, as the CLI runs it) on one seeded database, and the
 * requests the tests make through them.
 */
export async function startInstances(count: number, options: Omit<ServiceOptions, 'databaseUrl' | 'openStore'>) {
  const database = await seededSharedDatabase();
  const services: RunningService[] = [];
  try {
    for (let index = 0; index < count; index += 1) services.push(await startService({ ...database.service(), ...options }));
  } catch (error) {
    await Promise.all(services.map((service) => service.close()));
    await database.close();
    throw error;
  }
  const buyer = database.testStore.demoCredentials.buyers[0];
  if (!buyer) throw new Error('no demo buyer');
  const headers = { authorization: `Bearer ${buyer.api_key}`, 'content-type': 'application/json' };
  const at = (index: number) => services[index % services.length] as RunningService;

  async function register(url: string, events: WebhookEventName[] = ['order.confirmed', 'order.shipped', 'order.delivered']) {
    const response = await fetch(`${at(0).baseUrl}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url, events }) });
    if (response.status !== 201) throw new Error(`registering a webhook: ${response.status} ${await response.text()}`);
    return CreatedWebhook.parse(await response.json());
  }

  let products: CatalogProduct[] | null = null;
  /** Places an order through instance `index` (round robin), each on a product with stock to spare. */
  async function placeOrder(index: number): Promise<Order> {
    if (!products) {
      const page = paginated(CatalogProduct).parse(await (await fetch(`${at(0).baseUrl}/products?per_page=100&sort=price_desc`, { headers })).json());
      products = page.data.filter((product) => product.inventory_available >= product.minimum_order * 4);
    }
    const product = products[index % products.length] as CatalogProduct;
    const response = await fetch(`${at(index).baseUrl}/orders`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ supplier_id: product.supplier.id, items: [{ product_id: product.id, quantity: product.minimum_order }], shipping_address: SHIPPING_ADDRESS }),
    });
    if (response.status !== 201) throw new Error(`placing an order: ${response.status} ${await response.text()}`);
    return Order.parse(await response.json());
  }

  const deliveriesOf = (webhookId: string) => database.testStore.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));

  return {
    services,
    database,
    db: database.testStore.db,
    register,
    placeOrder,
    deliveriesOf,
    async close() {
      await Promise.all(services.map((service) => service.close()));
      await database.close();
    },
  };
}

export type Instances = Awaited<ReturnType<typeof startInstances>>;
