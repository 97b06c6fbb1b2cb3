import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, Problem, endpoints, type EndpointName, type EndpointSpec } from '../../../shared';
import { startHarness, type Harness } from './harness';
import { OpenApiChecker, type OpenApiDocument } from './property/openapi-checker';
import {
  catalogChangesQuery,
  noQuery,
  orderBody,
  orderListQuery,
  pageQuery,
  pathId,
  productListQuery,
  supplierListQuery,
  webhookBody,
  webhookUpdateBody,
  type Catalog,
} from './property/arbitraries';

/**
 * Property-based checks of every endpoint over real HTTP (PGlite, or PostgreSQL when DATABASE_URL
 * is set): generated valid and invalid queries and bodies, and for every answer —
 * - never a 5xx;
 * - the status is declared for the operation in the service's own OpenAPI document, and the body
 *   matches the schema declared there (ajv, JSON Schema 2020-12);
 * - a 2xx body parses with the contract's response schema; a 4xx is problem JSON with a known code;
 * - the service and the document agree on what is valid: a query or body the contract refuses is a
 *   400 and the document refuses it too, and one it accepts is never a 400 and the document accepts it.
 * Run counts are bounded so the suite takes well under a minute per database on two cores; the
 * seed is fixed (PROPERTY_SEED overrides it) so a failure is reproducible.
 */

const SEED = Number(process.env.PROPERTY_SEED ?? 20_261_123);
const RUNS: Record<EndpointName, number> = {
  listSuppliers: 150,
  listSupplierProducts: 120,
  listProducts: 200,
  getProduct: 120,
  createOrder: 200,
  listOrders: 120,
  getOrder: 120,
  getAccount: 60,
  listWebhooks: 60,
  createWebhook: 120,
  deleteWebhook: 100,
  cancelOrder: 100,
  listWebhookDeliveries: 60,
  testWebhook: 40,
  updateWebhook: 100,
  catalogChanges: 150,
};

type QueryPair = [string, string];
interface Request {
  /** The path id (endpoints with one), as written into the path; `CREATED` takes a webhook this run made. */
  id?: string;
  query: QueryPair[];
  body?: unknown;
  /** 'none' sends no Authorization header. */
  key: 'buyer' | 'none';
}

let harness: Harness;
let checker: OpenApiChecker;
let catalog: Catalog;
let supplierIds: string[];
let ownOrderIds: string[];
let otherOrderIds: string[];
let knownWebhookIds: string[];
/** Cursors the change feed gave: after its first entries, and at its end. */
let knownCursors: string[];
/** Registrations of both buyers, none deleted by this suite (the extensions' path ids). */
let bothBuyersWebhookIds: string[];
const createdWebhookIds: string[] = [];
const sent = new Map<EndpointName, { requests: number; byStatus: Map<number, number> }>();

beforeAll(async () => {
  harness = await startHarness();
  const document = (await harness.request('GET', '/openapi.json', { key: null })).json as OpenApiDocument;
  checker = new OpenApiChecker(document);
  const products: Catalog['products'] = [];
  for (const sort of ['price_desc', 'name']) {
    const page = (await harness.request('GET', `/products?per_page=100&sort=${sort}`)).json as {
      data: Array<{ id: string; supplier: { id: string }; minimum_order: number; inventory_available: number }>;
    };
    for (const product of page.data) {
      if (product.inventory_available >= product.minimum_order * 10) products.push({ id: product.id, supplierId: product.supplier.id, minimum: product.minimum_order });
    }
  }
  catalog = { products };
  supplierIds = [...new Set(products.map((product) => product.supplierId))];
  const ordersOf = async (key: string) =>
    ((await harness.request('GET', '/orders?per_page=20', { key })).json as { data: Array<{ id: string }> }).data.map((order) => order.id);
  ownOrderIds = await ordersOf(harness.buyerA.api_key);
  otherOrderIds = await ordersOf(harness.buyerB.api_key);
  const webhooksOf = async (key: string) =>
    ((await harness.request('GET', '/webhooks', { key })).json as { data: Array<{ id: string }> }).data.map((webhook) => webhook.id);
  knownWebhookIds = [...(await webhooksOf(harness.buyerB.api_key)), 'CREATED', 'CREATED'];
  bothBuyersWebhookIds = [...(await webhooksOf(harness.buyerA.api_key)), ...(await webhooksOf(harness.buyerB.api_key))];
  const first = (await harness.request('GET', '/catalog/changes?limit=3')).json as { next_cursor: string };
  knownCursors = [first.next_cursor];
  for (let cursor = first.next_cursor; ; ) {
    const page = (await harness.request('GET', `/catalog/changes?limit=1000&since=${cursor}`)).json as { next_cursor: string; has_more: boolean };
    cursor = page.next_cursor;
    if (!page.has_more) {
      knownCursors.push(cursor);
      break;
    }
  }
  expect(products.length).toBeGreaterThan(10);
  expect(ownOrderIds.length).toBeGreaterThan(0);
  expect(otherOrderIds.length).toBeGreaterThan(0);
});

