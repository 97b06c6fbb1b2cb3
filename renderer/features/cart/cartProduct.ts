import type { CatalogProduct, Product } from '../../../shared/schemas';
import type { CartProduct } from './cartStore';

/**
 * What the cart keeps of a catalog item or a product detail. A detail also gives the product's deals
 * (none when it lists none); a catalog item does not carry them, so it leaves the deals the cart has.
 */
export function toCartProduct(product: CatalogProduct | Product): CartProduct {
  return {
    productId: product.id,
    name: product.name,
    vintage: product.vintage,
    sizeMl: product.size_ml,
    packSize: product.pack_size,
    casePriceCents: product.case_price_cents,
    bottlePriceCents: product.bottle_price_cents,
    minimumOrder: product.minimum_order,
    inventoryAvailable: product.inventory_available,
    imageUrl: product.image_url,
    supplierId: product.supplier.id,
    supplierName: product.supplier.name,
    ...('sku' in product ? { deals: product.deals ?? [] } : {}),
  };
}
