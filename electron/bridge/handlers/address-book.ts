import type { AddressBookStore } from '../../core/addresses/address-book';
import { failWith, succeed, type Outcome } from '../../core/failure';
import { storeOutcome } from '../bridge-failure';
import type { HandlerGroup } from '../handler-types';

export interface AddressBookHandlerDeps {
  /** The signed-in account's address book; null when nobody is signed in. */
  addressBook(): AddressBookStore | null;
}

function bookOf(deps: AddressBookHandlerDeps): Outcome<AddressBookStore> {
  const book = deps.addressBook();
  return book ? succeed(book) : failWith('not_configured', 'Sign in to use the address book: it is kept per account.');
}

/** Saved ship-to addresses: on this computer, per account, offline or not. */
export function createAddressBookHandlers(deps: AddressBookHandlerDeps) {
  return {
    async getAddressBook() {
      const book = bookOf(deps);
      return book.ok ? succeed(await book.data.read()) : book;
    },
    async addSavedAddress({ label, address, makeDefault }) {
      const book = bookOf(deps);
      return book.ok ? storeOutcome(await book.data.add({ label, address }, makeDefault)) : book;
    },
    async updateSavedAddress({ id, label, address }) {
      const book = bookOf(deps);
      return book.ok ? storeOutcome(await book.data.update(id, { label, address })) : book;
    },
    async deleteSavedAddress({ id }) {
      const book = bookOf(deps);
      if (!book.ok) return book;
      const removed = storeOutcome(await book.data.remove(id));
      return removed.ok ? succeed({ deleted: true }) : removed;
    },
    async setDefaultAddress({ id }) {
      const book = bookOf(deps);
      if (!book.ok) return book;
      const set = storeOutcome(await book.data.setDefault(id));
      return set.ok ? succeed(await book.data.read()) : set;
    },
  } satisfies HandlerGroup<'getAddressBook' | 'addSavedAddress' | 'updateSavedAddress' | 'deleteSavedAddress' | 'setDefaultAddress'>;
}
