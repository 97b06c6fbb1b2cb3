import type { z } from 'zod';
import {
  ok,
  fail,
  type OutboxReview,
  type BridgeEvent,
  type BridgeMethod,
  type CaseworksBridge,
  type AddressBook,
  type OrderGuide,
  type OutboxEntry,
  type OutboxProblem,
} from '../../../shared/bridge';
import { orderTotals } from '../../../shared/pricing';
import type { Order, Webhook } from '../../../shared/schemas';
import * as fixtures from './fixtures';
import { fakeOrderHistory } from './fakeOrderHistory';
import { createFakeAccountFiles } from './fakeAccountFiles';
import { createFakeCatalog } from './fakeCatalog';
import { createFakeOutbox } from './fakeOutbox';
import { createFakeSession } from './fakeSession';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import type { BridgeHandlers } from '../../../electron/bridge/handler-types';
import { createOrderHandlers, type OrderHandlerDeps } from '../../../electron/bridge/handlers/orders';
import { succeed } from '../../../electron/core/failure';

export interface Call {
  method: BridgeMethod | 'subscribe';
  input: unknown;
}

const freshness = { asOf: '2026-11-22T08:00:00.000Z', fromCache: true };

/**
 * An in-memory stand-in for main behind the real `CaseworksBridge` type: it answers from the
 * typed fixtures, keeps an outbox, records every call and lets a test push events.
 */
