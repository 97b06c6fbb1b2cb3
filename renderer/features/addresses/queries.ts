import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/** The signed-in account's saved ship-to addresses (kept on this computer, so always at hand offline). */
export function useAddressBook() {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.addressBook, queryFn: () => dataOrThrow(bridge.getAddressBook({})) });
}
