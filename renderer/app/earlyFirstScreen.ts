import { parseHash } from './routes';
import { loadCatalogScreen } from './screens';

/**
 * The catalog screen's chunk, asked for as soon as the page's entry begins to evaluate: main.tsx
 * imports this module first, so the request leaves before React's DOM renderer and the app's
 * modules are evaluated rather than after them (`startFirstScreen` asks again, for the same
 * module). Null on another screen. A chunk that fails is reported by that second load.
 */
export const earlyCatalogScreen: Promise<unknown> | null =
  parseHash(window.location.hash).screen === 'catalog' ? loadCatalogScreen().catch(() => null) : null;
