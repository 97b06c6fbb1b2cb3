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
}

/** A product's image from the image cache, by the address the catalog gave it (fetched and cached when online). */
export async function readProductImage(productId: string, sources: ProductImageSources): Promise<ProductImage | null> {
  const url = sources.addresses.remoteUrlOf(productId) ?? (await imageUrlFromCatalog(productId, sources));
  if (!url) return null;
  const image = await sources.images.get(url);
  return image.ok ? { body: image.bytes, contentType: image.contentType } : null;
}

async function imageUrlFromCatalog(productId: string, { search, shown }: ProductImageSources): Promise<string | null> {
  const [listed] = await search.products([productId]).catch(() => [null]);
  if (listed?.image_url) return listed.image_url;
  // A refusal of the offline copy leaves the image unknown, as a product it does not hold does.
  const detail = await shown()?.copy.productDetail(productId);
  return (detail?.ok ? detail.data?.image_url : null) ?? null;
}
