import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import type { CaseworksBridge } from '../../shared/bridge';
import { App } from './App';
import { startFirstScreen } from './firstScreen';

/**
 * Starts the page: the first screen's data and code are asked for at once (`startFirstScreen`),
 * and the app is rendered once that code is here (or could not load: the screen then says so). On
 * the catalog that means no "Opening Catalog…" first: React shows content that replaces a Suspense
 * fallback no sooner than 300 ms after the fallback appeared, and the catalog's first paint waited
 * for that when the app rendered before the screen's chunk had come (`SCREENS`, screens.tsx).
 */
export function startApp(hash: string, bridge: CaseworksBridge, queryClient: QueryClient, render: (app: ReactNode) => void): Promise<void> {
  return startFirstScreen(hash, bridge, queryClient)
    .catch(() => undefined)
    .then(() =>
      render(
        <StrictMode>
          <App bridge={bridge} queryClient={queryClient} />
        </StrictMode>,
      ),
    );
}
