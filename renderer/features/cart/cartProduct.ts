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
  /**
   * How the product is sold by the bottle (a split case, issue 26) as its detail last gave it: null
   * when the detail says its supplier does not split cases; absent when the cart has seen only a
   * catalog item, or kept from before split cases existed.
   */
  splitCase?: CartSplitCase | null;
}

/** A product's split-case terms as the cart keeps them (from `SplitCaseTerms`). */
export interface CartSplitCase {
  /** Charged once per line of bottles. */
  feeCents: number;
  /** Bottles in stock, whole cases and opened ones together. */
  bottlesAvailable: number;
}


/**
 * What the cart keeps of a catalog item or a product detail. A detail also gives the product's deals
 * (none when it lists none) and its split-case terms (null when it has none); a catalog item carries
 * neither, so it leaves what the cart has.
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
    ...('sku' in product
      ? {
          deals: product.deals ?? [],
          splitCase: product.split_case ? { feeCents: product.split_case.fee_cents, bottlesAvailable: product.split_case.bottles_available } : null,
        }
      : {}),
  };
}
