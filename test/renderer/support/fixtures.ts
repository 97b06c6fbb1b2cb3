import type { Account, CatalogProduct, Order, OrderListItem, Product, Supplier, Webhook } from '../../../shared/schemas';

const CREATED = '2026-11-01T10:00:00.000Z';

export const suppliers: Supplier[] = [
  { id: 'sup_napa', name: 'Napa Ridge Cellars', dba_name: null, location: 'Napa, CA', total_products: 2, created_at: CREATED },
  { id: 'sup_sonoma', name: 'Sonoma Coast Wines', dba_name: 'SCW', location: 'Healdsburg, CA', total_products: 2, created_at: CREATED },
];

export function makeProduct(overrides: Partial<Product> & Pick<Product, 'id' | 'name'>): Product {
  const supplier = suppliers[0]!;
  return {
    brand: 'Napa Ridge',
    varietal: 'Cabernet Sauvignon',
    vintage: 2019,
    region: 'Napa Valley',
    appellation: 'Oakville',
    country: 'USA',
    abv: 14.5,
    size_ml: 750,
    pack_size: 12,
    case_price_cents: 36_000,
    bottle_price_cents: 3_000,
    inventory_available: 40,
    minimum_order: 2,
    sku: `SKU-${overrides.id}`,
    upc: null,
    description: 'A structured red.',
    tasting_notes: 'Blackcurrant, cedar.',
    supplier: { id: supplier.id, name: supplier.name, location: supplier.location, total_products: supplier.total_products },
    image_url: null,
    created_at: CREATED,
    updated_at: CREATED,
    ...overrides,
  };
}

const sonoma = { id: 'sup_sonoma', name: 'Sonoma Coast Wines', location: 'Healdsburg, CA', total_products: 2 };

export const products: Product[] = [
  makeProduct({ id: 'prod_cab', name: 'Ridge Cabernet 2019', upc: '012345678905' }),
  makeProduct({ id: 'prod_merlot', name: 'Ridge Merlot 2020', varietal: 'Merlot', vintage: 2020, case_price_cents: 24_000, bottle_price_cents: 2_000, minimum_order: 1 }),
  makeProduct({ id: 'prod_pinot', name: 'Coast Pinot Noir', varietal: 'Pinot Noir', region: 'Sonoma Coast', supplier: sonoma, case_price_cents: 30_000, bottle_price_cents: 2_500, minimum_order: 3, inventory_available: 10, upc: '036000291452' }),
  makeProduct({ id: 'prod_chard', name: 'Coast Chardonnay', varietal: 'Chardonnay', region: 'Sonoma Coast', supplier: sonoma, inventory_available: 0 }),
];

export const product = (id: string): Product => {
  const found = products.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no fixture product ${id}`);
  return found;
};

export function toCatalogProduct(item: Product): CatalogProduct {
  const { country: _country, sku: _sku, upc: _upc, description: _description, tasting_notes: _notes, updated_at: _updated, supplier, ...rest } = item;
  return { ...rest, supplier: { id: supplier.id, name: supplier.name, location: supplier.location } };
}

export const account: Account = {
  id: 'org_demo',
  type: 'buyer',
  name: 'Bistro Verde',
  dba_name: 'Verde',
  email: 'buyer@bistroverde.test',
  phone: '+1 415 555 0100',
  license: { number: 'CA-123', state: 'CA', type: 'On-sale general', verified: true, verified_at: CREATED },
  address: { street1: '12 Market St', street2: 'Suite 4', city: 'San Francisco', state: 'CA', zip: '94105' },
  stats: { total_orders: 3, shipping_addresses: 1, favorites: 2 },
  created_at: CREATED,
};

export const webhooks: Webhook[] = [
  { id: 'wh_one', url: 'https://hooks.example.com/one', events: ['order.shipped'], active: true, created_at: CREATED },
  { id: 'wh_two', url: 'https://hooks.example.com/two', events: ['order.confirmed', 'order.delivered'], active: false, created_at: CREATED },
];

export const shippedOrder: Order = {
  id: 'ord_shipped1',
  order_number: 'ORD-1001',
  status: 'shipped',
  supplier: { id: 'sup_napa', name: 'Napa Ridge Cellars', address: '1 Vine Rd, Napa, CA' },
  items: [{ id: 'item_1', product_id: 'prod_cab', product_name: 'Ridge Cabernet 2019', quantity: 2, unit_price_cents: 36_000, total_cents: 72_000 }],
  subtotal_cents: 72_000,
  shipping_cents: 3_200,
  platform_fee_cents: 1_800,
  total_cents: 77_000,
  shipping_address: { street1: '12 Market St, Suite 4', city: 'San Francisco', state: 'CA', zip: '94105' },
  buyer_notes: 'Back door',
  tracking: { carrier: 'UPS', tracking_number: '1Z999', tracking_url: 'https://ups.example/track/1Z999', estimated_delivery: '2026-11-25' },
  timeline: [
    { event: 'order_placed', timestamp: CREATED },
    { event: 'order_confirmed', timestamp: CREATED },
    { event: 'order_shipped', timestamp: '2026-11-02T10:00:00.000Z' },
  ],
  created_at: CREATED,
  confirmed_at: CREATED,
  shipped_at: '2026-11-02T10:00:00.000Z',
};

export const orderListItem = (order: Order): OrderListItem => ({
  id: order.id,
  order_number: order.order_number,
  status: order.status,
  supplier: { id: order.supplier.id, name: order.supplier.name },
  total_cents: order.total_cents,
  items_count: order.items.length,
  tracking: order.tracking ? { carrier: order.tracking.carrier, tracking_number: order.tracking.tracking_number, tracking_url: order.tracking.tracking_url } : null,
  created_at: order.created_at,
  shipped_at: order.shipped_at ?? null,
});
