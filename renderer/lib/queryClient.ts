import { QueryClient } from '@tanstack/react-query';
import { BridgeCallError } from './bridgeErrors';

/**
 * Retries only what the core says can succeed on a second try, and not while offline: the core
 * already retries the network and announces when it is back (a data-changed event refetches).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          error instanceof BridgeCallError && error.retryable && error.code !== 'offline' && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
