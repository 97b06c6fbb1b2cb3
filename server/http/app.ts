import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions, type onRequestHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { API_BASE_PATH, endpoints, type EndpointName, type EndpointSpec } from '../../shared';
import type { Store } from '../store/types';
import type { OrderEventSink } from '../fulfilment/simulator';
import { systemClock, type Clock } from '../scheduling/poller';
import type { DeliveryMode } from '../webhooks/target-policy';
import { DEFAULT_SEND_TIMEOUT_MS } from '../webhooks/delivery-timing';
import { classifyFault } from '../logging/fault';
import { authHook } from './auth';
import { etagHook } from './etag';
import { handleClientError, handleError, sendProblem } from './errors';
import { createEndpointHandlers, missing, RESOURCE_OF_ID, type HandlerInput, type Handlers } from './handlers';
import { MethodTable } from './method-table';
import { HttpProblem, notFound } from './problem';
import { registerPublicRoutes } from './public-routes';
import { registerHealthRoutes } from './health-routes';
import { parseInput } from './validation';
import { ReadCache } from './read-cache';
import { TtlCache } from './ttl-cache';
import { sharedRateLimitStore } from './shared-rate-limit';
import type { RateLimitCounter } from '../store/rate-limits';
import { createStorageWatch, type StorageWatch } from '../db/storage-watch';
import { DEFAULT_BODY_LIMIT_BYTES, discardRequestBody, isBodyTooLarge } from './body-limits';
import { registerJsonParser } from './json-body';
import { registerDemoReceiver } from './demo-receiver-route';

/**
 * Paths that name an item, or something of an item, with an empty id: `/products/`,
 * `/suppliers//products`, `/webhooks//deliveries`. The router ignores a trailing slash, which would
 * make `GET /products/` the list; they name no item instead, so they are not found, whatever the
 * method (`DELETE /webhooks/` too) and before the key is asked for, like any other unknown path.
 */
const EMPTY_ID_PATHS = new Set(
  Object.values(endpoints)
    .map((spec) => spec.path)
    .filter((path) => path.includes('/:id'))
    .flatMap((path) => {
      const empty = `${API_BASE_PATH}${path.replace('/:id', '/')}`;
      return empty.endsWith('/') ? [empty] : [empty, `${empty}/`];
    }),
);

/** onRequest hook: 404 for an item path whose id is empty. */
async function emptyIdHook(request: FastifyRequest): Promise<void> {
  const mark = request.url.indexOf('?');
  const path = mark === -1 ? request.url : request.url.slice(0, mark);
  if (EMPTY_ID_PATHS.has(path)) throw notFound(`The path ${path} names no item: the id after the last slash is empty.`);
}

/** Generous enough for the desktop app to hydrate a whole catalog's details in the background. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 6_000;

export interface AppOptions {
  store: Store;
  mode?: DeliveryMode;
  rateLimitPerMinute?: number;
  bodyLimitBytes?: number;
  clock?: Clock;
  /** Told after an order is created, its order.confirmed deliveries already queued with it (wakes the dispatcher). */
  onOrderEvent?: OrderEventSink;
  /** How long readiness waits for the database before answering 503 (default READINESS_TIMEOUT_MS). */
  readinessTimeoutMs?: number;
  /**
   * Counts the rate limit in the database, shared by every instance on it (PostgreSQL); without
   * it each process counts alone, in memory (one instance on PGlite).
   */
  rateLimitCounter?: RateLimitCounter;
  /** The listening base URL ending in /api/v1, for the OpenAPI document's server entry. */
  publicBaseUrl?: () => string;
  logger?: FastifyServerOptions['logger'];
  /** Bounds the one send of POST /webhooks/{id}/test: the service's webhook send timeout (default DEFAULT_SEND_TIMEOUT_MS). */
  webhookTestTimeoutMs?: number;
  /** Names this instance's claims of test deliveries (the dispatcher's instance id when running). */
  instanceId?: string;
  /** Learns of a full disk from failed requests and fails readiness until a write fits again (default: one on this store). */
  storageWatch?: StorageWatch;
}

const JSON_CONTENT = 'application/json; charset=utf-8';

/**
 * Endpoints counted apart from the key's other requests (@fastify/rate-limit's groupId: the same
 * limit, a count of their own). A bootstrap of the catalog change feed is one request per page
 * (2,000 at a million products), and a client following has_more must not run its key's other
 * calls, or itself, out of the minute's allowance.
 */
const RATE_LIMIT_GROUPS: Partial<Record<EndpointName, string>> = { catalogChanges: ':catalog-changes' };

