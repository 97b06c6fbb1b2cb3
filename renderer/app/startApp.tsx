import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import type { CaseworksBridge } from '../../shared/bridge';
import { startFirstScreen } from './firstScreen';

/**
 * How long the page waits for the first screen's code before it renders anyway: a chunk that never
 * arrives then shows the screen's loading fallback (and its failure, if it fails) instead of a
 * blank window.
 */
export const FIRST_SCREEN_WAIT_MS = 3_000;

/** The app's own module (its shell and every screen's entry), loaded apart from the page's entry. */
export const loadAppModule = () => import('./App');

interface StartOptions {
  start?: typeof startFirstScreen;
  waitAtMost?: number;
  loadApp?: typeof loadAppModule;
}

/**
 * Starts the page: the first screen's data and code are asked for at once (`startFirstScreen`),
 * then the app's own code (`loadAppModule`), which the page's entry does not hold: the entry is
 * small, so the catalog's search leaves before the app's modules and React's DOM renderer are
 * evaluated, and they load while it is answered. The app is rendered once that code and the first
 * screen's are here (or the screen's could not load: it then says so), or after
 * `FIRST_SCREEN_WAIT_MS` at most for the screen. On the catalog that means no "Opening Catalog…"
 * first: React shows content that replaces a Suspense fallback no sooner than 300 ms after the
 * fallback appeared, and the catalog's first paint waited for that when the app rendered before the
 * screen's chunk had come (`SCREENS`, screens.tsx).
 */
export function startApp(
  hash: string,
  bridge: CaseworksBridge,
  queryClient: QueryClient,
  render: (app: ReactNode) => void,
  { start = startFirstScreen, waitAtMost = FIRST_SCREEN_WAIT_MS, loadApp = loadAppModule }: StartOptions = {},
): Promise<void> {
  const firstScreen = start(hash, bridge, queryClient).catch(() => undefined);
  const app = loadApp();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitAtMost)));
  return Promise.race([firstScreen, waited])
    .then(() => app)
    .then(({ App }) => {
      clearTimeout(timer);
      render(
        <StrictMode>
          <App bridge={bridge} queryClient={queryClient} />
        </StrictMode>,
      );
    });
}
