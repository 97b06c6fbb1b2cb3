/**
 * Product images reach the page through the app's own origin (app:// in Electron, the loopback
 * server in the browser shell), served from the offline image cache, so they show offline and the
 * page's CSP can refuse every other image source.
 *
 * The local address carries a short hash of the remote one: when a product's image changes, so
 * does its address, which lets the page cache each image for good.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

export const PRODUCT_IMAGE_PATH_PREFIX = '/product-images/';
export const PRODUCT_IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

const PRODUCT_ID = /^prod_[A-Za-z0-9]{1,64}$/;

const versionOf = (remoteUrl: string) => createHash('sha256').update(remoteUrl).digest('base64url').slice(0, 10);

export function productImagePath(productId: string, remoteUrl: string): string {
  return `${PRODUCT_IMAGE_PATH_PREFIX}${productId}?v=${versionOf(remoteUrl)}`;
}

/** The product id of an image path, or null when the path is not a product image. */
export function productIdFromImagePath(urlPath: string): string | null {
  if (!urlPath.startsWith(PRODUCT_IMAGE_PATH_PREFIX)) return null;
  const id = urlPath.slice(PRODUCT_IMAGE_PATH_PREFIX.length);
  return PRODUCT_ID.test(id) ? id : null;
}

export interface ProductImageAddresses {
  /** The product with its `image_url` replaced by the local address (null stays null). */
  localize<T extends { id: string; image_url: string | null }>(product: T): T;
  /** The remote image of a product recently handed to the page, without asking the search worker. */
  remoteUrlOf(productId: string): string | null;
}

/**
 * Remembers the remote image of every product recently given to the page: the page asks only
 * for images of products it was shown, so serving one needs no catalog lookup.
 */
export function createProductImageAddresses(remember = 20_000): ProductImageAddresses {
  const remote = new LRUCache<string, string>({ max: remember });
  return {
    localize(product) {
      if (!product.image_url) return product;
      remote.set(product.id, product.image_url);
      return { ...product, image_url: productImagePath(product.id, product.image_url) };
    },
    remoteUrlOf: (productId) => remote.get(productId) ?? null,
  };
}
