import { z } from 'zod';
import { Account, CatalogProduct, CreateOrderBody, CreateWebhookBody, CreatedWebhook, Order, OrderListItem, Product, WebhookList, paginated } from '../../shared/schemas';

export interface ServiceCredentials {
  baseUrl: string;
  apiKey: string;
}

/**
 * The demo service's own API, called directly with the demo buyer's key: the tests check what
 * the service recorded, not only what the UI says.
 */
export function createServiceApi(credentials: () => Promise<ServiceCredentials>) {
  async function get<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>> {
    const { baseUrl, apiKey } = await credentials();
    const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return schema.parse(await response.json());
  }

  return {
    account: () => get('/account', Account),
    products: (query = 'per_page=100') => get(`/products?${query}`, paginated(CatalogProduct)),
    product: (id: string) => get(`/products/${encodeURIComponent(id)}`, Product),
    orders: (query = 'per_page=100') => get(`/orders?${query}`, paginated(OrderListItem)),
    order: (id: string) => get(`/orders/${encodeURIComponent(id)}`, Order),
    webhooks: () => get('/webhooks', WebhookList),
    /** Places an order as the demo buyer, as another buyer of the account would: it takes stock. */
    async placeOrder(body: CreateOrderBody): Promise<Order> {
      const { baseUrl, apiKey } = await credentials();
      const response = await fetch(`${baseUrl}/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST /orders answered ${response.status}: ${await response.text()}`);
      return Order.parse(await response.json());
    },
    /** Registers a webhook as the demo buyer. */
    async createWebhook(body: CreateWebhookBody): Promise<CreatedWebhook> {
      const { baseUrl, apiKey } = await credentials();
      const response = await fetch(`${baseUrl}/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST /webhooks answered ${response.status}: ${await response.text()}`);
      return CreatedWebhook.parse(await response.json());
    },
    async allProducts() {
      const first = await get('/products?per_page=100&page=1', paginated(CatalogProduct));
      const rest = await Promise.all(
        Array.from({ length: first.meta.total_pages - 1 }, (_, index) => get(`/products?per_page=100&page=${index + 2}`, paginated(CatalogProduct))),
      );
      return [first, ...rest].flatMap((page) => page.data);
    },
    async orderCount(): Promise<number> {
      return (await get('/orders?per_page=1', paginated(OrderListItem))).meta.total;
    },
  };
}

export type ServiceApi = ReturnType<typeof createServiceApi>;
