import { BRIDGE_GLOBAL, type CaseworksBridge } from '../../shared/bridge/api';
import { shellLink } from './shell-link';
import { createSocketBridge } from './socket-bridge';

let fallback: CaseworksBridge | null = null;

/** The desktop app's preload bridge when present, otherwise the browser shell's socket bridge. */
export function getBridge(): CaseworksBridge {
  // globalThis is the page's window; named so, the module also type-checks where there is no DOM.
  const provided = (globalThis as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] as CaseworksBridge | undefined;
  if (provided) return provided;
  fallback ??= createSocketBridge({ onLinkChange: (state) => shellLink.set(state) });
  return fallback;
}

export { createSocketBridge } from './socket-bridge';
export { useShellLink, type ShellLinkState } from './shell-link';
export type { CaseworksBridge } from '../../shared/bridge/api';
