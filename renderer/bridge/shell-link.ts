import { useSyncExternalStore } from 'react';

/**
 * Whether the browser shell behind this page can be reached, as its socket bridge sees it:
 * `unknown` until the first socket opens (and always in the desktop app, which has no socket),
 * `open` while one is open or being reopened after a blip, `stopped` when opening it failed.
 */
export type ShellLinkState = 'unknown' | 'open' | 'stopped';

let state: ShellLinkState = 'unknown';
const listeners = new Set<() => void>();

export const shellLink = {
  get: (): ShellLinkState => state,
  set(next: ShellLinkState): void {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useShellLink(): ShellLinkState {
  return useSyncExternalStore(shellLink.subscribe, shellLink.get);
}
