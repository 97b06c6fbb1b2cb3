/**
 * Product images reach the page through the app's own origin (app:// in Electron, the loopback
 * server in the browser shell), served from the offline image cache, so they show offline and the
 * page's CSP can refuse every other image source.
 */
export const PRODUCT_IMAGE_PATH_PREFIX = '/product-images/';

const PRODUCT_ID = /^prod_[A-Za-z0-9]{1,64}$/;

export function productImagePath(productId: string): string {
  return `${PRODUCT_IMAGE_PATH_PREFIX}${productId}`;
}

/** The product id of an image path, or null when the path is not a product image. */
export function productIdFromImagePath(urlPath: string): string | null {
  if (!urlPath.startsWith(PRODUCT_IMAGE_PATH_PREFIX)) return null;
  const id = urlPath.slice(PRODUCT_IMAGE_PATH_PREFIX.length);
  return PRODUCT_ID.test(id) ? id : null;
}

/** Replaces a product's remote `image_url` with its local path (null stays null). */
export function withLocalImage<T extends { id: string; image_url: string | null }>(product: T): T {
  return product.image_url ? { ...product, image_url: productImagePath(product.id) } : product;
}
