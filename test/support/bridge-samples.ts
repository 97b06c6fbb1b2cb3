import type { BridgeInput, BridgeMethod } from '../../shared/bridge/contract';

const order = {
  supplier_id: 'sup_abc123',
  items: [{ product_id: 'prod_abc123', quantity: 2 }],
  shipping_address: { street1: '1 Main St', city: 'Napa', state: 'CA' as const, zip: '94558' },
};

/** One valid input per contract method; a new method fails to compile until it has one. */
export const validBridgeInputs: { [M in BridgeMethod]: BridgeInput<M> } = {
  getSession: {},
  useDemoService: {},
  connectService: { baseUrl: 'https://wine.example.com/api/v1', apiKey: 'sk_live_abcdefgh' },
  signOut: {},
  getSyncStatus: {},
  syncNow: {},
  clearCache: {},
  searchCatalog: { text: 'pinot', inStock: true },
  lookupProductCode: { code: '012345678905' },
  getProduct: { id: 'prod_abc123' },
  listSuppliers: { q: 'napa' },
  getSupplier: { id: 'sup_abc123' },
  listSupplierProducts: { id: 'sup_abc123', page: 2 },
  listOrders: { status: 'shipped' },
  getOrder: { id: 'ord_abc123' },
  submitOrders: { drafts: [{ order, supplierName: 'Vineyard', estimatedTotalCents: 1000 }] },
  listOutbox: {},
  retryOutboxEntry: { id: 'outbox-1' },
  updateOutboxEntry: { id: 'outbox-1', order },
  discardOutboxEntry: { id: 'outbox-1' },
  getAccount: {},
  listWebhooks: {},
  createWebhook: { url: 'https://hooks.example.com/in', events: ['order.shipped'] },
  deleteWebhook: { id: 'wh_abc123' },
  openTrackingLink: { url: 'https://track.example.com/1Z999' },
  getAddressBook: {},
  addSavedAddress: { label: 'Warehouse', address: order.shipping_address },
  updateSavedAddress: { id: 'adr_00000000-0000-4000-8000-000000000001', label: 'Warehouse', address: order.shipping_address },
  deleteSavedAddress: { id: 'adr_00000000-0000-4000-8000-000000000001' },
  setDefaultAddress: { id: null },
  getFavourites: {},
  setFavourite: { productId: 'prod_abc123', favourite: true },
};
