import { protocol } from 'electron';
import { PRODUCT_IMAGE_CACHE_CONTROL, productIdFromImagePath } from '../core/images/product-image-urls';
import type { ProductImage } from '../core/platform';
import { SECURITY_HEADERS } from '../app/content-security-policy';
import { readStaticFile } from '../app/static-files';
import { APP_HOST, APP_SCHEME } from './app-origin';

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    // corsEnabled: the page's module scripts are loaded in CORS mode (crossorigin), even from their own origin.
    // codeCache (standard schemes only): V8 keeps the page's compiled scripts between launches, so a
    // start after the first does not compile its 476 KB of JavaScript again.
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true, codeCache: true } },
  ]);
}

export interface AppProtocolOptions {
  rendererDir: string;
  readImage(productId: string): Promise<ProductImage | null>;
}

function respond(status: number, body: ConstructorParameters<typeof Response>[0], contentType: string, extra: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { ...SECURITY_HEADERS, 'content-type': contentType, ...extra } });
}

/** Serves the built renderer and cached product images; refuses other hosts, methods and paths outside the renderer. */
export function createAppRequestHandler(options: AppProtocolOptions) {
  return async (request: Request): Promise<Response> => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return respond(400, 'Bad request', 'text/plain; charset=utf-8');
    }
    if (url.host !== APP_HOST) return respond(404, 'Not found', 'text/plain; charset=utf-8');
    if (request.method !== 'GET' && request.method !== 'HEAD') return respond(405, 'Method not allowed', 'text/plain; charset=utf-8');

    const productId = productIdFromImagePath(url.pathname);
    if (productId) {
      const image = await options.readImage(productId).catch(() => null);
      if (!image) return respond(404, 'No image', 'text/plain; charset=utf-8');
      return respond(200, new Uint8Array(image.body), image.contentType, { 'cache-control': PRODUCT_IMAGE_CACHE_CONTROL });
    }

    const file = await readStaticFile(options.rendererDir, url.pathname);
    if (!file) return respond(404, 'Not found', 'text/plain; charset=utf-8');
    return respond(200, new Uint8Array(file.body), file.contentType);
  };
}

export function handleAppProtocol(options: AppProtocolOptions): void {
  protocol.handle(APP_SCHEME, createAppRequestHandler(options));
}
