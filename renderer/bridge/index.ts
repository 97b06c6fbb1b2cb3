import { BRIDGE_GLOBAL, type CaseworksBridge } from '../../shared/bridge/api';
import { createHttpBridge } from './http-bridge';

let fallback: CaseworksBridge | null = null;

/** The desktop app's preload bridge when present, otherwise the browser shell's HTTP bridge. */
export function getBridge(): CaseworksBridge {
  // globalThis is the page's window; named so, the module also type-checks where there is no DOM.
  const provided = (globalThis as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] as CaseworksBridge | undefined;
  if (provided) return provided;
  fallback ??= createHttpBridge();
  return fallback;
}

export { createHttpBridge } from './http-bridge';
export type { CaseworksBridge } from '../../shared/bridge/api';
