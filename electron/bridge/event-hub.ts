import { LASTING_EVENT_TYPES, type BridgeEvent } from '../../shared/bridge/events';

export type BridgeEventListener = (event: BridgeEvent) => void;

export interface BridgeEventHub {
  emit(event: BridgeEvent): void;
  /** Tells the listener the latest lasting event of each type first; returns the function that ends the subscription. */
  subscribe(listener: BridgeEventListener): () => void;
  listenerCount(): number;
}

/**
 * Fans events out to every transport (the window over IPC, the browser shell's event streams,
 * desktop notifications). A listener that throws is reported and does not stop the others. The latest
 * event of each of `LASTING_EVENT_TYPES` is kept and told to every later subscriber.
 */
export function createEventHub(onListenerError: (error: unknown) => void = () => {}): BridgeEventHub {
  const listeners = new Set<BridgeEventListener>();
  const lasting = new Map<BridgeEvent['type'], BridgeEvent>();
  const tell = (listener: BridgeEventListener, event: BridgeEvent) => {
    try {
      listener(event);
    } catch (error) {
      onListenerError(error);
    }
  };
  return {
    emit(event) {
      if (LASTING_EVENT_TYPES.has(event.type)) lasting.set(event.type, event);
      for (const listener of [...listeners]) tell(listener, event);
    },
    subscribe(listener) {
      for (const event of lasting.values()) tell(listener, event);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    listenerCount: () => listeners.size,
  };
}
