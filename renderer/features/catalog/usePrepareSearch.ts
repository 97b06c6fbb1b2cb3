import { useEffect } from 'react';
import type { CaseworksBridge } from '../../../shared/bridge';
import { useBridge } from '../../lib/bridgeContext';

/** Runs a callback once the page has painted its next frame and is idle after it. */
export type WhenIdle = (run: () => void) => void;

/** The longest the search index waits for that frame, and then for the page to be idle (ms): a page kept busy or hidden still gets it read. */
export const PREPARE_SEARCH_LATEST_MS = 2_000;

/**
 * The next frame, a task after it (what was committed by then is painted), then an idle period.
 * An idle callback alone could run before that frame: Chromium may be in an idle period when React
 * commits. A hidden window draws no frame: then it goes on after `PREPARE_SEARCH_LATEST_MS`.
 */
export const whenPageIdle: WhenIdle = (run) => {
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

/** The bridges (one a page) that asked already. */
const asked = new WeakSet<CaseworksBridge>();

/** Asks the core, once a page, to read the search index when the page is idle (see `usePrepareSearch`). */
export function prepareSearchWhenIdle(bridge: CaseworksBridge, whenIdle: WhenIdle = whenPageIdle): void {
  if (asked.has(bridge)) return;
  asked.add(bridge);
  whenIdle(() => void bridge.prepareSearch());
}

/**
 * Once the catalog shows its first page (`shown`), and the page is idle after painting it, the
 * core reads the search index (`prepareSearch`, about a second of CPU at a million products). Read
 * as soon as the first browse's answer had gone, as it was, it took one of the machine's cores
 * while the page rendered that answer. A search typed before then is answered all the same: it
 * reads the index itself.
 */
export function usePrepareSearch(shown: boolean): void {
  const bridge = useBridge();
  useEffect(() => {
    if (shown) prepareSearchWhenIdle(bridge);
  }, [shown, bridge]);
}