/** The service's HTTP interface: every route of the endpoint table under /api/v1, plus the public routes. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Fastify's own 503 while closing is not problem JSON; the closing hook below answers instead.
    return503OnClosing: false,
    // Long ids are simply not found (404); only absurd path segments are refused as 414.
    routerOptions: { maxParamLength: 1_000, ignoreTrailingSlash: true },
    frameworkErrors: (error, request, reply) => handleError(error, request, reply),
    clientErrorHandler: handleClientError,
  });
  app.removeContentTypeParser('text/plain');
  registerJsonParser(app);
  app.decorateRequest('caller', null);
  const storageWatch = options.storageWatch ?? createStorageWatch({ probe: () => options.store.probeStorage() });
  app.setErrorHandler(async (error, request, reply) => {
    storageWatch.noteFailure(error);
    if (isBodyTooLarge(error)) await discardRequestBody(request.raw);
    return handleError(error, request, reply);
  });

  const methods = new MethodTable();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') methods.add(method, route.url ?? route.path);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = methods.allowed(path);
    if (allowed.length > 0) {
      return sendProblem(
        reply,
        new HttpProblem(405, 'method_not_allowed', `${request.method} is not allowed here; use ${allowed.join(', ')}.`, undefined, {
          allow: allowed.join(', '),
        }),
      );
    }
    return sendProblem(reply, new HttpProblem(404, 'not_found', `There is no route ${request.method} ${path.slice(0, 200)}.`));
  });

  app.addHook('onRequest', refuseWhileClosing(app));
  app.addHook('onRequest', emptyIdHook);
  app.addHook('onRequest', authHook(options.store));
  app.addHook('onSend', etagHook);

  await app.register(rateLimit, {
    max: options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    ...(options.rateLimitCounter ? { store: sharedRateLimitStore(options.rateLimitCounter) } : {}),
    // RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (IETF draft) on every limited
    // response, Retry-After on 429; clients pace themselves from them (see the OpenAPI document).
    enableDraftSpec: true,
    keyGenerator: (request) => request.caller?.keyId ?? `ip:${request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new HttpProblem(429, 'rate_limited', `Rate limit of ${context.max} requests per minute reached; retry in ${context.after}.`, undefined, {
        'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
  });

  const clock = options.clock ?? systemClock;
  const handlers = createEndpointHandlers({
    store: options.store,
    mode: options.mode ?? 'sandbox',
    clock,
    onOrderEvent: options.onOrderEvent ?? (async () => undefined),
    readCache: new ReadCache({ catalogStamp: () => options.store.catalogStamp() }),
    onEventError: (error) => app.log.error({ fault: classifyFault(error) }, 'queueing a webhook event failed'),
    webhookTestTimeoutMs: options.webhookTestTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS,
    instanceId: options.instanceId ?? `http/${randomUUID()}`,
  });
  for (const [name, spec] of Object.entries(endpoints) as Array<[EndpointName, EndpointSpec]>) {
    registerEndpoint(app, name, spec, handlers);
  }
  registerPublicRoutes(app, options.store, options.publicBaseUrl ?? (() => API_BASE_PATH));
  registerHealthRoutes(app, options.store, storageWatch, options.readinessTimeoutMs);
  if ((options.mode ?? 'sandbox') === 'sandbox') registerDemoReceiver(app);
  return app;
}

function registerEndpoint(app: FastifyInstance, name: EndpointName, spec: EndpointSpec, handlers: Handlers): void {
  const handler = handlers[name] as (input: HandlerInput<EndpointName>) => ReturnType<Handlers[EndpointName]>;
  const resource = RESOURCE_OF_ID[name];
  // Parsing is deterministic, so a query string seen before (a hot catalog page) skips validation.
  const knownQueries = new TtlCache<unknown>(1_000, Number.POSITIVE_INFINITY);
  const parsedQuery = (url: string, parse: () => unknown): unknown => {
    const mark = url.indexOf('?');
    const raw = mark === -1 ? '' : url.slice(mark + 1);
    const known = knownQueries.get(raw);
    if (known !== undefined) return known;
    const parsed = parse();
    if (!(parsed instanceof HttpProblem)) knownQueries.set(raw, parsed);
    return parsed;
  };
  const rateLimitGroup = RATE_LIMIT_GROUPS[name];
  app.route({
    method: spec.method,
    url: API_BASE_PATH + spec.path,
    config: { bodyless: !spec.body, ...(rateLimitGroup ? { rateLimit: { groupId: rateLimitGroup } } : {}) },
    handler: async (request, reply) => {
      // The HTTP boundary: every refusal found below arrives here as a value and is sent as a problem.
      const id = (request.params as { id?: string }).id ?? '';
      if (spec.params && resource && !spec.params.safeParse({ id }).success) return sendProblem(reply, missing(resource, id));
      const query = parsedQuery(request.url, () => parseInput(spec.query, request.query ?? {}, 'query'));
      if (query instanceof HttpProblem) return sendProblem(reply, query);
      const body = spec.body ? parseInput(spec.body, request.body, 'body') : undefined;
      if (body instanceof HttpProblem) return sendProblem(reply, body);
      const caller = request.caller;
      if (!caller) return sendProblem(reply, new HttpProblem(401, 'unauthorized', 'Authentication is required.'));
      const outcome = await handler({ caller, id, query, body, headers: request.headers } as HandlerInput<EndpointName>);
      if ('problem' in outcome) return sendProblem(reply, outcome.problem);
      for (const [header, value] of Object.entries(outcome.headers ?? {})) reply.header(header, value);
      if (spec.method === 'GET') reply.header('cache-control', 'private, no-cache');
      if ('notModified' in outcome) return reply.code(304).header('etag', outcome.notModified).send();
      reply.code(outcome.status ?? spec.status).header('content-type', JSON_CONTENT);
      if ('cached' in outcome) return reply.header('etag', outcome.cached.etag).send(outcome.cached.bytes);
      return reply.send(JSON.stringify(outcome.body));
    },
  });
}

/** Seconds a client should wait before retrying a request refused during shutdown (a restart is quick). */
const CLOSING_RETRY_AFTER_SECONDS = 1;

/**
 * Once `close()` has begun, requests still arriving on open connections are refused with a 503
 * problem (`service_unavailable`, `Retry-After`, `Connection: close`) before any handler runs;
 * requests already running finish.
 */
function refuseWhileClosing(app: FastifyInstance): onRequestHookHandler {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  return (_request, reply, done) => {
    if (!closing) return done();
    reply.header('connection', 'close');
    sendProblem(
      reply,
      new HttpProblem(503, 'service_unavailable', 'The service is shutting down; retry in a moment.', undefined, {
        'retry-after': String(CLOSING_RETRY_AFTER_SECONDS),
      }),
    );
  };
}
