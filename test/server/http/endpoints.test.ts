import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Account,
  CatalogProduct,
  CreatedWebhook,
  DeleteResult,
  Order,
  OrderListItem,
  PageMeta,
  Product,
  Supplier,
  SupplierProduct,
  Webhook,
  WebhookList,
  paginated,
} from '../../../shared';
import { expectExactShape, expectProblem, orderBodyFor, orderableProduct, startHarness, type Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

describe('catalog endpoints over HTTP', () => {
  it('GET /suppliers: every supplier has exactly the supplier fields, within a correct envelope', async () => {
    const result = await harness.request('GET', '/suppliers?per_page=10&page=2');
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
    const page = paginated(Supplier).parse(result.json);
    expect(page.data).toHaveLength(10);
    for (const supplier of page.data) expectExactShape(Supplier, supplier);
    expectExactShape(PageMeta, page.meta);
    expect(page.meta).toMatchObject({ page: 2, per_page: 10, total_pages: Math.ceil(page.meta.total / 10) });
    expect(page.meta.total).toBeGreaterThanOrEqual(30);
  });

  it('GET /suppliers?q= searches names and locations', async () => {
    const all = paginated(Supplier).parse((await harness.request('GET', '/suppliers?per_page=100')).json);
    const target = all.data[3] as Supplier;
    const byName = paginated(Supplier).parse((await harness.request('GET', `/suppliers?q=${encodeURIComponent(target.name)}`)).json);
    expect(byName.data.map((supplier) => supplier.id)).toContain(target.id);
    const city = target.location.split(',')[0] as string;
    const byLocation = paginated(Supplier).parse((await harness.request('GET', `/suppliers?q=${encodeURIComponent(city)}`)).json);
    expect(byLocation.data.every((supplier) => supplier.location.includes(city) || supplier.name.includes(city))).toBe(true);
    expect(byLocation.data.length).toBeGreaterThan(0);
  });

  it('GET /suppliers/:id/products lists exactly the supplier product fields', async () => {
    const supplier = paginated(Supplier).parse((await harness.request('GET', '/suppliers?per_page=1')).json).data[0] as Supplier;
    const result = await harness.request('GET', `/suppliers/${supplier.id}/products?per_page=5`);
    expect(result.status).toBe(200);
    const page = paginated(SupplierProduct).parse(result.json);
    expect(page.meta.total).toBe(supplier.total_products);
    for (const product of page.data) expectExactShape(SupplierProduct, product);
  });

  it('GET /products: catalog items have exactly the catalog fields, filters and sorts apply', async () => {
    const page = paginated(CatalogProduct).parse((await harness.request('GET', '/products?per_page=100')).json);
    expect(page.data).toHaveLength(100);
    for (const product of page.data) {
      expectExactShape(CatalogProduct, product);
      expect(Object.keys(product.supplier).sort()).toEqual(['id', 'location', 'name']);
    }
    const varietal = (page.data[0] as CatalogProduct).varietal;
    const filtered = paginated(CatalogProduct).parse(
      (await harness.request('GET', `/products?varietal=${encodeURIComponent(varietal)}&sort=price_asc&per_page=100`)).json,
    );
    expect(filtered.data.length).toBeGreaterThan(0);
    expect(filtered.data.every((product) => product.varietal === varietal)).toBe(true);
    const prices = filtered.data.map((product) => product.case_price_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const descending = paginated(CatalogProduct).parse((await harness.request('GET', '/products?sort=price_desc&per_page=20')).json);
    const high = descending.data.map((product) => product.case_price_cents);
    expect(high).toEqual([...high].sort((a, b) => b - a));
  });

  it('GET /products?q= finds a product by words of its name', async () => {
    const product = (paginated(CatalogProduct).parse((await harness.request('GET', '/products?per_page=1&sort=name')).json).data[0]) as CatalogProduct;
    const result = paginated(CatalogProduct).parse((await harness.request('GET', `/products?q=${encodeURIComponent(product.name)}`)).json);
    expect(result.data.map((found) => found.id)).toContain(product.id);
  });

  it('GET /products/:id has exactly the product fields and a working image URL', async () => {
    const listed = await orderableProduct(harness);
    const result = await harness.request('GET', `/products/${listed.id}`);
    expect(result.status).toBe(200);
    const product = expectExactShape(Product, result.json);
    expect(Object.keys(product.supplier).sort()).toEqual(['id', 'location', 'name', 'total_products']);
    expect(product.image_url).toBe(`${harness.baseUrl}/images/products/${product.id}.svg`);
    const image = await fetch(product.image_url as string);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(image.headers.get('cache-control')).toMatch(/max-age=\d{5,}/);
    const svg = await image.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain(product.varietal.replace(/&/g, '&amp;'));
    const again = await fetch(product.image_url as string, { headers: { 'if-none-match': image.headers.get('etag') as string } });
    expect(again.status).toBe(304);
  });

  it('product images need no key but unknown products are 404 problems', async () => {
    expectProblem(await harness.request('GET', '/images/products/prod_doesnotexist.svg', { key: null }), 404, 'not_found');
    expectProblem(await harness.request('GET', '/images/products/prod_x.png', { key: null }), 404, 'not_found');
  });
});

describe('account, orders and webhooks over HTTP', () => {
  it('GET /account returns the caller with exactly the account fields', async () => {
    const result = await harness.request('GET', '/account');
    const account = expectExactShape(Account, result.json);
    expect(account.id).toBe(harness.buyerA.account_id);
    expect(account.type).toBe('buyer');
    const other = Account.parse((await harness.request('GET', '/account', { key: harness.buyerB.api_key })).json);
    expect(other.id).toBe(harness.buyerB.account_id);
  });

  it('POST /orders → 201 order; GET /orders/:id and GET /orders show it; other accounts get 404', async () => {
    const product = await orderableProduct(harness);
    const body = orderBodyFor(product);
    const created = await harness.request('POST', '/orders', { body });
    expect(created.status, created.text).toBe(201);
    const order = expectExactShape(Order, created.json);
    expect(order.status).toBe('confirmed');
    expect(created.headers.get('location')).toBe(`/api/v1/orders/${order.id}`);
    expect(order.items).toEqual([
      expect.objectContaining({ product_id: product.id, quantity: body.items[0]?.quantity, unit_price_cents: product.case_price_cents }),
    ]);
    expect(order.total_cents).toBe(order.subtotal_cents + order.shipping_cents + order.platform_fee_cents);
    expect(order.timeline.map((entry) => entry.event)).toEqual(['order_placed', 'order_confirmed']);

    const read = await harness.request('GET', `/orders/${order.id}`);
    expect(Order.parse(read.json)).toEqual(order);

    const list = paginated(OrderListItem).parse((await harness.request('GET', '/orders?status=confirmed&per_page=100')).json);
    const item = list.data.find((listed) => listed.id === order.id);
    expect(item).toBeDefined();
    expectExactShape(OrderListItem, item);
    expect(list.data.every((listed) => listed.status === 'confirmed')).toBe(true);

    expectProblem(await harness.request('GET', `/orders/${order.id}`, { key: harness.buyerB.api_key }), 404, 'not_found');
    const otherList = paginated(OrderListItem).parse((await harness.request('GET', '/orders?per_page=100', { key: harness.buyerB.api_key })).json);
    expect(otherList.data.some((listed) => listed.id === order.id)).toBe(false);
  });

  it('GET /orders filters by every status and pages', async () => {
    for (const status of ['confirmed', 'shipped', 'delivered', 'cancelled']) {
      const page = paginated(OrderListItem).parse((await harness.request('GET', `/orders?status=${status}`)).json);
      expect(page.data.length, status).toBeGreaterThan(0);
      expect(page.data.every((order) => order.status === status)).toBe(true);
    }
    const first = paginated(OrderListItem).parse((await harness.request('GET', '/orders?per_page=1&page=1')).json);
    const second = paginated(OrderListItem).parse((await harness.request('GET', '/orders?per_page=1&page=2')).json);
    expect(first.data[0]?.id).not.toBe(second.data[0]?.id);
    const shipped = paginated(OrderListItem).parse((await harness.request('GET', '/orders?status=shipped&per_page=1')).json).data[0];
    const detail = Order.parse((await harness.request('GET', `/orders/${shipped?.id}`)).json);
    expect(detail.tracking?.tracking_url).toMatch(/^https:\/\//);
    expect(detail.tracking?.estimated_delivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(detail.shipped_at).toBeTruthy();
    expect(detail.timeline.map((entry) => entry.event)).toContain('order_shipped');
  });

  it('webhooks: create (201, secret once), list, delete, and other accounts cannot see or delete them', async () => {
    const created = await harness.request('POST', '/webhooks', { body: { url: 'https://hooks.example.com/caseworks', events: ['order.shipped'] } });
    expect(created.status, created.text).toBe(201);
    const webhook = expectExactShape(CreatedWebhook, created.json);
    expect(webhook).toMatchObject({ url: 'https://hooks.example.com/caseworks', events: ['order.shipped'], active: true });
    expect(Buffer.from(webhook.secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);

    const list = WebhookList.parse((await harness.request('GET', '/webhooks')).json);
    expect(Object.keys(list)).toEqual(['data']);
    const listed = list.data.find((entry) => entry.id === webhook.id);
    expect(listed && expectExactShape(Webhook, listed)).toBeTruthy();
    expect(JSON.stringify(list)).not.toContain(webhook.secret);

    const otherList = WebhookList.parse((await harness.request('GET', '/webhooks', { key: harness.buyerB.api_key })).json);
    expect(otherList.data.some((entry) => entry.id === webhook.id)).toBe(false);
    expectProblem(await harness.request('DELETE', `/webhooks/${webhook.id}`, { key: harness.buyerB.api_key }), 404, 'not_found');

    const deleted = await harness.request('DELETE', `/webhooks/${webhook.id}`);
    expect(deleted.status).toBe(200);
    expect(expectExactShape(DeleteResult, deleted.json).success).toBe(true);
    const after = WebhookList.parse((await harness.request('GET', '/webhooks')).json);
    expect(after.data.some((entry) => entry.id === webhook.id)).toBe(false);
    expectProblem(await harness.request('DELETE', `/webhooks/${webhook.id}`), 404, 'not_found');
  });
});

describe('caching and documents', () => {
  it('ETag / If-None-Match gives 304 on GETs, a changed resource gives 200 again', async () => {
    const first = await harness.request('GET', '/account');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await harness.request('GET', '/account', { headers: { 'if-none-match': etag as string } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const listed = await harness.request('GET', '/products?per_page=5');
    const cached = await harness.request('GET', '/products?per_page=5', { headers: { 'if-none-match': `W/"x", ${listed.headers.get('etag')}` } });
    expect(cached.status).toBe(304);

    const product = await orderableProduct(harness, 1);
    const before = await harness.request('GET', `/products/${product.id}`);
    await harness.request('POST', '/orders', { body: orderBodyFor(product) });
    const after = await harness.request('GET', `/products/${product.id}`, { headers: { 'if-none-match': before.headers.get('etag') as string } });
    expect(after.status).toBe(200);
    expect(Product.parse(after.json).inventory_available).toBe(Product.parse(before.json).inventory_available - product.minimum_order);
  });

  it('HEAD works wherever GET does', async () => {
    const response = await fetch(`${harness.baseUrl}/account`, { method: 'HEAD', headers: { authorization: `Bearer ${harness.buyerA.api_key}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('GET /openapi.json needs no key and describes every route', async () => {
    const result = await harness.request('GET', '/openapi.json', { key: null });
    expect(result.status).toBe(200);
    const document = result.json as { openapi: string; servers: Array<{ url: string }>; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers[0]?.url).toBe(harness.baseUrl);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/suppliers', '/suppliers/{id}/products', '/products', '/products/{id}', '/orders', '/orders/{id}', '/account', '/webhooks', '/webhooks/{id}']),
    );
  });
});
