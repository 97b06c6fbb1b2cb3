import { createContext, useContext, type ReactNode } from 'react';
import type { CaseworksBridge } from '../../shared/bridge';

const BridgeContext = createContext<CaseworksBridge | null>(null);

/** The bridge is injected rather than read from `window`, so tests can hand the app a fake. */
export function BridgeProvider({ bridge, children }: { bridge: CaseworksBridge; children: ReactNode }) {
  return <BridgeContext.Provider value={bridge}>{children}</BridgeContext.Provider>;
}

export function useBridge(): CaseworksBridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error('useBridge needs a BridgeProvider above it');
  return bridge;
}
