import { API_BASE_PATH, endpoints, type EndpointName, type EndpointSpec } from '../../../shared';
import { SERVICE_EXTENSIONS, type ServiceExtension, type ServiceExtensions } from '../../../shared/bridge/extensions';

/** Extensions read from a request body's schema rather than an endpoint of their own; never tried blind. */
type FieldExtension = 'orderCancelledEvent' | 'orderBackups';

/** The endpoint each extension needs (orderCancelledEvent is read from POST /webhooks' events, orderBackups from POST /orders' items). */
export const EXTENSION_ENDPOINTS: Record<Exclude<ServiceExtension, FieldExtension>, EndpointName> = {
  cancelOrder: 'cancelOrder',
  webhookDeliveries: 'listWebhookDeliveries',
  webhookTest: 'testWebhook',
  webhookPause: 'updateWebhook',
};

/** What is known of one extension on one service: null until learned. */
type Known = Partial<Record<ServiceExtension, boolean>>;

export interface ExtensionRegistryOptions {
  fetch: typeof fetch;
  timeoutMs?: number;
}

export interface ExtensionRegistry {
  /**
   * What the service at `baseUrl` offers, learned from its OpenAPI document the first time (and
   * again while it could not be read); an extension not yet known either way reads as `null`.
   */
  known(baseUrl: string): Promise<Known>;
  /** Offered for the screens: what is known to be offered, and what may be tried on a service without a document. */
  offered(baseUrl: string): Promise<ServiceExtensions>;
  /** A 404/405 answer to an extension's call, where the document said nothing: remembered as not offered. */
  refused(baseUrl: string, extension: ServiceExtension): void;
}

const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z_]+)/g, '{$1}');

type OpenApiDocument = { paths?: Record<string, Record<string, unknown>> };

function eventsOfferedByCreateWebhook(document: OpenApiDocument): string[] {
  const operation = document.paths?.['/webhooks']?.post as
    | { requestBody?: { content?: Record<string, { schema?: { properties?: { events?: { items?: { enum?: unknown } } } } }> } }
    | undefined;
  const values = operation?.requestBody?.content?.['application/json']?.schema?.properties?.events?.items?.enum;
  return Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : [];
}

/** Whether POST /orders takes a backup on its items (issue 26): a service without it refuses the field. */
function backupOfferedByCreateOrder(document: OpenApiDocument): boolean {
  const operation = document.paths?.['/orders']?.post as
    | { requestBody?: { content?: Record<string, { schema?: { properties?: { items?: { items?: { properties?: Record<string, unknown> } } } } }> } }
    | undefined;
  const item = operation?.requestBody?.content?.['application/json']?.schema?.properties?.items?.items?.properties;
  return item !== undefined && 'backup_product_id' in item;
}

/** What a service's document says it offers: every extension, true or false. */
export function extensionsInDocument(document: OpenApiDocument): Required<Known> {
  const offers = (name: EndpointName) => {
    const spec: EndpointSpec = endpoints[name];
    return document.paths?.[toOpenApiPath(spec.path)]?.[spec.method.toLowerCase()] !== undefined;
  };
  return {
    cancelOrder: offers(EXTENSION_ENDPOINTS.cancelOrder),
    webhookDeliveries: offers(EXTENSION_ENDPOINTS.webhookDeliveries),
    webhookTest: offers(EXTENSION_ENDPOINTS.webhookTest),
    webhookPause: offers(EXTENSION_ENDPOINTS.webhookPause),
    orderCancelledEvent: eventsOfferedByCreateWebhook(document).includes('order.cancelled'),
    orderBackups: backupOfferedByCreateOrder(document),
  };
}

/**
 * Remembers, per service (its base URL), which extensions it offers. The OpenAPI document
 * (`GET /api/v1/openapi.json`, no key) answers for all of them at once; a service without a
 * readable document leaves them unknown until an extension's call is answered 404/405.
 */
export function createExtensionRegistry(options: ExtensionRegistryOptions): ExtensionRegistry {
  const byService = new Map<string, Known>();
  /** Services whose document was read (or is known not to exist): not asked again. */
  const settled = new Set<string>();
  /** Services without a readable document: their extensions are tried, and a 404/405 answer is remembered. */
  const withoutDocument = new Set<string>();
  const reading = new Map<string, Promise<void>>();
  const timeoutMs = options.timeoutMs ?? 5_000;

  async function readDocument(baseUrl: string): Promise<void> {
    if (!baseUrl.endsWith(API_BASE_PATH)) return;
    let response: Response;
    try {
      response = await options.fetch(`${baseUrl}/openapi.json`, { method: 'GET', signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    } catch {
      return; // unreachable now: ask again next time
    }
    if (response.status === 404 || response.status === 405 || response.status === 410) {
      settled.add(baseUrl); // no document: learn from the calls' answers
      withoutDocument.add(baseUrl);
      return;
    }
    if (!response.ok) return;
    try {
      const document = (await response.json()) as OpenApiDocument;
      if (typeof document !== 'object' || document === null || typeof document.paths !== 'object') {
        settled.add(baseUrl);
        withoutDocument.add(baseUrl);
        return;
      }
      byService.set(baseUrl, { ...extensionsInDocument(document) });
      settled.add(baseUrl);
    } catch {
      settled.add(baseUrl);
      withoutDocument.add(baseUrl);
    }
  }

  async function known(baseUrl: string): Promise<Known> {
    if (!settled.has(baseUrl)) {
      let pending = reading.get(baseUrl);
      if (!pending) {
        pending = readDocument(baseUrl).finally(() => reading.delete(baseUrl));
        reading.set(baseUrl, pending);
      }
      await pending;
    }
    return { ...byService.get(baseUrl) };
  }

  return {
    known,
    async offered(baseUrl) {
      const now = await known(baseUrl);
      // Without a document an endpoint is tried (its 404/405 is remembered); a webhook event or an
      // order's field is never guessed, since a request with an unknown one is refused.
      const tryable = (name: ServiceExtension) => withoutDocument.has(baseUrl) && name !== 'orderCancelledEvent' && name !== 'orderBackups';
      return Object.fromEntries(SERVICE_EXTENSIONS.map((name) => [name, now[name] ?? tryable(name)])) as ServiceExtensions;
    },
    refused(baseUrl, extension) {
      if (byService.get(baseUrl)?.[extension] === true) return;
      byService.set(baseUrl, { ...byService.get(baseUrl), [extension]: false });
    },
  };
}
