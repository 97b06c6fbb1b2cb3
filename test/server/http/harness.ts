import { expect } from 'vitest';
import type { z } from 'zod';
import { Problem, type CatalogProduct, type CreateOrderBody, type ShippingAddressInput } from '../../../shared';
import { buildApp, type AppOptions } from '../../../server/http/app';
import { createTestStore, type TestStore } from '../../support/store-fixture';

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  /** Sent as is, instead of the JSON of `body`. */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface Harness {
  baseUrl: string;
  testStore: TestStore;
  buyerA: { account_id: string; api_key: string };
  buyerB: { account_id: string; api_key: string };
  request(method: string, path: string, options?: RequestOptions): Promise<HttpResult>;
  close(): Promise<void>;
}

/** The real store (a copy of the seeded template) behind the real app, on 127.0.0.1 and a free port. */
export async function startHarness(options: Omit<AppOptions, 'store'> = {}): Promise<Harness> {
  let baseUrl = '';
  const testStore = await createTestStore({ publicBaseUrl: () => baseUrl });
  const app = await buildApp({ ...options, store: testStore.store, publicBaseUrl: () => baseUrl });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;
  const [buyerA, buyerB] = testStore.demoCredentials.buyers;
  if (!buyerA || !buyerB) throw new Error('the demo data has fewer than two buyers');

  async function request(method: string, path: string, request: RequestOptions = {}): Promise<HttpResult> {
    const headers: Record<string, string> = { ...request.headers };
    const key = request.key === undefined ? buyerA?.api_key : request.key;
    if (key) headers.authorization = `Bearer ${key}`;
    let body: string | Buffer | undefined = request.rawBody;
    if (body === undefined && request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(baseUrl + path, { method, headers, body });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  return {
    get baseUrl() {
      return baseUrl;
    },
    testStore,
    buyerA,
    buyerB,
    request,
    close: async () => {
      await app.close();
      await testStore.close();
    },
  };
}

/** Asserts a problem+json answer with this status and code, and returns it parsed. */
export function expectProblem(result: HttpResult, status: number, code: string): z.infer<typeof Problem> {
  expect(result.status, result.text).toBe(status);
  expect(result.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const problem = Problem.parse(result.json);
  expect(problem).toMatchObject({ status, code, type: `urn:caseworks:problem:${code}` });
  expect(problem.title.length).toBeGreaterThan(0);
  expect(problem.detail.length).toBeGreaterThan(0);
  expect(result.text).not.toMatch(/\bat .+:\d+:\d+|node_modules|Error:/);
  return problem;
}

/**
 * Fields the service's extensions add, each only where it applies: a cancelled order's `cancelled_at`;
 * the commercial terms' fields (docs/service-interface.md, Deals and split cases).
 */
const EXTENSION_FIELDS = new Set(['cancelled_at', 'deals', 'split_case', 'split_case_fees_cents', 'unit', 'split_case_fee_cents', 'deal', 'delivery_terms', 'requested_delivery_date']);

/**
 * Asserts that an object has exactly the fields of a zod object schema and parses with it; an
 * extension's field may be absent, since the seed's interface does not have it.
 */
export function expectExactShape<S extends z.ZodObject>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.parse(value);
  const expected = Object.keys(schema.shape).filter((key) => !EXTENSION_FIELDS.has(key) || Object.hasOwn(value as object, key));
  expect(Object.keys(value as object).sort()).toEqual(expected.sort());
  return parsed;
}

export const SHIPPING_ADDRESS: ShippingAddressInput = { street1: '1 Test Street', city: 'Napa', state: 'CA', zip: '94558' };

/** A product that can be ordered at its minimum several times over. */
export async function orderableProduct(harness: Harness, skip = 0): Promise<CatalogProduct> {
  const page = (await harness.request('GET', '/products?per_page=100&sort=price_desc')).json as { data: CatalogProduct[] };
  const candidates = page.data.filter((product) => product.inventory_available >= product.minimum_order * 4);
  const product = candidates[skip];
  if (!product) throw new Error('no orderable product in the demo catalog');
  return product;
}

export const orderBodyFor = (product: CatalogProduct, quantity = product.minimum_order): CreateOrderBody => ({
  supplier_id: product.supplier.id,
  items: [{ product_id: product.id, quantity }],
  shipping_address: SHIPPING_ADDRESS,
  buyer_notes: 'Leave at the loading dock.',
});
