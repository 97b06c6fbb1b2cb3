import { createHash } from 'node:crypto';
import type { Account, CatalogProduct, Order, OrderListItem, OrderStatus, Product, Supplier, Webhook } from '../../../shared';
import type { SyncApi } from '../../../electron/core/sync/sync-context';
import { makeCatalog } from '../search/catalog-fixture';

const etagOf = (value: unknown) => `"${createHash('sha1').update(JSON.stringify(value)).digest('base64url')}"`;
const stamp = '2026-11-01T10:00:00.000Z';

function paginate<T>(items: T[], page: number, perPage: number) {
  return {
    data: items.slice((page - 1) * perPage, page * perPage),
    meta: { total: items.length, page, per_page: perPage, total_pages: Math.ceil(items.length / perPage) },
  };
}

const detailOf = (item: CatalogProduct, n: number): Product => ({
  ...item,
  country: ['USA', 'USA', 'France', 'Argentina'][n % 4]!,
  sku: `SKU-${n}`,
  upc: String(100_000_000_000 + n),
  description: null,
  tasting_notes: null,
  supplier: { ...item.supplier, total_products: 1 },
  updated_at: item.created_at,
});

const orderOf = (n: number, status: OrderStatus): Order => ({
  id: `ord_${n}`,
  order_number: `CW-${1000 + n}`,
  status,
  supplier: { id: 'sup_napa', name: 'Silverado Cellars', address: '1 Vine St, Napa, CA' },
  items: [{ id: `item_${n}`, product_id: 'prod_00000', product_name: 'Wine', quantity: 1, unit_price_cents: 1000, total_cents: 1000 }],
  subtotal_cents: 1000,
  shipping_cents: 0,
  platform_fee_cents: 0,
  total_cents: 1000,
  shipping_address: { street1: '1 Main St', city: 'Napa', state: 'CA', zip: '94558' },
  buyer_notes: null,
  tracking: null,
  timeline: [],
  created_at: stamp,
  confirmed_at: stamp,
  shipped_at: null,
});

const listItemOf = (order: Order): OrderListItem => ({
  id: order.id,
  order_number: order.order_number,
  status: order.status,
  supplier: { id: order.supplier.id, name: order.supplier.name },
  total_cents: order.total_cents,
  items_count: order.items.length,
  tracking: null,
  created_at: order.created_at,
  shipped_at: null,
});

/**
 * An in-memory stand-in for the service behind the service client: the same call names, ETags
 * with 304 on If-None-Match, a switch to go offline after a number of calls, and a call log.
 */
