import { z } from 'zod';
import {
  Account,
  CatalogProduct,
  CreateOrderBody,
  CreateWebhookBody,
  CreatedWebhook,
  Order,
  OrderId,
  OrderListItem,
  OrderStatus,
  PageMeta,
  Product,
  ProductId,
  Supplier,
  SupplierId,
  SupplierProduct,
  Webhook,
  WebhookDeliveryRecord,
  WebhookId,
} from '../schemas';
import { DatasetStatus, Freshness } from './datasets';
import { BridgeError } from './result';
import { ApiKey, ServiceUrl, SessionInfo } from './session';
import { OrderDrafts, OutboxEntry, OutboxListing } from './outbox-entries';
import { CatalogSearchInput, CatalogSearchResult } from './search';
import { ServiceExtensions } from './extensions';
import { AddressBook, SavedAddress, SavedAddressId, SavedAddressInput } from './address-book';
import { Favourites } from './favourites';
import { OrderSheetNumber, OrderSheetPdfOutcome } from './order-sheet';
import { TrackingLinkOutcome } from './tracking-link';
import { GUIDE_CSV_MAX_BYTES, GuideExport, GuideImportResult, GuideName, GuideSource, OrderGuide, OrderGuideId, OrderGuideView, OrderGuides, Par } from './guides';
import { LastOrderedList, OrderHistoryExport, OrderHistoryFilter, OrderHistoryPage, OrderHistoryPageInput } from './order-history';
import { BuyerAccountId, BuyerAccounts, DemoBuyers } from './accounts';
import { OfflineChoice, OfflineChoiceView } from './offline-choice';
import { ProductCodeMatches, ProductCodesInput } from './product-code-matches';

const none = z.strictObject({});
const page = {
  page: z.number().int().positive().max(1_000_000).default(1),
  perPage: z.number().int().positive().max(100).default(50),
};
const withFreshness = <T extends z.ZodType>(data: T) => z.object({ data, freshness: Freshness });
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), meta: PageMeta, freshness: Freshness });

/**
 * Every call the renderer can make into main: name → input schema (checked in main on every call)
 * and output schema (the type the renderer receives inside `{ ok: true, data }`).
 */
