import type { QueryClient } from '@tanstack/react-query';
import type { CaseworksBridge } from '../../shared/bridge';
import { startCatalogSearch } from '../features/catalog/useCatalogSearch';
import { parseHash } from './routes';
import { loadCatalogScreen } from './screens';

/**
 * What the first screen needs, asked for as the page starts, before React renders: on the catalog,
 * its first page (the search its screen runs, which then finds it under way) and the screen's own
 * chunk. Left to the screen, the search went out only once React had rendered the shell, fetched
 * the lazily loaded screen and rendered it. Settles once the screen's code is loaded (at once for
 * the other screens).
 */
export function startFirstScreen(hash: string, bridge: CaseworksBridge, queryClient: QueryClient): Promise<unknown> {
  if (parseHash(hash).screen !== 'catalog') return Promise.resolve();
  startCatalogSearch(bridge, queryClient);
  return loadCatalogScreen();
}
