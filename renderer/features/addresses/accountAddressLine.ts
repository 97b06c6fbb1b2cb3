import type { AccountAddress } from '../../../shared/schemas';
import { fromAccountAddress } from '../cart/shipTo';
import { addressLine } from './addressLine';

/**
 * The account's address in one line where a ship-to is chosen: the address, "reading…" while the
 * account is being read, or "not synced yet" once reading found none.
 */
export function accountAddressLine(address: AccountAddress | undefined, reading: boolean): string {
  if (address) return addressLine(fromAccountAddress(address));
  return reading ? 'reading…' : 'not synced yet';
}
