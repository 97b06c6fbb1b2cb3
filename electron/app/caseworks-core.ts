import type { BridgeDispatcher } from '../bridge/dispatcher';
import type { BridgeEventHub } from '../bridge/event-hub';
import type { ProductImage } from '../core/platform';

/** What the transports (IPC, the browser shell) see of the app: the bridge's table, its events, images. */
export interface CaseworksCore {
  dispatcher: BridgeDispatcher;
  events: Pick<BridgeEventHub, 'subscribe'>;
  /** A product's image from the offline image cache (fetched and cached when online); null if none. */
  readImage(productId: string): Promise<ProductImage | null>;
  /** Replaces any secret the core holds with a placeholder, for logs. */
  redact(text: string): string;
  close(): Promise<void>;
}
