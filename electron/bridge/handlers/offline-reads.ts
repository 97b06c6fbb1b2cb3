import type { Account, Order, OrderListItem, Product, Supplier, Webhook } from '../../../shared/schemas';
import type { ProductImageAddresses } from '../../core/app/product-image-urls';
import type { Cached } from './service-calls';

/** What the handlers read from the offline copy, each with the time the service last confirmed it. */
export interface OfflineReads {
  suppliers(): Promise<Cached<Supplier[]> | null>;
  orders(): Promise<Cached<OrderListItem[]> | null>;
  orderDetail(id: string): Promise<Cached<Order> | null>;
  productDetail(id: string): Promise<Cached<Product> | null>;
  account(): Promise<Cached<Account> | null>;
  webhooks(): Promise<Cached<Webhook[]> | null>;
  /** A detail just read from the service joins the offline copy, so what was viewed can be viewed offline. */
  keepProductDetail(product: Product): Promise<void>;
  keepOrderDetail(order: Order): Promise<void>;
}

/** Reads and the state of the connection, as every read handler needs them. */
export interface ReadContext {
  client(): import('../../core/api').ServiceClient | null;
  online(): boolean;
  offline: OfflineReads;
  now(): Date;
  images: ProductImageAddresses;
}
