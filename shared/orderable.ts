/**
 * The one rule for "can be ordered now": some stock, and at least the minimum order of it. A
 * product with 2 cases left and a minimum of 3 is in stock but cannot be ordered, so the catalog's
 * "In stock only" filter leaves it out (`inStock` of a catalog search) and its Add button is off.
 */
export function orderableNow(product: { inventory_available: number; minimum_order: number }): boolean {
  return product.inventory_available > 0 && product.inventory_available >= product.minimum_order;
}
