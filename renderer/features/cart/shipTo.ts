import { ShippingAddress, type AccountAddress } from '../../../shared/schemas';

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

const fieldMessages: Record<ShipToField, string> = {
  street1: 'Enter the street address.',
  city: 'Enter the city.',
  state: 'Enter the state (at least 2 letters).',
  zip: 'Enter a US ZIP code, like 94105 or 94105-1234.',
};

export type ShipToCheck =
  | { ok: true; address: ShippingAddress }
  | { ok: false; message: string; fields: Partial<Record<ShipToField, string>> };

/** The address orders will carry: the buyer's own entry, else the account's address. */
export function resolveShipTo(custom: ShippingAddress | null, account: AccountAddress | undefined): ShipToCheck {
  if (!custom) {
    if (!account) {
      return { ok: false, message: "The account's address is not available yet (it has not been synced). Enter a ship-to address.", fields: {} };
    }
    return resolveShipTo(fromAccountAddress(account), undefined);
  }
  const parsed = ShippingAddress.strict().safeParse(custom);
  if (parsed.success) return { ok: true, address: parsed.data };
  const fields: Partial<Record<ShipToField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ShipToField | undefined;
    if (field && field in fieldMessages) fields[field] = fieldMessages[field];
  }
  return { ok: false, message: 'Check the ship-to address.', fields };
}
