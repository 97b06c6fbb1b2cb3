import type { BridgeContract, BridgeInput, BridgeMethod, BridgeOutput } from './contract';
import type { BridgeEvent } from './events';
import type { BridgeResult } from './result';

/**
 * What the preload exposes on `window.caseworks` (and the browser shell's client imitates): one
 * named function per contract method, plus one subscription for events.
 */
type InputArgs<M extends BridgeMethod> =
  Record<string, never> extends BridgeInput<M> ? [input?: BridgeInput<M>] : [input: BridgeInput<M>];

export type CaseworksBridge = {
  [M in BridgeMethod]: (...args: InputArgs<M>) => Promise<BridgeResult<BridgeOutput<M>>>;
} & {
  subscribe(listener: (event: BridgeEvent) => void): () => void;
};

/** The global name under which the bridge lives in the page. */
export const BRIDGE_GLOBAL = 'caseworks';

/** IPC channel names, shared by preload and main. */
export const IPC_INVOKE_CHANNEL = 'caseworks:invoke';
export const IPC_EVENT_CHANNEL = 'caseworks:event';

export type { BridgeContract };
