import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CatalogProduct, Order, WebhookDeliveryRecord, WebhookList, paginated } from '../../../shared';
import { openPglite } from '../../../server/db/connection';
import { webhooks } from '../../../server/db/schema';
import { seedDemoData } from '../../../server/demo/seed';
import { startService, type ServiceOptions } from '../../../server/main';
import type { OpenStoreOptions } from '../../../server/store';
import { FORMER_DEMO_WEBHOOK_URL } from '../../../server/webhooks/demo-receiver';
import { createTestStore, type TestStore } from '../../support/store-fixture';
import { waitFor } from './receiver';

/** startService on a copy of the seeded template; `seen` keeps what the service asked of the store. */
function onTemplate(prepare: (test: TestStore) => Promise<void> = async () => undefined) {
  const seen: OpenStoreOptions[] = [];
  const openStore: ServiceOptions['openStore'] = async (options) => {
    seen.push(options);
    const test = await createTestStore({ publicBaseUrl: options.publicBaseUrl });
    await prepare(test);
    return { store: { ...test.store, close: test.close }, seeded: false, demoCredentials: test.demoCredentials };
  };
  return { openStore, seen };
}

describe("the demo's webhooks", () => {
  it('point at a receiver the demo service serves itself, so its deliveries succeed (sandbox)', { timeout: 180_000 }, async () => {
    const userHook = 'http://127.0.0.1:9/hook';
    const { openStore, seen } = onTemplate(async (test) => {
      // One buyer's registration as demo data seeded before the receiver existed left it, and a registration of the buyer's own.
      const [first] = await test.db.select({ id: webhooks.id, accountId: webhooks.accountId }).from(webhooks).limit(1);
      await test.db.update(webhooks).set({ url: FORMER_DEMO_WEBHOOK_URL }).where(eq(webhooks.id, first?.id ?? ''));
      await test.store.createWebhook(first?.accountId ?? '', { url: userHook, events: ['order.shipped'] }, 'whsec_dGVzdA==', new Date());
    });
    const service = await startService({ openStore, logger: false, shipAfterSeconds: 3600 });
    try {
      expect(seen[0]?.demoWebhooks).toBe(true);
      const receiverUrl = new URL('/demo/webhook-receiver', service.baseUrl).toString();
      for (const buyer of service.demoCredentials?.buyers ?? []) {
        const headers = { authorization: `Bearer ${buyer.api_key}` };
        const list = WebhookList.parse(await (await fetch(`${service.baseUrl}/webhooks`, { headers })).json());
        expect(list.data.filter((hook) => hook.url !== userHook).map((hook) => hook.url)).toEqual([receiverUrl]);
      }
      const buyer = service.demoCredentials?.buyers[0];
      const headers = { authorization: `Bearer ${buyer?.api_key}`, 'content-type': 'application/json' };
      const list = WebhookList.parse(await (await fetch(`${service.baseUrl}/webhooks`, { headers })).json());
      expect(list.data.some((hook) => hook.url === userHook)).toBe(true);
      const demoHook = list.data.find((hook) => hook.url === receiverUrl);

      const products = paginated(CatalogProduct).parse(await (await fetch(`${service.baseUrl}/products?per_page=100`, { headers })).json());
      const product = products.data.find((candidate) => candidate.inventory_available >= candidate.minimum_order) as CatalogProduct;
      const placed = await fetch(`${service.baseUrl}/orders`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ supplier_id: product.supplier.id, items: [{ product_id: product.id, quantity: product.minimum_order }], shipping_address: { street1: '1 Main St', city: 'Napa', state: 'CA', zip: '94558' } }),
      });
      const order = Order.parse(await placed.json());
      const delivered = await waitFor(async () => {
        const page = paginated(WebhookDeliveryRecord).parse(await (await fetch(`${service.baseUrl}/webhooks/${demoHook?.id}/deliveries`, { headers })).json());
        const record = page.data.find((entry) => entry.order_id === order.id);
        return record?.state === 'delivered' && record;
      }, 20_000);
      expect(delivered).toMatchObject({ event: 'order.confirmed', status_code: 204, attempts: 1, error: null });

      const tested = await fetch(`${service.baseUrl}/webhooks/${demoHook?.id}/test`, { method: 'POST', headers: { authorization: headers.authorization } });
      expect(WebhookDeliveryRecord.parse(await tested.json())).toMatchObject({ state: 'delivered', status_code: 204 });
    } finally {
      await service.close();
    }
  });

  it('production mode: seeding registers none, and the service serves no receiver', { timeout: 180_000 }, async () => {
    const connection = await openPglite({});
    try {
      await seedDemoData(connection.db, { catalogSize: 40, webhooks: false, database: 'pglite' });
      const rows = await connection.db.execute(sql`select count(*)::int as n from webhooks`);
      expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
    } finally {
      await connection.close();
    }
    const { openStore, seen } = onTemplate();
    const service = await startService({ openStore, logger: false, mode: 'production' });
    try {
      expect(seen[0]?.demoWebhooks).toBe(false);
      const answer = await fetch(new URL('/demo/webhook-receiver', service.baseUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(answer.status).toBe(404);
    } finally {
      await service.close();
    }
  });
});
