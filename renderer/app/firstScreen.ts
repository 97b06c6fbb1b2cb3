import type { QueryClient } from '@tanstack/react-query';
import type { CaseworksBridge } from '../../shared/bridge';
import { startCatalogSearch } from '../features/catalog/useCatalogSearch';
import { parseHash } from './routes';
import { loadCatalogScreen } from './screens';

/** Runs a callback once the page has painted its next frame and is idle after it. */
export type WhenIdle = (run: () => void) => void;

/** The longest the search index waits for that frame, and then for the page to be idle (ms): a page kept busy or hidden still gets it read. */
export const PREPARE_SEARCH_LATEST_MS = 2_000;

/**
 * The next frame, a task after it (what was rendered by then is painted), then an idle period.
 * An idle callback alone could run before that frame: Chromium may be in an idle period when React
 * commits. A hidden window draws no frame: then it goes on after `PREPARE_SEARCH_LATEST_MS`.
 */
const whenPageIdle: WhenIdle = (run) => {
  let started = false;
  const idle = () => {
    if (started) return;
    started = true;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: PREPARE_SEARCH_LATEST_MS });
    else run();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(idle, 0));
  setTimeout(idle, PREPARE_SEARCH_LATEST_MS);
};

/**
 * What the first screen needs, asked for as the page starts, before React renders: on the catalog,
 * its first page (the search its screen runs, which then finds it under way) and the screen's own
 * chunk. Left to the screen, the search went out only once React had rendered the shell, fetched
 * the lazily loaded screen and rendered it.
 *
 * Then, once the page is idle after painting the first screen (on the catalog: with its first page
 * answered and its chunk loaded, so after their render), the core is asked to read the search index
 * (`prepareSearch`, about a second of CPU at a million products): read as soon as the first page
 * was answered, it took one of the machine's cores while the page rendered that page. A search
 * typed before then is answered all the same (it reads the index itself).
 */
export function startFirstScreen(hash: string, bridge: CaseworksBridge, queryClient: QueryClient, whenIdle: WhenIdle = whenPageIdle): void {
  const prepareSearch = () => whenIdle(() => void bridge.prepareSearch());
  if (parseHash(hash).screen !== 'catalog') return prepareSearch();
  void Promise.allSettled([startCatalogSearch(bridge, queryClient), loadCatalogScreen()]).then(prepareSearch);
}
