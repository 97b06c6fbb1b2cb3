import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import type { CaseworksBridge } from '../../shared/bridge';
import { App } from './App';
import { startFirstScreen } from './firstScreen';

/**
 * How long the page waits for the first screen's code before it renders anyway: a chunk that never
 * arrives then shows the screen's loading fallback (and its failure, if it fails) instead of a
 * blank window.
 */
export const FIRST_SCREEN_WAIT_MS = 3_000;

interface StartOptions {
  start?: typeof startFirstScreen;
  waitAtMost?: number;
}

/**
 * Starts the page: the first screen's data and code are asked for at once (`startFirstScreen`),
 * and the app is rendered once that code is here (or could not load: the screen then says so), or
 * after `FIRST_SCREEN_WAIT_MS` at most. On the catalog that means no "Opening Catalog…" first: React shows content that replaces a Suspense
 * fallback no sooner than 300 ms after the fallback appeared, and the catalog's first paint waited
 * for that when the app rendered before the screen's chunk had come (`SCREENS`, screens.tsx).
 */
export function startApp(
  hash: string,
  bridge: CaseworksBridge,
  queryClient: QueryClient,
  render: (app: ReactNode) => void,
  { start = startFirstScreen, waitAtMost = FIRST_SCREEN_WAIT_MS }: StartOptions = {},
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitAtMost)));
  return Promise.race([start(hash, bridge, queryClient).catch(() => undefined), waited]).then(() => {
    clearTimeout(timer);
    render(
      <StrictMode>
        <App bridge={bridge} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}
