import { useMutation } from '@tanstack/react-query';
import { useBridge } from '../../lib/bridgeContext';
import { dataOrThrow } from '../../lib/bridgeErrors';

/** Looks a scanned or typed UPC / SKU up in the catalog (run on demand, once per scan). */
export function useLookupProductCode() {
  const bridge = useBridge();
  return useMutation({ mutationFn: (code: string) => dataOrThrow(bridge.lookupProductCode({ code })) });
}
