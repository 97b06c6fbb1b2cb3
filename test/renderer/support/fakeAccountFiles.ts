import type { AddressBook, CaseworksBridge, Favourite, OrderGuide, SavedAddress } from '../../../shared/bridge';
import { createAddressBookStore } from '../../../electron/core/addresses/address-book';
import type { VersionedFileLoad, VersionedFileStorage } from '../../../electron/core/account-files/versioned-file';
import { createFavouritesStore } from '../../../electron/core/favourites/favourites-store';
import { createOrderGuidesStore } from '../../../electron/core/guides/guides-store';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import { createAddressBookHandlers } from '../../../electron/bridge/handlers/address-book';
import { createFavouritesHandlers } from '../../../electron/bridge/handlers/favourites';
import { createGuideHandlers, type GuideSources } from '../../../electron/bridge/handlers/guides';
import type { BridgeHandlers } from '../../../electron/bridge/handler-types';

type AccountFileMethods = Pick<
  CaseworksBridge,
  | 'getAddressBook'
  | 'addSavedAddress'
  | 'updateSavedAddress'
  | 'deleteSavedAddress'
  | 'setDefaultAddress'
  | 'getFavourites'
  | 'setFavourite'
  | 'listOrderGuides'
  | 'getOrderGuide'
  | 'createOrderGuide'
  | 'renameOrderGuide'
  | 'deleteOrderGuide'
  | 'setGuideLine'
  | 'removeGuideLine'
>;

/** One account file kept in memory: what a test seeds is what the store reads first; what it saves is kept. */
function memoryFile<T>() {
  let kept: VersionedFileLoad<T> = { entries: [], extra: {}, problem: null };
  const storage: VersionedFileStorage<T> = {
    load: async () => kept,
    save: async (entries, extra = {}) => {
      kept = { entries: [...entries], extra, problem: null };
    },
  };
  return { storage, seed: (next: VersionedFileLoad<T>) => void (kept = next) };
}

/**
 * The signed-in account's own files as the app keeps them: its address book
 * (electron/core/addresses/address-book.ts), its favourites (electron/core/favourites/favourites-store.ts)
 * and its order guides (electron/core/guides/guides-store.ts), each over a file kept in memory, behind their real handlers and the real dispatcher. The rules
 * (one label once, at most so many), the refusals and their words are the app's, so this fake
 * cannot drift from it. A seed stands for the file as the app would find it.
 */
export function createFakeAccountFiles(signedIn: () => boolean, guideSources: GuideSources, now: () => Date = () => new Date('2026-11-22T08:00:00.000Z')) {
  const addressFile = memoryFile<SavedAddress>();
  const favouritesFile = memoryFile<Favourite>();
  let addressBook = createAddressBookStore({ storage: addressFile.storage, now });
  let favourites = createFavouritesStore({ storage: favouritesFile.storage, now });
  const guidesFile = memoryFile<OrderGuide>();
  let guides = createOrderGuidesStore({ storage: guidesFile.storage, now });
  const stores = {
    addressBook: () => (signedIn() ? addressBook : null),
    favourites: () => (signedIn() ? favourites : null),
    orderGuides: () => (signedIn() ? guides : null),
  };
  const handlers = { ...createAddressBookHandlers(stores), ...createFavouritesHandlers(stores), ...createGuideHandlers({ ...stores, guideSources }) };
  const dispatcher = createDispatcher({ handlers: handlers as unknown as BridgeHandlers });
  const call = (method: keyof AccountFileMethods) => (input: unknown) => dispatcher.dispatch(method, input);

  return {
    methods: {
      getAddressBook: call('getAddressBook'),
      addSavedAddress: call('addSavedAddress'),
      updateSavedAddress: call('updateSavedAddress'),
      deleteSavedAddress: call('deleteSavedAddress'),
      setDefaultAddress: call('setDefaultAddress'),
      getFavourites: call('getFavourites'),
      setFavourite: call('setFavourite'),
      listOrderGuides: call('listOrderGuides'),
      getOrderGuide: call('getOrderGuide'),
      createOrderGuide: call('createOrderGuide'),
      renameOrderGuide: call('renameOrderGuide'),
      deleteOrderGuide: call('deleteOrderGuide'),
      setGuideLine: call('setGuideLine'),
      removeGuideLine: call('removeGuideLine'),
    } as AccountFileMethods,
    /** The starred products now (none while signed out). */
    favouriteIds: async (): Promise<string[]> => (await stores.favourites()?.read())?.productIds ?? [],
    /** The address book as the app finds it when it opens (a `problem`: what it says of a file it set aside). */
    seedAddressBook(next: AddressBook) {
      addressFile.seed({ entries: next.items, extra: { defaultId: next.defaultId }, problem: next.problem });
      addressBook = createAddressBookStore({ storage: addressFile.storage, now });
    },
    /** The order guides as the app finds them when it opens. */
    seedGuides(next: OrderGuide[]) {
      guidesFile.seed({ entries: next, extra: {}, problem: null });
      guides = createOrderGuidesStore({ storage: guidesFile.storage, now });
    },
    /** What the app says of a favourites file it set aside when it opened it (null: none). */
    seedFavouritesProblem(problem: string | null) {
      favouritesFile.seed({ entries: [], extra: {}, problem });
      favourites = createFavouritesStore({ storage: favouritesFile.storage, now });
    },
  };
}
