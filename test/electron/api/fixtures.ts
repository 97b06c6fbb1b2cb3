import type { Account, CreateOrderBody, Order, Supplier } from '../../../shared';

export const TEST_KEY = 'cw_test_9f8e7d6c5b4a39281716';

export const account: Account = {
  id: 'org_buyer1',
  type: 'buyer',
  name: 'Corner Wine Shop',
  dba_name: null,
  email: 'buyer@example.com',
  phone: '+15035550100',
  license: { number: 'L-1', state: 'OR', type: 'retail', verified: true, verified_at: '2026-01-01T00:00:00.000Z' },
  address: { street1: '1 Main St', street2: null, city: 'Portland', state: 'OR', zip: '97201' },
  stats: { total_orders: 3, shipping_addresses: 1, favorites: 0 },
  created_at: '2026-01-01T00:00:00.000Z',
};

export const supplier: Supplier = {
  id: 'sup_abc',
  name: 'Hill Winery',
  dba_name: null,
  location: 'Napa, CA',
  total_products: 12,
  created_at: '2026-01-01T00:00:00.000Z',
};

export const orderBody: CreateOrderBody = {
  supplier_id: 'sup_abc',
  items: [{ product_id: 'prod_1', quantity: 2 }],
  shipping_address: { street1: '1 Main St', city: 'Portland', state: 'OR', zip: '97201' },
};

export function orderFor(body: CreateOrderBody, id = 'ord_1'): Order {
  const items = body.items.map((line, index) => ({
    id: `item_${index + 1}`,
    product_id: line.product_id,
    product_name: 'Pinot Noir',
    quantity: line.quantity,
    unit_price_cents: 10_000,
    total_cents: 10_000 * line.quantity,
  }));
  const subtotal = items.reduce((sum, item) => sum + item.total_cents, 0);
  return {
    id,
    order_number: `CW-${id}`,
    status: 'confirmed',
    supplier: { id: body.supplier_id, name: 'Hill Winery', address: 'Napa, CA' },
    items,
    subtotal_cents: subtotal,
    shipping_cents: 0,
    platform_fee_cents: 0,
    total_cents: subtotal,
    shipping_address: body.shipping_address,
    buyer_notes: body.buyer_notes ?? null,
    tracking: null,
    timeline: [
      { event: 'order_placed', timestamp: '2026-01-01T00:00:00.000Z' },
      { event: 'order_confirmed', timestamp: '2026-01-01T00:00:00.000Z' },
    ],
    created_at: '2026-01-01T00:00:00.000Z',
    confirmed_at: '2026-01-01T00:00:00.000Z',
    shipped_at: null,
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function problem(status: number, code: string, detail: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ type: `https://caseworks.test/problems/${code}`, title: code, status, detail, code, ...extra }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

/**
 * A fetch that answers from a script, one responder per request (the last one repeats), and
 * records what it was asked.
 */
export function scriptedFetch(...responders: Array<(request: RecordedRequest, signal: AbortSignal | undefined) => Response | Promise<Response>>) {
  const requests: RecordedRequest[] = [];
  const fetchImpl = async (input: string | URL | Request, init: RequestInit = {}) => {
    const request: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : null,
    };
    requests.push(request);
    const responder = responders[Math.min(requests.length - 1, responders.length - 1)];
    if (!responder) throw new Error('no responder');
    return responder(request, init.signal ?? undefined);
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}

export const networkDown = () => {
  throw new TypeError('fetch failed');
};

/** Never answers until the request is aborted. */
export const hang = (_request: RecordedRequest, signal: AbortSignal | undefined) =>
  new Promise<Response>((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
  });
