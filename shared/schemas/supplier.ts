import { z } from 'zod';
import { Count, SupplierId, Timestamp } from './common';
import { DeliveryTerms } from './delivery-terms';

export const Supplier = z.object({
  id: SupplierId,
  name: z.string(),
  dba_name: z.string().nullable(),
  location: z.string(),
  total_products: Count,
  created_at: Timestamp,
  /** Extension (issue 26): the days it delivers and its order cutoff; absent when it published none. */
  delivery_terms: DeliveryTerms.optional(),
});
export type Supplier = z.infer<typeof Supplier>;

/** The supplier embedded in a product detail. */
export const ProductSupplier = Supplier.pick({ id: true, name: true, location: true, total_products: true });
export type ProductSupplier = z.infer<typeof ProductSupplier>;

/** The supplier embedded in a catalog list item. */
export const CatalogSupplier = Supplier.pick({ id: true, name: true, location: true });
export type CatalogSupplier = z.infer<typeof CatalogSupplier>;

/** The supplier embedded in an order list item. */
export const OrderSupplier = Supplier.pick({ id: true, name: true });
export type OrderSupplier = z.infer<typeof OrderSupplier>;

/** The supplier embedded in an order detail. */
export const OrderDetailSupplier = OrderSupplier.extend({ address: z.string() });
export type OrderDetailSupplier = z.infer<typeof OrderDetailSupplier>;
