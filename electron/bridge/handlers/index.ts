import type { BridgeHandlers } from '../handler-types';
import { createAccountHandlers } from './account';
import { createBuyerAccountHandlers, type BuyerAccountHandlerDeps } from './buyer-accounts';
import { createAddressBookHandlers, type AddressBookHandlerDeps } from './address-book';
import { createCatalogHandlers, type CatalogHandlerDeps } from './catalog';
import { createFavouritesHandlers, type FavouritesHandlerDeps } from './favourites';
import { createGuideHandlers, type GuideHandlerDeps } from './guides';
import { createDesktopHandlers, type DesktopHandlerDeps } from './desktop';
import { createExtensionHandlers, type ExtensionHandlerDeps } from './extensions';
import { createOfflineChoiceHandlers, type OfflineChoiceHandlerDeps } from './offline-choice';
import { createOrderHandlers, type OrderHandlerDeps } from './orders';
import { createOrderHistoryHandlers, type OrderHistoryHandlerDeps } from './order-history';
import { createPastedOrderHandlers, type PastedOrderHandlerDeps } from './pasted-order';
import { createSessionHandlers, type SessionHandlerDeps } from './session';
import { createSupplierHandlers, type SupplierHandlerDeps } from './suppliers';
import { createSyncHandlers, type SyncHandlerDeps } from './sync';
import { createWebhookHandlers, type WebhookHandlerDeps } from './webhooks';

export interface HandlerDeps {
  session: SessionHandlerDeps;
  sync: SyncHandlerDeps;
  /** What the offline copy keeps: all of the catalog or chosen suppliers. */
  offlineChoice: OfflineChoiceHandlerDeps;
  reads: CatalogHandlerDeps & Omit<PastedOrderHandlerDeps, 'detailCoverage'> & SupplierHandlerDeps & OrderHandlerDeps & WebhookHandlerDeps & ExtensionHandlerDeps & OrderHistoryHandlerDeps;
  desktop: DesktopHandlerDeps;
  /** The buyer's own tools, kept per account on this computer. */
  tools: AddressBookHandlerDeps & FavouritesHandlerDeps & GuideHandlerDeps;
  /** Several buyer accounts signed in at once. */
  accounts: BuyerAccountHandlerDeps;
}

/** The whole table: every domain's handlers, exactly the contract's methods. */
export function createBridgeHandlers(deps: HandlerDeps) {
  const handlers = {
    ...createSessionHandlers(deps.session),
    ...createSyncHandlers(deps.sync),
    ...createOfflineChoiceHandlers(deps.offlineChoice),
    ...createCatalogHandlers(deps.reads),
    ...createSupplierHandlers(deps.reads),
    ...createOrderHandlers(deps.reads),
    ...createAccountHandlers(deps.reads),
    ...createWebhookHandlers(deps.reads),
    ...createDesktopHandlers(deps.desktop),
    ...createExtensionHandlers(deps.reads),
    ...createAddressBookHandlers(deps.tools),
    ...createFavouritesHandlers(deps.tools),
    ...createGuideHandlers({ ...deps.tools, saveFile: deps.desktop.saveFile }),
    ...createOrderHistoryHandlers({ ...deps.reads, saveFile: deps.desktop.saveFile }),
    ...createBuyerAccountHandlers(deps.accounts),
    ...createPastedOrderHandlers({ ...deps.reads, detailCoverage: deps.tools.guideSources.detailCoverage }),
  } satisfies BridgeHandlers;
  const noExtraMethods: Exclude<keyof typeof handlers, keyof BridgeHandlers> extends never ? true : false = true;
  void noExtraMethods;
  return handlers;
}
