import { useMutation } from '@tanstack/react-query';
import { useBridge } from '../../../lib/bridgeContext';
import { dataOrThrow } from '../../../lib/bridgeErrors';

/** Matches a pasted order's codes against the offline catalog (run on demand: once per paste, once per corrected line). */
export function useMatchProductCodes() {
  const bridge = useBridge();
  return useMutation({ mutationFn: (codes: string[]) => dataOrThrow(bridge.matchProductCodes({ codes })) });
}
