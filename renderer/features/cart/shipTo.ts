import type { AddressBook, SavedAddress } from '../../../shared/bridge/address-book';
import { formatNumber } from '../../../shared/format';
import {
  ADDRESS_LIMITS,
  BUYER_NOTES_MAX,
  multiLineText,
  ShippingAddressInput,
  usStateCodeOf,
  type AccountAddress,
  type ShippingAddress,
} from '../../../shared/schemas';

export type ShipToField = keyof ShippingAddress;
export const SHIP_TO_FIELDS: readonly { field: ShipToField; label: string; autoComplete: string }[] = [
  { field: 'street1', label: 'Street', autoComplete: 'address-line1' },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
  { field: 'state', label: 'State', autoComplete: 'address-level1' },
  { field: 'zip', label: 'ZIP code', autoComplete: 'postal-code' },
];

export const EMPTY_ADDRESS: ShippingAddress = { street1: '', city: '', state: '', zip: '' };

/** An order carries one street line; the account's second line is kept by joining it. */
export function fromAccountAddress(address: AccountAddress): ShippingAddress {
  const street2 = address.street2?.trim();
  return {
    street1: street2 ? `${address.street1}, ${street2}` : address.street1,
    city: address.city,
    state: address.state,
    zip: address.zip,
  };
}

const FIELD_NAMES: Record<ShipToField, string> = { street1: 'street', city: 'city', state: 'state', zip: 'ZIP code' };

/** What to do about one field, in plain words, chosen by the kind of the problem (never by its wording). */
function fieldMessage(field: ShipToField, value: string, issue: { code: string }): string {
  if (field === 'state') return 'Choose the state from the list.';
  if (field === 'zip') return 'Enter a US ZIP code, like 94105 or 94105-1234.';
  const name = FIELD_NAMES[field];
  if (value.trim() === '') return `Enter the ${name}.`;
  if (issue.code === 'invalid_format') return `The ${name} has characters that cannot be sent (tabs, line breaks or other control characters); remove them.`;
  if (issue.code === 'too_big') return `The ${name} is too long: at most ${ADDRESS_LIMITS[field as keyof typeof ADDRESS_LIMITS]} characters.`;
  return `Enter the ${name}.`;
}

const Notes = multiLineText(BUYER_NOTES_MAX);

/** The problem with an order's notes in plain words, or null when they can be sent (the service's own text rule). */
export function notesProblem(notes: string | undefined): string | null {
  const parsed = Notes.safeParse(notes ?? '');
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (issue?.code === 'too_big') {
    const over = (notes ?? '').length - BUYER_NOTES_MAX;
    return `The notes are too long: at most ${formatNumber(BUYER_NOTES_MAX)} characters; shorten them by ${formatNumber(over)} before placing. Nothing was cut.`;
  }
  return 'The notes have characters that cannot be sent (control characters other than tabs and line breaks); remove them.';
}

export type ShipToCheck =
  | { ok: true; address: ShippingAddressInput }
  | { ok: false; message: string; fields: Partial<Record<ShipToField, string>> };

/** The address orders will carry: the buyer's own entry, else the account's address. */
export function resolveShipTo(custom: ShippingAddress | null, account: AccountAddress | undefined): ShipToCheck {
  if (!custom) {
    if (!account) {
      return { ok: false, message: "The account's address is not available yet (it has not been synced). Enter a ship-to address.", fields: {} };
    }
    return resolveShipTo(fromAccountAddress(account), undefined);
  }
  // A state kept from an earlier version as a name ("California") is its code.
  const parsed = ShippingAddressInput.safeParse({ ...custom, state: usStateCodeOf(custom.state) ?? custom.state });
  if (parsed.success) return { ok: true, address: parsed.data };
  const fields: Partial<Record<ShipToField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ShipToField | undefined;
    if (field && field in FIELD_NAMES) fields[field] ??= fieldMessage(field, custom[field], issue);
  }
  return { ok: false, message: 'Check the ship-to address.', fields };
}

/**
 * The saved address orders go to when no one-off address is typed: the one chosen, else the
 * address book's default; null means the account's own address. A chosen address since deleted
 * falls back to the default.
 */
export function chosenSavedAddress(choice: string | null, book: AddressBook | undefined): SavedAddress | null {
  if (choice === 'account' || !book) return null;
  const find = (id: string | null) => (id === null ? undefined : book.items.find((item) => item.id === id));
  return find(choice) ?? find(book.defaultId) ?? null;
}
