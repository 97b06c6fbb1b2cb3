import type { ServiceClient } from '../../core/api';
import type { OfflineReads } from '../../core/offline/offline-reads';
import type { ProductImageAddresses } from '../../core/images/product-image-urls';

/** Reads and the state of the connection, as every read handler needs them. */
export interface ReadContext {
  client(): ServiceClient | null;
  online(): boolean;
  offline: OfflineReads;
  now(): Date;
  images: ProductImageAddresses;
}
