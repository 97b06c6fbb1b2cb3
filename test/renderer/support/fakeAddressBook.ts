import { mkdtempSync } from 'node:fs';
import { writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressBook, CaseworksBridge } from '../../../shared/bridge';
import { ADDRESS_FILE, createAddressBookStore, type AddressBookStore } from '../../../electron/core/addresses/address-book';
import { accountFolder, saveVersionedFile } from '../../../electron/core/account-files/versioned-file';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import { createAddressBookHandlers } from '../../../electron/bridge/handlers/address-book';
import type { BridgeHandlers } from '../../../electron/bridge/handler-types';

type AddressBookMethods = Pick<CaseworksBridge, 'getAddressBook' | 'addSavedAddress' | 'updateSavedAddress' | 'deleteSavedAddress' | 'setDefaultAddress'>;

/**
 * The app's own address book (electron/core/addresses/address-book.ts) in a folder of its own,
 * behind its real handlers and the real dispatcher: the rules (one label once, at most so many),
 * the refusals and their words are the app's, so this fake cannot drift from it. `seed` writes the
 * book's file as the app would have left it (or a damaged one, which the app sets aside and says so).
 */
export function createFakeAddressBook(signedIn: () => boolean, now: () => Date = () => new Date('2026-11-22T08:00:00.000Z')) {
  let folder: { dataDir: string; dir: string } | null = null;
  let store: AddressBookStore | null = null;
  /** A seed being written: every call waits for it. */
  let seeding: Promise<void> = Promise.resolve();
  const scope = { baseUrl: 'http://127.0.0.1:4555/api/v1', accountId: 'org_demo' };

  /** The folder is made on first use, so a test that never opens the address book makes none. */
  function opened(): { dataDir: string; dir: string } {
    if (!folder) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-fake-addresses-'));
      folder = { dataDir, dir: accountFolder(dataDir, scope) };
    }
    return folder;
  }
  const storeNow = () => (store ??= createAddressBookStore({ dataDir: opened().dataDir, scope, now }));
  const dispatcher = createDispatcher({ handlers: createAddressBookHandlers({ addressBook: () => (signedIn() ? storeNow() : null) }) as unknown as BridgeHandlers });
  const call = (method: keyof AddressBookMethods) => async (input: unknown) => {
    await seeding;
    return dispatcher.dispatch(method, input);
  };

  const methods = {
    getAddressBook: call('getAddressBook'),
    addSavedAddress: call('addSavedAddress'),
    updateSavedAddress: call('updateSavedAddress'),
    deleteSavedAddress: call('deleteSavedAddress'),
    setDefaultAddress: call('setDefaultAddress'),
  } as AddressBookMethods;

  return {
    methods,
    /** The book as the app left it on disk; a `problem` stands for a file it finds damaged (its own words then). */
    seed(next: AddressBook) {
      const { dir } = opened();
      store = null;
      seeding = seeding.then(async () => {
        if (next.problem) {
          await mkdir(dir, { recursive: true });
          await writeFile(path.join(dir, ADDRESS_FILE.fileName), 'not the address book');
        } else {
          await saveVersionedFile(dir, ADDRESS_FILE, next.items, { defaultId: next.defaultId });
        }
      });
    },
  };
}
