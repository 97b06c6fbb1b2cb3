import type { CatalogProduct, Deal, Product } from '../../../shared/schemas';

/** What the cart keeps of a product, so it can show and check the line offline. */
export interface CartProduct {
  productId: string;
  name: string;
  vintage: number | null;
  sizeMl: number;
  packSize: number;
  casePriceCents: number;
  bottlePriceCents: number;
  minimumOrder: number;
  inventoryAvailable: number;
  imageUrl: string | null;
  supplierId: string;
  supplierName: string;
  /**
   * The product's deals as its detail last gave them (issue 26); absent when the cart has seen only a
   * catalog item, or kept from before deals existed. The estimate prices with those running.
   */
  deals?: Deal[];
}


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
