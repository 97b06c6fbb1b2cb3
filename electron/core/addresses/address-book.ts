import { randomUUID } from 'node:crypto';
import { SAVED_ADDRESSES_MAX, SavedAddress, SavedAddressId, type AddressBook, type SavedAddressInput } from '../../../shared/bridge/address-book';
import type { StoreRefusal, StoreResult } from '../store-result';
import { accountFileOf, perAccount, type AccountFileOptions, type VersionedFileSpec } from '../account-files/versioned-file';

export const ADDRESS_FILE: VersionedFileSpec<SavedAddress> = {
  fileName: 'addresses.json',
  format: 'caseworks-addresses',
  version: 1,
  entry: SavedAddress,
  what: 'saved addresses',
};


export interface AddressBookStore {
  read(): Promise<AddressBook>;
  add(input: SavedAddressInput, makeDefault: boolean): Promise<StoreResult<SavedAddress>>;
  update(id: string, input: SavedAddressInput): Promise<StoreResult<SavedAddress>>;
  remove(id: string): Promise<StoreResult<null>>;
  /** null: the account's own address is the default again. */
  setDefault(id: string | null): Promise<StoreResult<null>>;
}

interface State {
  items: SavedAddress[];
  defaultId: string | null;
  problem: string | null;
}

const sameLabel = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/**
 * One account's address book in its own file. Changes are made one at a time: the new book is
 * written to disk first (atomically) and only then becomes the book, so a failed write changes nothing.
 */
export function createAddressBookStore(options: AccountFileOptions<SavedAddress>): AddressBookStore {
  const file = accountFileOf(options, ADDRESS_FILE);
  let loaded: Promise<State> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const state = () =>
    (loaded ??= file.load(options.now().toISOString()).then(({ entries, extra, problem }) => {
      const defaultId = SavedAddressId.nullable().catch(null).parse(extra.defaultId ?? null);
      return { items: entries, defaultId: entries.some((item) => item.id === defaultId) ? defaultId : null, problem };
    }));

  /** Runs one change after the previous one; `change` returns the next state or a refusal. */
  function change<T>(make: (current: State) => { next: State; value: T } | StoreRefusal): Promise<StoreResult<T>> {
    const run = queue.then(async (): Promise<StoreResult<T>> => {
      const current = await state();
      const made = make(current);
      if ('code' in made) return { ok: false, refusal: made };
      await file.save(made.next.items, { defaultId: made.next.defaultId });
      loaded = Promise.resolve(made.next);
      return { ok: true, value: made.value };
    });
    queue = run.catch(() => undefined);
    return run;
  }

  const duplicate = (items: SavedAddress[], label: string, except?: string): StoreRefusal | null =>
    items.some((item) => item.id !== except && sameLabel(item.label, label))
      ? { code: 'duplicate', pointer: '/label', message: `You already have an address called “${label}”. Choose another label.` }
      : null;
  const notFound: StoreRefusal = { code: 'not_found', message: 'That saved address is no longer in the address book.' };

  return {
    async read() {
      await queue;
      const { items, defaultId, problem } = await state();
      return { items, defaultId, problem };
    },
    add(input, makeDefault) {
      return change((current) => {
        if (current.items.length >= SAVED_ADDRESSES_MAX) {
          return { code: 'full', message: `The address book is full (${SAVED_ADDRESSES_MAX} addresses). Delete one you no longer use first.` };
        }
        const refusal = duplicate(current.items, input.label);
        if (refusal) return refusal;
        const saved: SavedAddress = { id: `adr_${randomUUID()}`, label: input.label, address: input.address, createdAt: options.now().toISOString() };
        return { next: { ...current, items: [...current.items, saved], defaultId: makeDefault ? saved.id : current.defaultId }, value: saved };
      });
    },
    update(id, input) {
      return change((current) => {
        const existing = current.items.find((item) => item.id === id);
        if (!existing) return notFound;
        const refusal = duplicate(current.items, input.label, id);
        if (refusal) return refusal;
        const saved = { ...existing, label: input.label, address: input.address };
        return { next: { ...current, items: current.items.map((item) => (item.id === id ? saved : item)) }, value: saved };
      });
    },
    remove(id) {
      return change((current) => {
        if (!current.items.some((item) => item.id === id)) return notFound;
        const items = current.items.filter((item) => item.id !== id);
        return { next: { ...current, items, defaultId: current.defaultId === id ? null : current.defaultId }, value: null };
      });
    },
    setDefault(id) {
      return change((current) => {
        if (id !== null && !current.items.some((item) => item.id === id)) return notFound;
        return { next: { ...current, defaultId: id }, value: null };
      });
    },
  };
}

/** Every account's store, opened on first use. */
export function createAddressBooks(options: { dataDir: string; now: () => Date }) {
  return perAccount((scope) => createAddressBookStore({ ...options, scope }));
}