export function createFakeService(options: { products?: number; suppliers?: number; orders?: number; accountId?: string; feed?: boolean } = {}) {
  const catalog = makeCatalog(options.products ?? 250);
  const state = {
    products: catalog.map((product) => product.item),
    details: new Map(catalog.map((product, n) => [product.item.id, detailOf(product.item, n)])),
    suppliers: Array.from({ length: options.suppliers ?? 3 }, (_, n): Supplier => ({
      id: `sup_${n}`,
      name: `Supplier ${n}`,
      dba_name: null,
      location: 'Napa, CA',
      total_products: 10,
      created_at: stamp,
    })),
    orders: Array.from({ length: options.orders ?? 3 }, (_, n) => orderOf(n, 'confirmed')),
    account: {
      id: options.accountId ?? 'org_buyer',
      type: 'buyer',
      name: 'Corner Wine Shop',
      dba_name: null,
      email: 'buyer@example.test',
      phone: '+1 555 0100',
      license: { number: 'L-1', state: 'CA', type: 'retail', verified: true, verified_at: stamp },
      address: { street1: '1 Main St', street2: null, city: 'Napa', state: 'CA', zip: '94558' },
      stats: { total_orders: 3, shipping_addresses: 1, favorites: 0 },
      created_at: stamp,
    } satisfies Account,
    webhooks: [] as Webhook[],
  };
  const log: { name: string; status: number | 'offline'; page?: number; id?: string; since?: string | null }[] = [];
  /**
   * The change feed (with `feed: true`): every product and supplier once, then each change as the
   * test makes it through `changeProduct`/`removeProduct`; read compacted (a record once, at its
   * latest change). Cursors are `c<seq>g<generation>`; `expireCursors` makes those issued so far answer 410.
   */
  const feed = {
    entries: [] as { seq: number; key: string; change: () => unknown }[],
    seq: 0,
    /** Cursors carry the generation they were issued in; `expireCursorsBefore` ends the current one. */
    generation: 0,
  };
  const record = (key: string, change: () => unknown) => feed.entries.push({ seq: (feed.seq += 1), key, change });
  const productEntry = (id: string) => () =>
    state.details.has(id) ? { type: 'product.changed', product: structuredClone(state.details.get(id)) } : { type: 'product.removed', id };
  for (const supplier of state.suppliers) record(`s:${supplier.id}`, () => ({ type: 'supplier.changed', supplier: structuredClone(supplier) }));
  for (const item of state.products) record(`p:${item.id}`, productEntry(item.id));
  let callsUntilOffline = Infinity;
  /** How an unreachable service is worded; code decides, so any wording must do. */
  let offlineMessage = 'Could not reach the service at 127.0.0.1. Check the network connection.';
  const concurrency = { current: 0, max: 0 };

  const respond = (name: string, body: unknown, etag: string | null | undefined, extra: { page?: number; id?: string } = {}) => {
    if (callsUntilOffline <= 0) {
      log.push({ name, status: 'offline', ...extra });
      return { ok: false as const, error: { code: 'offline', message: offlineMessage, retryable: true } };
    }
    callsUntilOffline -= 1;
    const tag = etagOf(body);
    if (etag === tag) {
      log.push({ name, status: 304, ...extra });
      return { ok: true as const, notModified: true as const, etag: tag, status: 304 as const };
    }
    log.push({ name, status: 200, ...extra });
    return { ok: true as const, notModified: false as const, data: structuredClone(body), etag: tag, status: 200 };
  };

  type Options = {
    query?: { page?: number | string; per_page?: number | string; since?: string; limit?: string };
    params?: { id: string };
    etag?: string | null;
    onHeaders?: (headers: Headers) => void;
  };
  const call = async (name: string, callOptions: Options = {}) => {
    concurrency.current += 1;
    concurrency.max = Math.max(concurrency.max, concurrency.current);
    try {
      await new Promise((resolve) => setImmediate(resolve));
      return answer(name, callOptions);
    } finally {
      concurrency.current -= 1;
    }
  };
  const answer = (name: string, callOptions: Options) => {
    const page = Number(callOptions.query?.page ?? 1);
    const perPage = Number(callOptions.query?.per_page ?? 50);
    const id = callOptions.params?.id;
    switch (name) {
      case 'getAccount':
        return respond(name, state.account, callOptions.etag);
      case 'listSuppliers':
        return respond(name, paginate(state.suppliers, page, perPage), callOptions.etag, { page });
      case 'listProducts':
        return respond(name, paginate(state.products, page, perPage), callOptions.etag, { page });
      case 'listOrders':
        return respond(name, paginate(state.orders.map(listItemOf), page, perPage), callOptions.etag, { page });
      case 'getOrder':
        return respond(name, state.orders.find((order) => order.id === id), callOptions.etag, { id });
      case 'listWebhooks':
        return respond(name, { data: state.webhooks }, callOptions.etag);
      case 'getProduct':
        return respond(name, state.details.get(id!), callOptions.etag, { id });
      case 'catalogChanges':
        return changes(callOptions.query?.since ?? null, Number(callOptions.query?.limit ?? 500), callOptions.onHeaders);
      default:
        throw new Error(`the fake service has no ${name}`);
    }
  };

  /** A page with more waiting names the next in `Link`, told through `onHeaders` as the service client tells it. */
  function changes(since: string | null, limit: number, onHeaders?: (headers: Headers) => void) {
    // A service without the feed answers 404 (not counted against goOfflineAfter, so tests of the list pages count as before).
    if (!options.feed && callsUntilOffline > 0) {
      log.push({ name: 'catalogChanges', status: 404, since });
      return { ok: false as const, error: { code: 'not_found', message: 'Not found.', retryable: false, status: 404, problemCode: 'not_found' } };
    }
    if (callsUntilOffline <= 0) {
      log.push({ name: 'catalogChanges', status: 'offline', since });
      return { ok: false as const, error: { code: 'offline', message: offlineMessage, retryable: true, status: null, problemCode: null } };
    }
    callsUntilOffline -= 1;
    const [after, generation] = since === null ? [0, feed.generation] : since.slice(1).split('g').map(Number) as [number, number];
    if (since !== null && generation < feed.generation) {
      log.push({ name: 'catalogChanges', status: 410, since });
      return { ok: false as const, error: { code: 'conflict', message: 'The cursor can no longer be served.', retryable: false, status: 410, problemCode: 'cursor_expired' } };
    }
    const latest = new Map<string, (typeof feed.entries)[number]>();
    for (const entry of feed.entries) latest.set(entry.key, entry);
    const pending = [...latest.values()].filter((entry) => entry.seq > after).sort((a, b) => a.seq - b.seq);
    const taken = pending.slice(0, limit);
    log.push({ name: 'catalogChanges', status: 200, since });
    const nextCursor = `c${taken.at(-1)?.seq ?? after}g${feed.generation}`;
    const hasMore = pending.length > taken.length;
    onHeaders?.(new Headers(hasMore ? { link: `<?since=${nextCursor}&limit=${limit}>; rel="next"` } : {}));
    return {
      ok: true as const,
      notModified: false as const,
      data: { data: taken.map((entry) => entry.change()), next_cursor: nextCursor, has_more: hasMore },
      etag: null,
      status: 200,
    };
  }

  return {
    api: { call } as unknown as SyncApi,
    /** Changes a product (its list item and detail) as the service would, logging it in the feed. */
    changeProduct(index: number, patch: Partial<Omit<CatalogProduct, 'supplier'>>) {
      const item = { ...state.products[index]!, ...patch };
      state.products[index] = item;
      state.details.set(item.id, { ...state.details.get(item.id)!, ...patch });
      record(`p:${item.id}`, productEntry(item.id));
    },
    removeProduct(index: number) {
      const [item] = state.products.splice(index, 1);
      state.details.delete(item!.id);
      record(`p:${item!.id}`, productEntry(item!.id));
    },
    /** Every cursor issued so far answers 410 from now on (as when the service pruned what they need). */
    expireCursors() {
      feed.generation += 1;
    },
    state,
    log,
    catalog,
    concurrency,
    goOfflineAfter(calls: number, message = offlineMessage) {
      callsUntilOffline = calls;
      offlineMessage = message;
    },
    goOnline() {
      callsUntilOffline = Infinity;
    },
    clearLog() {
      log.length = 0;
    },
  };
}
