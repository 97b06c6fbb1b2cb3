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
  getServiceExtensions: {},
  cancelOrder: { id: 'ord_abc123' },
  listWebhookDeliveries: { id: 'wh_abc123', page: 1, perPage: 10 },
  sendWebhookTest: { id: 'wh_abc123' },
  setWebhookActive: { id: 'wh_abc123', active: false },
};