export const bridgeContract = {
  // session and settings
  getSession: { input: none, output: SessionInfo },
  useDemoService: { input: none, output: SessionInfo },
  connectService: {
    input: z.strictObject({ baseUrl: ServiceUrl, apiKey: ApiKey, allowWeakKeyStorage: z.boolean().default(false) }),
    output: SessionInfo,
  },
  signOut: { input: none, output: z.object({ keptQueuedOrders: z.number().int().nonnegative() }) },

  // sync and the offline copy
  getSyncStatus: {
    input: none,
    output: z.object({
      online: z.boolean(),
      running: z.boolean(),
      datasets: z.array(DatasetStatus),
      cacheBytes: z.number().int().nonnegative(),
    }),
  },
  syncNow: { input: none, output: z.object({ started: z.boolean() }) },
  clearCache: { input: none, output: z.object({ freedBytes: z.number().int().nonnegative() }) },
  /** What the offline copy carries (all of the catalog or chosen suppliers), with each supplier's estimated size. */
  getOfflineChoice: { input: none, output: OfflineChoiceView },
  /**
   * Keeps all of the catalog or only these suppliers offline. Products of suppliers left out are
   * removed at once (`freedBytes`); suppliers added are downloaded by the sync this starts.
   * A supplier the service does not list is refused (`invalid_input`, naming it).
   */
  setOfflineChoice: {
    input: z.strictObject({ choice: OfflineChoice }),
    output: OfflineChoiceView.extend({ freedBytes: z.number().int().nonnegative(), syncStarted: z.boolean() }),
  },

  // catalog
  searchCatalog: { input: CatalogSearchInput, output: CatalogSearchResult },
  /**
   * The catalog's first page is painted and the page idle: the core reads the search index now
   * (unless it was read), so that the first typed search finds it read; `read` says whether this
   * call read it.
   */
  prepareSearch: { input: none, output: z.object({ read: z.boolean() }) },
  lookupProductCode: {
    input: z.strictObject({ code: z.string().trim().min(1).max(64) }),
    output: z.object({ product: CatalogProduct.nullable(), freshness: Freshness }),
  },
  getProduct: { input: z.strictObject({ id: ProductId }), output: withFreshness(Product) },
  /** A pasted order's codes, each matched against the offline catalog by SKU or UPC (issue 26): works offline. */
  matchProductCodes: { input: ProductCodesInput, output: ProductCodeMatches },

  // suppliers
  listSuppliers: {
    input: z.strictObject({
      q: z.string().max(200).optional(),
      /** A wine region as the catalog names it ("Napa Valley"). */
      region: z.string().max(200).optional(),
      /** A two-letter state code ("OR"). */
      state: z.string().max(50).optional(),
      ...page,
    }),
    /**
     * `regions`: every wine region the suppliers' products come from; `states`: every state they are
     * in. `regionsRefused`: why the regions could not be read (the offline copy refused): `regions` is
     * then empty, the region filter was not applied and cannot be, the list is there all the same.
     */
    output: pageOf(Supplier).extend({
      regions: z.array(z.string()),
      states: z.array(z.object({ value: z.string(), label: z.string() })),
      regionsRefused: BridgeError.optional(),
    }),
  },
  getSupplier: { input: z.strictObject({ id: SupplierId }), output: withFreshness(Supplier) },
  listSupplierProducts: { input: z.strictObject({ id: SupplierId, ...page }), output: pageOf(SupplierProduct) },

  // orders and the outbox
  listOrders: { input: z.strictObject({ status: OrderStatus.optional(), ...page }), output: pageOf(OrderListItem) },
  getOrder: { input: z.strictObject({ id: OrderId }), output: withFreshness(Order) },
  submitOrders: { input: z.strictObject({ drafts: OrderDrafts }), output: z.array(OutboxEntry) },
  /** The active account's outbox, and what could not be read of it when it was opened. */
  listOutbox: { input: none, output: OutboxListing },
  /** "Send now" for a queued order, "Send again" for one in review: the same order with the same Idempotency-Key. */
  retryOutboxEntry: { input: z.strictObject({ id: z.string().max(100) }), output: OutboxEntry },
  updateOutboxEntry: {
    input: z.strictObject({ id: z.string().max(100), order: CreateOrderBody }),
    output: OutboxEntry,
  },
  discardOutboxEntry: { input: z.strictObject({ id: z.string().max(100) }), output: z.object({ discarded: z.boolean() }) },

  // account
  getAccount: { input: none, output: withFreshness(Account) },

  // webhooks
  listWebhooks: { input: none, output: z.object({ items: z.array(Webhook), freshness: Freshness }) },
  createWebhook: { input: CreateWebhookBody, output: CreatedWebhook },
  deleteWebhook: { input: z.strictObject({ id: WebhookId }), output: z.object({ deleted: z.boolean() }) },

  // desktop
  openTrackingLink: { input: z.strictObject({ url: z.string().max(2048) }), output: TrackingLinkOutcome },

  // service extensions (issue 15): used only where the connected service offers them
  getServiceExtensions: { input: none, output: ServiceExtensions },
  /** Online only: cancels a confirmed order on the service. */
  cancelOrder: { input: z.strictObject({ id: OrderId }), output: Order },
  listWebhookDeliveries: {
    input: z.strictObject({ id: WebhookId, ...page }),
    output: z.object({ items: z.array(WebhookDeliveryRecord), meta: PageMeta }),
  },
  sendWebhookTest: { input: z.strictObject({ id: WebhookId }), output: WebhookDeliveryRecord },
  setWebhookActive: { input: z.strictObject({ id: WebhookId, active: z.boolean() }), output: Webhook },
  // the buyer's own tools, kept per account on this computer (issue 14)
  getAddressBook: { input: none, output: AddressBook },
  addSavedAddress: { input: SavedAddressInput.extend({ makeDefault: z.boolean().default(false) }), output: SavedAddress },
  updateSavedAddress: { input: SavedAddressInput.extend({ id: SavedAddressId }), output: SavedAddress },
  deleteSavedAddress: { input: z.strictObject({ id: SavedAddressId }), output: z.object({ deleted: z.boolean() }) },
  /** `id: null` makes the account's own address the default again. */
  setDefaultAddress: { input: z.strictObject({ id: SavedAddressId.nullable() }), output: AddressBook },
  getFavourites: { input: none, output: Favourites },
  setFavourite: { input: z.strictObject({ productId: ProductId, favourite: z.boolean() }), output: Favourites },
  /** Saves the order sheet on screen as a PDF where the desktop can (Electron); `unsupported` in the browser shell, which prints in the page. */
  saveOrderSheetPdf: { input: z.strictObject({ orderNumber: OrderSheetNumber }), output: OrderSheetPdfOutcome },
  listOrderGuides: { input: none, output: OrderGuides },
  getOrderGuide: { input: z.strictObject({ id: OrderGuideId }), output: OrderGuideView },
  createOrderGuide: { input: z.strictObject({ name: GuideName, from: GuideSource.default({ kind: 'empty' }) }), output: OrderGuide },
  renameOrderGuide: { input: z.strictObject({ id: OrderGuideId, name: GuideName }), output: OrderGuide },
  deleteOrderGuide: { input: z.strictObject({ id: OrderGuideId }), output: z.object({ deleted: z.boolean() }) },
  /** Adds a product to a guide, or sets its par when it is already there. */
  setGuideLine: { input: z.strictObject({ id: OrderGuideId, productId: ProductId, par: Par }), output: OrderGuide },
  removeGuideLine: { input: z.strictObject({ id: OrderGuideId, productId: ProductId }), output: OrderGuide },
  /** A new guide from a CSV's text (columns `GUIDE_CSV_COLUMNS`); rows that could not be used are listed. */
  importOrderGuide: { input: z.strictObject({ name: GuideName, csv: z.string().max(GUIDE_CSV_MAX_BYTES) }), output: GuideImportResult },
  /** The guide as CSV: saved where the buyer chooses on the desktop, or handed to the page to download. */
  exportOrderGuide: { input: z.strictObject({ id: OrderGuideId }), output: GuideExport },
  // order history (issue 14): read from the offline copy, so they work offline too
  listOrderHistory: { input: OrderHistoryPageInput, output: OrderHistoryPage },
  listLastOrdered: { input: none, output: LastOrderedList },
  /** One CSV row per line item of the filtered orders, saved through the desktop's dialog or handed back for a download. */
  exportOrderHistory: { input: OrderHistoryFilter, output: OrderHistoryExport },
  // several buyer accounts signed in at once (issue 15, for reps)
  listBuyerAccounts: { input: none, output: BuyerAccounts },
  /** Verified with `GET /account` before anything is saved; the same key or account twice is refused. Becomes the active account. */
  addBuyerAccount: {
    input: z.strictObject({ baseUrl: ServiceUrl, apiKey: ApiKey, allowWeakKeyStorage: z.boolean().default(false) }),
    output: SessionInfo,
  },
  switchBuyerAccount: { input: z.strictObject({ id: BuyerAccountId }), output: SessionInfo },
  /** Forgets the account and its key; its queued orders stay on this computer (as at sign-out). */
  removeBuyerAccount: { input: z.strictObject({ id: BuyerAccountId }), output: z.object({ keptQueuedOrders: z.number().int().nonnegative() }) },
  /** The demo marketplace's buyers, to add one from a list: no key to find (issue 24). */
  listDemoBuyers: { input: none, output: DemoBuyers },
  /** Adds a demo buyer as an account tied to the demo (not to its port), even while the demo is not running; it becomes the active one. */
  addDemoBuyer: { input: z.strictObject({ accountId: BuyerAccountId }), output: SessionInfo },
} as const;

export type BridgeContract = typeof bridgeContract;
export type BridgeMethod = keyof BridgeContract;
export type BridgeInput<M extends BridgeMethod> = z.input<BridgeContract[M]['input']>;
export type BridgeParsedInput<M extends BridgeMethod> = z.output<BridgeContract[M]['input']>;
/** One call as its handler gets it: the method, and its input checked against the contract. */
export type BridgeCall = { [M in BridgeMethod]: { method: M; input: BridgeParsedInput<M> } }[BridgeMethod];
export type BridgeOutput<M extends BridgeMethod> = z.infer<BridgeContract[M]['output']>;
export const BRIDGE_METHODS = Object.keys(bridgeContract) as BridgeMethod[];
