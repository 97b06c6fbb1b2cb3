import type { BridgeEvent } from '../../shared/bridge/events';

export type BridgeEventListener = (event: BridgeEvent) => void;

export interface BridgeEventHub {
  emit(event: BridgeEvent): void;
  /** Returns the function that ends the subscription. */
  subscribe(listener: BridgeEventListener): () => void;
  listenerCount(): number;
}

/**
 * Fans events out to every transport (the window over IPC, the browser shell's event streams,
 * desktop notifications). A listener that throws is reported and does not stop the others.
 */
export function createEventHub(onListenerError: (error: unknown) => void = () => {}): BridgeEventHub {
  const listeners = new Set<BridgeEventListener>();
  return {
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    listenerCount: () => listeners.size,
  };
}
