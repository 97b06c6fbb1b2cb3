import { useEffect, useRef } from 'react';
import { isEditableTarget } from './shortcuts';
import { useUiStore } from './uiStore';

/** How long a new screen may take to show its heading (lazy screens, data being read). */
const SETTLE_MS = 3_000;

/**
 * After a route change (a link, Alt+1…7, Back), focus goes to the new screen's heading, so a
 * keyboard or screen reader user starts at the top of what just opened instead of on the page
 * body. Focus that something deliberately placed stays where it is: the search box asked for
 * by `/`, a field being typed in, anything inside the new screen. Screens render their heading
 * late (lazy code, a loading state replaced by the loaded one), so the heading is watched for
 * until the screen settles or the user acts.
 */
export function useHeadingFocus(routeKey: string): void {
  const firstRoute = useRef(true);
  useEffect(() => {
    if (firstRoute.current) {
      firstRoute.current = false;
      return;
    }
    const main = document.getElementById('main-content');
    if (!main) return;
    const place = () => {
      if (useUiStore.getState().searchFocusPending) return;
      const heading = main.querySelector('h1');
      if (!heading) return;
      const active = document.activeElement;
      const free = !active || active === document.body || active === main || (!main.contains(active) && !isEditableTarget(active));
      if (!free || active === heading) return;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: false });
    };
    const observer = new MutationObserver(place);
    observer.observe(main, { childList: true, subtree: true });
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      window.removeEventListener('keydown', stop, true);
      window.removeEventListener('pointerdown', stop, true);
    };
    const timer = setTimeout(stop, SETTLE_MS);
    window.addEventListener('keydown', stop, true);
    window.addEventListener('pointerdown', stop, true);
    place();
    return stop;
  }, [routeKey]);
}
