import type { CaseworksBridge } from '../../shared/bridge/api';
import type { BridgeMethod } from '../../shared/bridge/contract';
import type { BridgeEvent } from '../../shared/bridge/events';

/** What the preload needs of `ipcRenderer`, so the API can be built and tested without Electron. */
export interface InvokeTransport {
  invoke(method: BridgeMethod, input: unknown): Promise<unknown>;
  onEvent(listener: (event: BridgeEvent) => void): () => void;
}

/**
 * One named function per contract method, each forwarding only its single input argument, plus
 * `subscribe`; the object literal `satisfies CaseworksBridge`, so a missing or an extra name does
 * not compile. Only type imports from the contract: the sandboxed preload can load nothing but
 * `electron`, so zod must stay out of its bundle.
 */
export function createBridgeApi(transport: InvokeTransport) {
  const call = <M extends BridgeMethod>(method: M) =>
    ((input?: unknown) => transport.invoke(method, input)) as unknown as CaseworksBridge[M];

  return {
    getSession: call('getSession'),
    useDemoService: call('useDemoService'),
    connectService: call('connectService'),
    signOut: call('signOut'),
    getSyncStatus: call('getSyncStatus'),
    syncNow: call('syncNow'),
    clearCache: call('clearCache'),
    searchCatalog: call('searchCatalog'),
    prepareSearch: call('prepareSearch'),
    lookupProductCode: call('lookupProductCode'),
    matchProductCodes: call('matchProductCodes'),
    getProduct: call('getProduct'),
    listSuppliers: call('listSuppliers'),
    getSupplier: call('getSupplier'),
    listSupplierProducts: call('listSupplierProducts'),
    listOrders: call('listOrders'),
    getOrder: call('getOrder'),
    submitOrders: call('submitOrders'),
    listOutbox: call('listOutbox'),
    retryOutboxEntry: call('retryOutboxEntry'),
    updateOutboxEntry: call('updateOutboxEntry'),
    discardOutboxEntry: call('discardOutboxEntry'),
    getAccount: call('getAccount'),
    listWebhooks: call('listWebhooks'),
    createWebhook: call('createWebhook'),
    deleteWebhook: call('deleteWebhook'),
    openTrackingLink: call('openTrackingLink'),
    getServiceExtensions: call('getServiceExtensions'),
    cancelOrder: call('cancelOrder'),
    listWebhookDeliveries: call('listWebhookDeliveries'),
    sendWebhookTest: call('sendWebhookTest'),
    setWebhookActive: call('setWebhookActive'),
    getAddressBook: call('getAddressBook'),
    addSavedAddress: call('addSavedAddress'),
    updateSavedAddress: call('updateSavedAddress'),
    deleteSavedAddress: call('deleteSavedAddress'),
    setDefaultAddress: call('setDefaultAddress'),
    getFavourites: call('getFavourites'),
    setFavourite: call('setFavourite'),
    saveOrderSheetPdf: call('saveOrderSheetPdf'),
    listOrderGuides: call('listOrderGuides'),
    getOrderGuide: call('getOrderGuide'),
    createOrderGuide: call('createOrderGuide'),
    renameOrderGuide: call('renameOrderGuide'),
    deleteOrderGuide: call('deleteOrderGuide'),
    setGuideLine: call('setGuideLine'),
    removeGuideLine: call('removeGuideLine'),
    importOrderGuide: call('importOrderGuide'),
    exportOrderGuide: call('exportOrderGuide'),
    listOrderHistory: call('listOrderHistory'),
    listLastOrdered: call('listLastOrdered'),
    exportOrderHistory: call('exportOrderHistory'),
    listBuyerAccounts: call('listBuyerAccounts'),
    addBuyerAccount: call('addBuyerAccount'),
    switchBuyerAccount: call('switchBuyerAccount'),
    removeBuyerAccount: call('removeBuyerAccount'),
    listDemoBuyers: call('listDemoBuyers'),
    addDemoBuyer: call('addDemoBuyer'),
    getOfflineChoice: call('getOfflineChoice'),
    setOfflineChoice: call('setOfflineChoice'),
    subscribe(listener: (event: BridgeEvent) => void) {
      if (typeof listener !== 'function') throw new TypeError('subscribe needs a function');
      return transport.onEvent((event) => listener(event));
    },
  } satisfies CaseworksBridge;
}
