import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CaseworksBridge } from '../../shared/bridge';
import { BridgeProvider } from '../lib/bridgeContext';
import { createQueryClient } from '../lib/queryClient';
import { AppShell } from './AppShell';
import { createBridgeEventHandler } from './bridgeEvents';

interface Props {
  bridge: CaseworksBridge;
  queryClient?: QueryClient;
}

export function App({ bridge, queryClient: given }: Props) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useEffect(() => bridge.subscribe(createBridgeEventHandler(queryClient)), [bridge, queryClient]);
  return (
    <BridgeProvider bridge={bridge}>
      <QueryClientProvider client={queryClient}>
        <AppShell />
      </QueryClientProvider>
    </BridgeProvider>
  );
}
