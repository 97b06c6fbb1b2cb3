import { ADDRESS_LABEL_MAX, AddressLabel, type SavedAddressInput } from '../../../shared/bridge/address-book';
import type { ShippingAddress } from '../../../shared/schemas';
import { fieldErrors } from '../../lib/bridgeErrors';
import { resolveShipTo, type ShipToField } from '../cart/shipTo';

export type SavedAddressField = ShipToField | 'label';
export type SavedAddressCheck =
  | { ok: true; input: SavedAddressInput }
  | { ok: false; fields: Partial<Record<SavedAddressField, string>> };

/** The label's problem in plain words, chosen by the kind of the problem; null when it can be saved. */
export function labelProblem(label: string): string | null {
  const parsed = AddressLabel.safeParse(label);
  if (parsed.success) return null;
  const code = parsed.error.issues[0]?.code;
  if (label.trim() === '') return 'Enter a label, like “Downtown bar” or “Warehouse”.';
  if (code === 'too_big') return `The label is too long: at most ${ADDRESS_LABEL_MAX} characters.`;
  return 'The label has characters that cannot be kept (tabs, line breaks or other control characters); remove them.';
}

/** Checks a label and an address with the same rules as an order's ship-to address (the shared ones). */
export function checkSavedAddress(label: string, address: ShippingAddress): SavedAddressCheck {
  const labelError = labelProblem(label);
  const addressCheck = resolveShipTo(address, undefined);
  if (!labelError && addressCheck.ok) return { ok: true, input: { label: AddressLabel.parse(label), address: addressCheck.address } };
  return { ok: false, fields: { ...(addressCheck.ok ? {} : addressCheck.fields), ...(labelError ? { label: labelError } : {}) } };
}

/** Field problems the core reported (a label already used), by field. */
export function serverFieldErrors(error: unknown): Partial<Record<SavedAddressField, string>> {
  const fields: Partial<Record<SavedAddressField, string>> = {};
  for (const { pointer, detail } of fieldErrors(error)) {
    const name = pointer.split('/').pop() as SavedAddressField | undefined;
    if (name && ['label', 'street1', 'city', 'state', 'zip'].includes(name)) fields[name] ??= detail;
  }
  return fields;
}
