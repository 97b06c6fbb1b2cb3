import type { ServiceClient } from '../core/api';
import type { ImageCache } from '../core/images/image-cache';
import type { ProductImageAddresses } from '../core/images/product-image-urls';
import type { ProductImage } from '../core/platform';
import type { SearchService } from '../core/search/search-service';
import type { SyncEngine } from '../core/sync/sync-engine';

export interface ProductImageSources {
  addresses: ProductImageAddresses;
  images: ImageCache;
  search: SearchService;
  /** The offline copy the screens read. */
  shown(): SyncEngine | null;
  /** The service's client while it is reachable (null offline): asked where an image is when the offline copy refuses. */
  service(): ServiceClient | null;
}

/** A product's image from the image cache, by the address the catalog gave it (fetched and cached when online). */
export async function readProductImage(productId: string, sources: ProductImageSources): Promise<ProductImage | null> {
  const url = sources.addresses.remoteUrlOf(productId) ?? (await imageUrlOf(productId, sources));
  if (!url) return null;
  const image = await sources.images.get(url);
  return image.ok ? { body: image.bytes, contentType: image.contentType } : null;
}

/**
 * The image's address from the offline catalog, else from the product's stored detail. A refusal of
 * the offline copy (a full disk, a copy set aside) is not a product without an image: where the
 * service is reachable, it says where the image is; offline, there is no address to read it by.
 */
async function imageUrlOf(productId: string, { search, shown, service }: ProductImageSources): Promise<string | null> {
  const listed = await search.products([productId]);
  if (listed.ok && listed.data[0]?.image_url) return listed.data[0].image_url;
  const detail = (await shown()?.copy.productDetail(productId)) ?? null;
  if (detail?.ok && detail.data?.image_url) return detail.data.image_url;
  const refused = !listed.ok || (detail !== null && !detail.ok);
  return refused ? imageUrlFromService(productId, service()) : null;
}

async function imageUrlFromService(productId: string, client: ServiceClient | null): Promise<string | null> {
  if (!client) return null;
  const product = await client.call('getProduct', { params: { id: productId } });
  return product.ok && !product.notModified ? (product.data.image_url ?? null) : null;
}