afterAll(async () => {
  await harness?.close();
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const rows = [...sent].map(([name, { requests, byStatus }]) => {
    const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
    return `  ${endpoints[name].method.padEnd(6)} ${endpoints[name].path.padEnd(24)} ${String(requests).padStart(5)}  ${statuses}`;
  });
  const total = [...sent.values()].reduce((sum, entry) => sum + entry.requests, 0);
  const fiveHundreds = [...sent.values()].reduce((sum, entry) => sum + [...entry.byStatus].filter(([status]) => status >= 500).reduce((s, [, n]) => s + n, 0), 0);
  console.log(`property-based requests on ${database} (seed ${SEED}): ${total} requests, ${fiveHundreds} 5xx\n${rows.join('\n')}`);
});

const withKey = (arbitrary: fc.Arbitrary<Omit<Request, 'key'>>): fc.Arbitrary<Request> =>
  fc.tuple(arbitrary, fc.oneof({ weight: 24, arbitrary: fc.constant<'buyer'>('buyer') }, { weight: 1, arbitrary: fc.constant<'none'>('none') })).map(([request, key]) => ({ ...request, key }));

function arbitraryFor(name: EndpointName): fc.Arbitrary<Request> {
  const query = (q: fc.Arbitrary<QueryPair[]>) => q.map((pairs) => ({ query: pairs }));
  const idAnd = (ids: fc.Arbitrary<string>, q: fc.Arbitrary<QueryPair[]>) => fc.record({ id: ids, query: q });
  switch (name) {
    case 'listSuppliers':
      return withKey(query(supplierListQuery));
    case 'listSupplierProducts':
      return withKey(idAnd(pathId(supplierIds, 'sup'), pageQuery));
    case 'listProducts':
      return withKey(query(productListQuery(supplierIds)));
    case 'getProduct':
      return withKey(idAnd(pathId(catalog.products.map((product) => product.id), 'prod'), noQuery));
    case 'createOrder':
      return withKey(fc.record({ query: noQuery, body: orderBody(catalog) }));
    case 'listOrders':
      return withKey(query(orderListQuery));
    case 'getOrder':
      return withKey(idAnd(pathId([...ownOrderIds, ...otherOrderIds], 'ord'), noQuery));
    case 'getAccount':
    case 'listWebhooks':
      return withKey(query(noQuery));
    case 'createWebhook':
      return withKey(fc.record({ query: noQuery, body: webhookBody }));
    case 'deleteWebhook':
      return withKey(idAnd(pathId(knownWebhookIds, 'wh'), noQuery));
    case 'cancelOrder':
      return withKey(idAnd(pathId([...ownOrderIds, ...otherOrderIds], 'ord'), noQuery));
    case 'listWebhookDeliveries':
      return withKey(idAnd(pathId(bothBuyersWebhookIds, 'wh'), pageQuery));
    case 'testWebhook':
      return withKey(idAnd(pathId(bothBuyersWebhookIds, 'wh'), noQuery));
    case 'updateWebhook':
      return withKey(fc.record({ id: pathId(bothBuyersWebhookIds, 'wh'), query: noQuery, body: webhookUpdateBody }));
    case 'catalogChanges':
      return withKey(query(catalogChangesQuery(knownCursors)));
  }
}

/** The query as the service receives it: repeated names become lists. */
function receivedQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const seen = Object.hasOwn(query, name) ? query[name] : undefined;
    const next = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
    Object.defineProperty(query, name, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return query;
}

