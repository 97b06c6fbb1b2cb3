import type { BridgeMethod } from './contract';

/**
 * Accepts a list of method names only when it names every method of the bridge contract: a method
 * missing from the list is a compile error naming it (a name the contract lacks is one too).
 */
const everyMethod = <const T extends readonly BridgeMethod[]>(
  methods: T & ([Exclude<BridgeMethod, T[number]>] extends [never] ? unknown : { unlisted: Exclude<BridgeMethod, T[number]> }),
): T => methods;

/**
 * The bridge contract's method names, in its order, as a plain list: the page's bridge names its
 * functions from it without evaluating the contract's schemas (and so zod's building of them) at
 * start. The contract stays the one source: this list is checked against its keys at compile time
 * (above) and by test/shared/bridge-methods.test.ts.
 */
export const BRIDGE_METHODS = everyMethod([
  'getSession',
  'useDemoService',
  'connectService',
  'signOut',
  'getSyncStatus',
  'syncNow',
  'clearCache',
  'getOfflineChoice',
  'setOfflineChoice',
  'searchCatalog',
  'prepareSearch',
  'lookupProductCode',
  'getProduct',
  'matchProductCodes',
  'listSuppliers',
  'getSupplier',
  'listSupplierProducts',
  'listOrders',
  'getOrder',
  'submitOrders',
  'listOutbox',
  'retryOutboxEntry',
  'updateOutboxEntry',
  'discardOutboxEntry',
  'getAccount',
  'listWebhooks',
  'createWebhook',
  'deleteWebhook',
  'openTrackingLink',
  'getServiceExtensions',
  'cancelOrder',
  'listWebhookDeliveries',
  'sendWebhookTest',
  'setWebhookActive',
  'getAddressBook',
  'addSavedAddress',
  'updateSavedAddress',
  'deleteSavedAddress',
  'setDefaultAddress',
  'getFavourites',
  'setFavourite',
  'saveOrderSheetPdf',
  'listOrderGuides',
  'getOrderGuide',
  'createOrderGuide',
  'renameOrderGuide',
  'deleteOrderGuide',
  'setGuideLine',
  'removeGuideLine',
  'importOrderGuide',
  'exportOrderGuide',
  'listOrderHistory',
  'listLastOrdered',
  'exportOrderHistory',
  'listBuyerAccounts',
  'addBuyerAccount',
  'switchBuyerAccount',
  'removeBuyerAccount',
  'listDemoBuyers',
  'addDemoBuyer',
]);
