import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH, ProductId } from '../../shared';
import type { Store } from '../store/types';
import { productLabelSvg } from '../images/product-label';
import { buildOpenApiDocument } from '../openapi/document';
import { missing } from './handlers';

const IMAGE_FILE = /^(.+)\.svg$/;
/** Labels depend only on fields a product never changes, so caches may keep them for a week. */
const IMAGE_CACHE_CONTROL = 'public, max-age=604800';

/** Routes served without an API key and outside the rate limit: the OpenAPI document and product images. */
export function registerPublicRoutes(app: FastifyInstance, store: Store, publicBaseUrl: () => string): void {
  let openApi: { baseUrl: string; json: string } | null = null;
  app.get(`${API_BASE_PATH}/openapi.json`, { config: { public: true, rateLimit: false } }, async (_request, reply) => {
    const baseUrl = publicBaseUrl();
    if (!openApi || openApi.baseUrl !== baseUrl) openApi = { baseUrl, json: JSON.stringify(buildOpenApiDocument(baseUrl)) };
    return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(openApi.json);
  });

  app.get(`${API_BASE_PATH}/images/products/:file`, { config: { public: true, rateLimit: false } }, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const id = IMAGE_FILE.exec(file)?.[1] ?? '';
    if (!ProductId.safeParse(id).success) throw missing('product image', file);
    const product = await store.getProduct(id);
    if (!product) throw missing('product image', file);
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', IMAGE_CACHE_CONTROL)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .send(productLabelSvg(product));
  });
}
