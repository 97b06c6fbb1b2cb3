import { z } from 'zod';
import { ShippingAddressInput } from '../schemas/address';
import { oneLineText } from '../schemas/text';

/** The longest label of a saved address ("Downtown bar", "Warehouse"). */
export const ADDRESS_LABEL_MAX = 60;
/** How many addresses one account may save. */
export const SAVED_ADDRESSES_MAX = 100;

export const AddressLabel = oneLineText(ADDRESS_LABEL_MAX);

export const SavedAddressId = z.string().regex(/^adr_[0-9a-f-]{36}$/, 'must be a saved address id');

/** A ship-to address the buyer saved for later, under a label of their own. */
export const SavedAddress = z.object({
  id: SavedAddressId,
  label: AddressLabel,
  address: ShippingAddressInput,
  createdAt: z.string(),
});
export type SavedAddress = z.infer<typeof SavedAddress>;

export const SavedAddressInput = z.strictObject({ label: AddressLabel, address: ShippingAddressInput });
export type SavedAddressInput = z.infer<typeof SavedAddressInput>;

/** The account's address book: saved addresses in the order saved, and which one orders use unless told otherwise. */
export const AddressBook = z.object({
  items: z.array(SavedAddress),
  /** A saved address used by default; null: the account's own address. */
  defaultId: SavedAddressId.nullable(),
  /** What was wrong with the file on disk when it was read (it was set aside), for the Settings screen. */
  problem: z.string().nullable(),
});
export type AddressBook = z.infer<typeof AddressBook>;