const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Which answers the contract allows for a request; null when any non-400 answer will do. */
function expectedStatuses(name: EndpointName, spec: EndpointSpec, ok: { id: boolean; query: boolean; body: boolean }): number[] {
  if (!ok.id) return [404];
  if (!ok.query || !ok.body) return [400];
  switch (name) {
    case 'createOrder':
      return [201, 404, 409, 422];
    case 'createWebhook':
      // 409 webhook_limit_reached once the run has filled the account's WEBHOOKS_PER_ACCOUNT_MAX places.
      return [201, 409];
    case 'cancelOrder':
    case 'testWebhook':
      return [200, 404, 409];
    case 'catalogChanges':
      // base64url text of the right form that is no cursor of this service is a 400 naming since.
      return [200, 400];
    default:
      return spec.params ? [spec.status, 404] : [spec.status];
  }
}

async function check(name: EndpointName, request: Request): Promise<void> {
  const spec: EndpointSpec = endpoints[name];
  const id = request.id === 'CREATED' ? (createdWebhookIds.pop() ?? 'wh_none') : request.id;
  const path = spec.path.replace(':id', id ?? '');
  const search = new URLSearchParams(request.query).toString();
  const result = await harness.request(spec.method, path + (search ? `?${search}` : ''), {
    key: request.key === 'none' ? null : undefined,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const entry = sent.get(name) ?? { requests: 0, byStatus: new Map<number, number>() };
  entry.requests += 1;
  entry.byStatus.set(result.status, (entry.byStatus.get(result.status) ?? 0) + 1);
  sent.set(name, entry);

  const what = `${spec.method} ${path}${search ? `?${search}` : ''} ${request.body === undefined ? '' : JSON.stringify(request.body).slice(0, 300)} → ${result.status} ${result.text.slice(0, 300)}`;
  expect(result.status, what).toBeLessThan(500);

  const template = spec.path.replace(/:([a-z_]+)/g, '{$1}');
  expect(checker.responseFaults(spec.method, template, result.status, result.headers.get('content-type'), result.json), what).toEqual([]);
  if (result.status >= 200 && result.status < 300) {
    expect(result.headers.get('content-type'), what).toMatch(/^application\/json/);
    expect(spec.response.safeParse(result.json).success, what).toBe(true);
    if (name === 'createWebhook') createdWebhookIds.push((result.json as { id: string }).id);
  } else {
    expect(result.headers.get('content-type'), what).toMatch(/^application\/problem\+json/);
    const problem = Problem.parse(result.json);
    expect(ERROR_CODES as readonly string[], what).toContain(problem.code);
    expect(problem.status, what).toBe(result.status);
  }

  // The contract's verdict, and the document's verdict on the same request.
  const query = receivedQuery(search);
  const emptyItemId = spec.params !== undefined && (id ?? '') === '';
  const ok = {
    id: !spec.params || spec.params.safeParse({ id: decodeSegment(id ?? '') }).success,
    query: spec.query.safeParse(query).success,
    body: !spec.body || spec.body.safeParse(request.body).success,
  };
  if (request.key === 'none') {
    expect(result.status, what).toBe(emptyItemId ? 404 : 401);
    return;
  }
  expect(expectedStatuses(name, spec, ok), what).toContain(result.status);
  if (ok.query && result.status === 400 && name === 'catalogChanges') {
    expect(Problem.parse(result.json).errors?.map((error) => error.pointer), what).toEqual(['/query/since']);
  } else if (ok.query && result.status === 400) expect(ok.body, what).toBe(false);
  if (ok.id) expect(checker.acceptsQuery(spec.method, template, query), `the document's verdict on the query of ${what}`).toBe(ok.query);
  if (spec.body) expect(checker.acceptsBody(spec.method, template, request.body), `the document's verdict on the body of ${what}`).toBe(ok.body);
}

describe(`every endpoint, property-based, over HTTP on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it.each(Object.keys(RUNS) as EndpointName[])('%s: no 5xx, every answer as the OpenAPI document declares it', { timeout: 60_000 }, async (name) => {
    await fc.assert(
      fc.asyncProperty(arbitraryFor(name), (request) => check(name, request)),
      { numRuns: RUNS[name], seed: SEED, endOnFailure: true },
    );
    expect(sent.get(name)?.requests).toBeGreaterThanOrEqual(RUNS[name]);
  });
});