export function createFakeBridge(overrides: Partial<CaseworksBridge> = {}) {
  const calls: Call[] = [];
  const listeners = new Set<(event: BridgeEvent) => void>();
  const record = (method: Call['method'], input: unknown) => calls.push({ method, input });
  let webhooks: Webhook[] = [...fixtures.webhooks];
  let nextId = 1;
  let historyOrders: readonly Order[] = [fixtures.shippedOrder];
  let exportOutcome: 'download' | 'saved' | 'cancelled' = 'download';
  /** Who is signed in and the buyer accounts on this computer (fakeSession.ts). */
  const signIn = createFakeSession(record, () => pending());
  const session = () => signIn.current();
  /** The account's own files as the app keeps them (address book, favourites: their stores, handlers and dispatcher). */
  const accountFiles = createFakeAccountFiles(() => session().mode !== 'none', {
    products: async (ids) => succeed(ids.map((id) => fixtures.products.find((item) => item.id === id)).map((item) => (item ? fixtures.toCatalogProduct(item) : null))),
    lookupCode: async (code) => {
      const found = fixtures.products.find((item) => item.sku === code || item.upc === code);
      return succeed(found ? fixtures.toCatalogProduct(found) : null);
    },
    catalogAsOf: async () => freshness.asOf,
    productCodes: async (id) => {
      const found = fixtures.products.find((item) => item.id === id);
      return succeed(found ? { sku: found.sku, upc: found.upc } : null);
    },
    pastOrder: async (id) => succeed(historyOrders.find((order) => order.id === id) ?? null),
    detailCoverage: async () => ({ stored: fixtures.products.length, catalog: fixtures.products.length }),
  });
  /** The offline catalog: what is kept offline (Settings) and its search, as the app answers it. */
  const catalog = createFakeCatalog({ asOf: freshness.asOf, favouriteIds: () => accountFiles.favouriteIds() });
  /** The app's own outbox, in memory, filing orders under the signed-in account. */
  const outbox = createFakeOutbox(() => (session().mode === 'none' ? null : (session().account?.id ?? null)));
  const pending = () => outbox.entries().filter((entry) => entry.state !== 'confirmed').length;
  /** Only the outbox's methods of the order handlers are called: their reads of the service are not. */
  const outboxHandlers = createOrderHandlers({ outbox: () => outbox.outbox() } as Pick<OrderHandlerDeps, 'outbox'> as OrderHandlerDeps);
  const outboxDispatcher = createDispatcher({ handlers: outboxHandlers as unknown as BridgeHandlers });
  const outboxCall = <M extends 'submitOrders' | 'listOutbox' | 'retryOutboxEntry' | 'updateOutboxEntry' | 'discardOutboxEntry'>(method: M) =>
    ((input?: unknown) => {
      record(method, input);
      return outboxDispatcher.dispatch(method, input);
    }) as unknown as CaseworksBridge[M];

  const base: CaseworksBridge = {
    ...signIn.methods,
    async getSyncStatus(input) {
      record('getSyncStatus', input);
      return ok({
        online: session().online,
        running: false,
        cacheBytes: 3 * 1024 * 1024,
        datasets: [
          { name: 'catalog', updatedAt: freshness.asOf, count: fixtures.products.length, error: null },
          { name: 'orders', updatedAt: null, count: 0, error: 'The service did not answer' },
        ],
      });
    },
    async syncNow(input) {
      record('syncNow', input);
      return ok({ started: true });
    },
    async clearCache(input) {
      record('clearCache', input);
      return ok({ freedBytes: 1024 });
    },
    async searchCatalog(input = {}) {
      record('searchCatalog', input);
      return catalog.methods.searchCatalog(input);
    },
    async prepareSearch(input) {
      record('prepareSearch', input);
      return ok({ read: false });
    },
    async getOfflineChoice(input) {
      record('getOfflineChoice', input);
      return catalog.methods.getOfflineChoice(input);
    },
    async setOfflineChoice(input) {
      record('setOfflineChoice', input);
      return catalog.methods.setOfflineChoice(input);
    },
    async lookupProductCode(input) {
      record('lookupProductCode', input);
      return catalog.methods.lookupProductCode(input);
    },
    async matchProductCodes(input) {
      record('matchProductCodes', input);
      return catalog.methods.matchProductCodes(input);
    },
    async getProduct(input) {
      record('getProduct', input);
      const found = fixtures.products.find((item) => item.id === input.id);
      return found ? ok({ data: found, freshness }) : fail('not_found', 'That product is not in the catalog.');
    },
    async listSuppliers(input = {}) {
      record('listSuppliers', input);
      const q = input.q?.toLowerCase();
      const items = fixtures.suppliers.filter((supplier) => !q || supplier.name.toLowerCase().includes(q));
      return ok({ items, meta: { total: items.length, page: 1, per_page: 50, total_pages: 1 }, regions: ['Napa Valley', 'Sonoma County'], states: [{ value: 'CA', label: 'California' }], freshness });
    },
    async getSupplier(input) {
      record('getSupplier', input);
      const found = fixtures.suppliers.find((supplier) => supplier.id === input.id);
      return found ? ok({ data: found, freshness }) : fail('not_found', 'No such supplier.');
    },
    async listSupplierProducts(input) {
      record('listSupplierProducts', input);
      const items = fixtures.products
        .filter((item) => item.supplier.id === input.id)
        .map(({ id, name, varietal, vintage, case_price_cents, inventory_available, image_url }) => ({ id, name, varietal, vintage, case_price_cents, inventory_available, image_url }));
      return ok({ items, meta: { total: items.length, page: 1, per_page: 50, total_pages: 1 }, freshness });
    },
    async listOrders(input = {}) {
      record('listOrders', input);
      const items = [fixtures.shippedOrder].filter((order) => !input.status || order.status === input.status).map(fixtures.orderListItem);
      return ok({ items, meta: { total: items.length, page: 1, per_page: 25, total_pages: items.length ? 1 : 0 }, freshness });
    },
    async getOrder(input) {
      record('getOrder', input);
      const order = historyOrders.find((candidate) => candidate.id === input.id);
      return order ? ok({ data: order, freshness }) : fail('not_found', 'No such order.');
    },
    // The outbox's methods: the app's handlers (electron/bridge/handlers/orders.ts) and dispatcher over its own outbox (fakeOutbox.ts).
    submitOrders: outboxCall('submitOrders'),
    listOutbox: outboxCall('listOutbox'),
    retryOutboxEntry: outboxCall('retryOutboxEntry'),
    updateOutboxEntry: outboxCall('updateOutboxEntry'),
    discardOutboxEntry: outboxCall('discardOutboxEntry'),
    async getAccount(input) {
      record('getAccount', input);
      return ok({ data: fixtures.account, freshness });
    },
    async listWebhooks(input) {
      record('listWebhooks', input);
      return ok({ items: webhooks, freshness });
    },
    async createWebhook(input) {
      record('createWebhook', input);
      const created = { id: `wh_new${nextId++}`, url: input.url, events: input.events, active: true, created_at: new Date().toISOString(), secret: 'whsec_c2VjcmV0' };
      webhooks = [...webhooks, created];
      return ok(created);
    },
    async deleteWebhook(input) {
      record('deleteWebhook', input);
      const before = webhooks.length;
      webhooks = webhooks.filter((webhook) => webhook.id !== input.id);
      return ok({ deleted: webhooks.length < before });
    },
    async openTrackingLink(input) {
      record('openTrackingLink', input);
      return ok({ outcome: input.url.startsWith('https://') ? 'opened' : 'not_opened' });
    },
    // Extensions: none offered unless a test says so (overrides), as on the seed's service.
    async getServiceExtensions(input) {
      record('getServiceExtensions', input);
      return ok({ cancelOrder: false, webhookDeliveries: false, webhookTest: false, webhookPause: false, orderCancelledEvent: false, orderBackups: false });
    },
    async cancelOrder(input) {
      record('cancelOrder', input);
      return fail('not_found', 'This service does not offer cancelling orders.');
    },
    async listWebhookDeliveries(input) {
      record('listWebhookDeliveries', input);
      return fail('not_found', "This service does not offer showing a webhook's deliveries.");
    },
    async sendWebhookTest(input) {
      record('sendWebhookTest', input);
      return fail('not_found', 'This service does not offer sending test events.');
    },
    async setWebhookActive(input) {
      record('setWebhookActive', input);
      return fail('not_found', 'This service does not offer pausing webhooks.');
    },
    async getAddressBook(input) {
      record('getAddressBook', input);
      return accountFiles.methods.getAddressBook(input);
    },
    async addSavedAddress(input) {
      record('addSavedAddress', input);
      return accountFiles.methods.addSavedAddress(input);
    },
    async updateSavedAddress(input) {
      record('updateSavedAddress', input);
      return accountFiles.methods.updateSavedAddress(input);
    },
    async deleteSavedAddress(input) {
      record('deleteSavedAddress', input);
      return accountFiles.methods.deleteSavedAddress(input);
    },
    async setDefaultAddress(input) {
      record('setDefaultAddress', input);
      return accountFiles.methods.setDefaultAddress(input);
    },
    async getFavourites(input) {
      record('getFavourites', input);
      return accountFiles.methods.getFavourites(input);
    },
    async setFavourite(input) {
      record('setFavourite', input);
      return accountFiles.methods.setFavourite(input);
    },
    // As in the browser shell: the page prints itself (a test overrides it to stand for Electron).
    async saveOrderSheetPdf(input) {
      record('saveOrderSheetPdf', input);
      return ok({ outcome: 'unsupported' });
    },
    async listOrderGuides(input) {
      record('listOrderGuides', input);
      return accountFiles.methods.listOrderGuides(input);
    },
    async getOrderGuide(input) {
      record('getOrderGuide', input);
      return accountFiles.methods.getOrderGuide(input);
    },
    async createOrderGuide(input) {
      record('createOrderGuide', input);
      return accountFiles.methods.createOrderGuide(input);
    },
    async renameOrderGuide(input) {
      record('renameOrderGuide', input);
      return accountFiles.methods.renameOrderGuide(input);
    },
    async deleteOrderGuide(input) {
      record('deleteOrderGuide', input);
      return accountFiles.methods.deleteOrderGuide(input);
    },
    async setGuideLine(input) {
      record('setGuideLine', input);
      return accountFiles.methods.setGuideLine(input);
    },
    async removeGuideLine(input) {
      record('removeGuideLine', input);
      return accountFiles.methods.removeGuideLine(input);
    },
    async importOrderGuide(input) {
      record('importOrderGuide', input);
      return ok({ guide: null, rows: 0, skipped: [], detailsIncomplete: false });
    },
    async exportOrderGuide(input) {
      record('exportOrderGuide', input);
      return ok({ fileName: 'guide.csv', csv: 'sku,upc,par,name\r\n', outcome: 'download', withoutCode: 0 });
    },
    ...fakeOrderHistory(() => historyOrders, record, freshness, () => exportOutcome),
    subscribe(listener) {
      record('subscribe', null);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  const bridge: CaseworksBridge = { ...base, ...overrides };

  return {
    bridge,
    calls,
    callsTo: (method: Call['method']) => calls.filter((call) => call.method === method).map((call) => call.input),
    emit(event: BridgeEvent) {
      for (const listener of listeners) listener(event);
    },
    /** The signed-in account's entries in the app's own outbox. */
    get outbox() {
      return outbox.entries();
    },
    /** The service accepts the order: totals from its prices, possibly newer than the cart's. Resolves once the outbox has it. */
    confirm(entryId: string, priceOf: (productId: string) => number = (id) => fixtures.product(id).case_price_cents): Promise<OutboxEntry> {
      const entries = outbox.entries();
      const entry = entries.find((candidate) => candidate.id === entryId);
      if (!entry) throw new Error(`no outbox entry ${entryId}`);
      const items = entry.order.items.map((item, index) => ({
        id: `item_${index}`,
        product_id: item.product_id,
        product_name: fixtures.product(item.product_id).name,
        quantity: item.quantity,
        unit_price_cents: priceOf(item.product_id),
        total_cents: priceOf(item.product_id) * item.quantity,
      }));
      return outbox.confirm(entryId, {
        ...fixtures.shippedOrder,
        id: `ord_${entryId.replace(/[^A-Za-z0-9]/g, '')}`,
        order_number: `ORD-${2000 + entries.indexOf(entry)}`,
        status: 'confirmed',
        supplier: { id: entry.order.supplier_id, name: entry.supplierName, address: 'somewhere' },
        items,
        ...orderTotals(items),
        shipping_address: entry.order.shipping_address,
        buyer_notes: entry.order.buyer_notes ?? null,
        tracking: null,
        shipped_at: null,
      });
    },
    /** The service turns the order down (the default), or `kind: 'failed'`: it fails on it until the outbox gives up (the outbox's own words). */
    reject: (entryId: string, given: z.input<typeof OutboxReview>): Promise<OutboxEntry> => outbox.reject(entryId, given),
    setFavouritesProblem(problem: string | null) {
      accountFiles.seedFavouritesProblem(problem);
    },
    /** What could not be read of the stored outbox when it was opened. */
    setOutboxProblem(problem: OutboxProblem | null) {
      outbox.setProblem(problem);
    },
    setGuides(next: OrderGuide[]) {
      accountFiles.seedGuides(next);
    },
    setAddressBook(next: AddressBook) {
      accountFiles.seedAddressBook(next);
    },
    /** The buyer's orders in the offline copy, as the order history methods read them. */
    setOrderHistory(orders: readonly Order[]) {
      historyOrders = orders;
    },
    /** What main does with an export: hand it back to download (the browser shell), or save or cancel in a dialog. */
    setExportOutcome(outcome: 'download' | 'saved' | 'cancelled') {
      exportOutcome = outcome;
    },
    /** Another account on this computer (not active), e.g. with orders queued. */
    addAccount: signIn.addAccount,
    setSession: signIn.set,
  };
}

export type FakeBridge = ReturnType<typeof createFakeBridge>;
