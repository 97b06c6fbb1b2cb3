import type { AddressBookResult, AddressBookStore } from '../../core/addresses/address-book';
import { serviceError } from '../../core/api';
import { CoreFailure } from '../../core/failure';
import { BridgeFailure } from '../bridge-failure';
import type { HandlerGroup } from '../handler-types';

export interface AddressBookHandlerDeps {
  /** The signed-in account's address book; null when nobody is signed in. */
  addressBook(): AddressBookStore | null;
}

function bookOf(deps: AddressBookHandlerDeps): AddressBookStore {
  const book = deps.addressBook();
  if (!book) throw new BridgeFailure('not_configured', 'Sign in to use the address book: it is kept per account.');
  return book;
}

function valueOf<T>(result: AddressBookResult<T>): T {
  if (result.ok) return result.value;
  const { code, message } = result.refusal;
  if (code === 'not_found') throw new BridgeFailure('not_found', message);
  const fields = code === 'duplicate_label' ? [{ pointer: '/label', detail: message }] : [];
  throw new CoreFailure(serviceError({ code: 'invalid_input', message, retryable: false, fields }));
}

/** Saved ship-to addresses: on this computer, per account, offline or not. */
export function createAddressBookHandlers(deps: AddressBookHandlerDeps) {
  return {
    async getAddressBook() {
      return bookOf(deps).read();
    },
    async addSavedAddress({ label, address, makeDefault }) {
      return valueOf(await bookOf(deps).add({ label, address }, makeDefault));
    },
    async updateSavedAddress({ id, label, address }) {
      return valueOf(await bookOf(deps).update(id, { label, address }));
    },
    async deleteSavedAddress({ id }) {
      valueOf(await bookOf(deps).remove(id));
      return { deleted: true };
    },
    async setDefaultAddress({ id }) {
      const book = bookOf(deps);
      valueOf(await book.setDefault(id));
      return book.read();
    },
  } satisfies HandlerGroup<'getAddressBook' | 'addSavedAddress' | 'updateSavedAddress' | 'deleteSavedAddress' | 'setDefaultAddress'>;
}
