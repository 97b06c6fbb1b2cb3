import { z } from 'zod';
import {
  API_BASE_PATH,
  API_TAGS,
  PAGE_MAX,
  PER_PAGE_DEFAULT,
  PER_PAGE_MAX,
  Problem,
  endpoints,
  type EndpointSpec,
} from '../../shared';

import { DEFAULT_BODY_LIMIT_BYTES, DISCARD_LIMIT_BYTES } from '../http/body-limits';
import { RETRY_AFTER_SECONDS } from '../db/unavailable';

type JsonSchema = Record<string, unknown>;

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

const inputSchema = (schema: z.ZodType): JsonSchema => strip(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
const outputSchema = (schema: z.ZodType): JsonSchema => strip(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));

function strip(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

const QUERY_NOTES: Record<string, string> = {
  page: `Page number, a positive whole number written in plain digits; default 1, at most ${PAGE_MAX.toLocaleString('en-US')}.`,
  per_page: `Page size, a positive whole number written in plain digits; default ${PER_PAGE_DEFAULT}, at most ${PER_PAGE_MAX}.`,
  q: 'Free-text search.',
  sort: 'Sort order.',
};

const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z_]+)/g, '{$1}');

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

/** Sent with every response of a rate-limited operation (IETF draft "RateLimit header fields"). */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

const RATE_LIMIT_HEADER_COMPONENTS = {
  'RateLimit-Limit': { description: 'Requests this API key may make in one window (one minute).', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Remaining': { description: 'Requests left to this API key in the current window.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the current window ends and the count starts again.', schema: { type: 'integer', minimum: 0 } },
  'Retry-After': { description: 'On 429: seconds to wait before the next request.', schema: { type: 'integer', minimum: 1 } },
  'Retry-After-Unavailable': { description: 'On 503: seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
};

/**
 * What any request can meet, whatever its operation: the URL or headers too large (answered by the
 * HTTP parser, before routing), the request arriving too slowly, and the service unable to serve
 * it now (database unreachable, its disk full, or the instance stopping), with Retry-After.
 */
const TRANSPORT_RESPONSES = {
  '408': problemResponse('The request took too long to arrive; the connection is closed.'),
  '414': problemResponse('A path segment is longer than the service accepts.'),
  '431': problemResponse('The request line and headers are larger than 16 KB together (a very long URL counts).'),
  '503': {
    ...problemResponse(
      `Cannot be served now (service_unavailable): the database is unreachable or short of resources, its disk is full, or this instance is stopping. Retry after Retry-After seconds (POST /orders with the same Idempotency-Key) (${RETRY_AFTER_SECONDS.unreachable} for a lost connection or a stopping instance, ${RETRY_AFTER_SECONDS.out_of_resources} for resources, ${RETRY_AFTER_SECONDS.storage_full} for a full disk).`,
    ),
    headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After-Unavailable' } },
  },
};

/** An operation that takes no body still reads one that is sent (POST, PATCH, DELETE), and refuses it as any other. */
const BODY_RESPONSES = {
  '413': problemResponse(
    `Body larger than the limit (${megabytes(DEFAULT_BODY_LIMIT_BYTES)}). A body up to ${megabytes(DISCARD_LIMIT_BYTES)} is read to its end first, so a client still sending gets this answer rather than a reset.`,
  ),
  '415': problemResponse('The body is not application/json.'),
};

const withRateLimitHeaders = (response: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  ...response,
  headers: { ...RATE_LIMIT_HEADERS, ...extra },
});

function parametersOf(spec: EndpointSpec): unknown[] {
  const parameters: unknown[] = [];
  if (spec.params) {
    const params = inputSchema(spec.params) as { properties?: Record<string, JsonSchema> };
    for (const [name, schema] of Object.entries(params.properties ?? {})) {
      parameters.push({ name, in: 'path', required: true, schema, description: 'An id of another form, or of another account, is simply not found (404).' });
    }
  }
  // A query value is described by what it is parsed into (`page` is an integer with its bounds),
  // and is required only if the input must carry it (defaults make the parsed value always present).
  const required = (inputSchema(spec.query) as { required?: string[] }).required ?? [];
  const query = outputSchema(spec.query) as { properties?: Record<string, JsonSchema> };
  for (const [name, schema] of Object.entries(query.properties ?? {})) {
    parameters.push({
      name,
      in: 'query',
      required: required.includes(name),
      schema,
      ...(QUERY_NOTES[name] ? { description: QUERY_NOTES[name] } : {}),
    });
  }
  if (spec.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
      description:
        'Makes retries safe: the same key with the same body replays the first response (header Idempotent-Replayed: true); the same key with another body is refused with 422 idempotency_key_reused. Keys are kept 24 hours.',
    });
  }
  return parameters;
}

function operationOf(name: string, spec: EndpointSpec) {
  const responses: Record<string, unknown> = {
    [String(spec.status)]: withRateLimitHeaders({
      description: 'Success.',
      content: { 'application/json': { schema: outputSchema(spec.response) } },
    }),
    '400': problemResponse(
      'Malformed input; `errors` names each bad field or parameter (pointer /query/<name> for parameters, a JSON pointer into the body for body fields). Also a malformed URL, a body that is not JSON or not valid UTF-8, and more than one Authorization header (bad_request).',
    ),
    '401': problemResponse('Missing or unknown API key.'),
    '404': problemResponse('No such resource for this account.'),
    '429': withRateLimitHeaders(problemResponse('Rate limit reached; see Retry-After.'), {
      'Retry-After': { $ref: '#/components/headers/Retry-After' },
    }),
  };
  if (spec.method !== 'GET') Object.assign(responses, BODY_RESPONSES);
  if (spec.body) responses['422'] = problemResponse('Well-formed but refused by a business rule (code says which).');
  Object.assign(responses, TRANSPORT_RESPONSES);
  for (const [status, description] of Object.entries(spec.refusals ?? {})) responses[status] = problemResponse(description);
  if (spec.idempotent) {
    responses['409'] = problemResponse(
      'Not enough stock (insufficient_inventory), or a request with this Idempotency-Key is still being processed (idempotency_key_in_use).',
    );
  }
  return {
    operationId: name,
    summary: spec.summary,
    description: spec.extension
      ? `${spec.description}\n\nAn extension of this service, not part of the marketplace's interface: ${spec.extension}`
      : spec.description,
    tags: [spec.tag],
    ...(spec.extension ? { 'x-caseworks-extension': true } : {}),
    parameters: parametersOf(spec),
    ...(spec.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: inputSchema(spec.body) } } } }
      : {}),
    responses,
  };
}

/** The document's introduction: what the marketplace's description says once for every operation. */
const INFO_DESCRIPTION = [
  'Buyers on a wholesale wine marketplace list suppliers, browse the catalog, place orders with one supplier, follow them to delivery and register webhooks for order events. Money is an integer number of cents, timestamps are ISO 8601 in UTC, and quantities, stock and minimum orders count cases.',
  '## Authentication\n\nEvery operation but this document, the label images and the health checks needs `Authorization: Bearer <API key>`. The caller is the account that owns the key: a missing or unknown key is 401 with `WWW-Authenticate: Bearer`, and another account\'s orders and webhooks are 404.',
  '## Errors\n\nErrors are RFC 9457 problem details (`application/problem+json`) with a stable `code`; decide by `status` and `code`, as `title` and `detail` are for people. An unknown path, or an item path with an empty id (`/products/`, `/orders/`, `/webhooks/`, `/suppliers//products`), is 404 not_found, with or without a key; a method a path does not offer is 405 method_not_allowed with an Allow header. A query parameter an operation does not list is refused: 400 validation_failed naming it. Every text value (query values, body fields) follows one rule: no control characters (tab and line breaks only in multi-line fields such as buyer_notes), well-formed Unicode, and the maxLength stated here; anything else is 400 validation_failed naming the field.',
  `## Limits\n\nEach API key may make a number of requests a minute; every answer of a rate-limited operation says where the key stands (RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset), and over the limit the answer is 429 with Retry-After. Lists take \`page\` and \`per_page\` (default ${PER_PAGE_DEFAULT}, at most ${PER_PAGE_MAX}). Bodies over 1 MiB are refused with 413. Every GET answers with an ETag; If-None-Match with the current one is answered 304 with no body.`,
  '## Events\n\nWebhook deliveries follow Standard Webhooks: a POST with the body `{ type, timestamp, data }` and the headers webhook-id, webhook-timestamp and webhook-signature (`v1,` then the base64 HMAC-SHA256 of "id.timestamp.body", keyed by the registration\'s secret). A failed delivery is retried with exponential backoff; nothing is sent to a deleted or paused registration.',
  '## Versioning\n\nThe version is the `/api/v1` segment of the base URL. Additions a client may ignore (new fields, operations marked `x-caseworks-extension`) do not change it.',
].join('\n\n');

/** The OpenAPI 3.1 document of the service, generated from the endpoint table and its schemas. */
export function buildOpenApiDocument(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, spec] of Object.entries(endpoints) as Array<[string, EndpointSpec]>) {
    const path = toOpenApiPath(spec.path);
    paths[path] = { ...paths[path], [spec.method.toLowerCase()]: operationOf(name, spec) };
  }
  paths['/openapi.json'] = {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'Read this document',
      description: 'This OpenAPI 3.1 document, generated from the same schemas the service checks requests with. No key needed.',
      tags: ['Meta'],
      security: [],
      responses: { '200': { description: 'The OpenAPI document.', content: { 'application/json': { schema: { type: 'object' } } } }, ...TRANSPORT_RESPONSES },
    },
  };
  paths['/images/products/{id}.svg'] = {
    get: {
      operationId: 'getProductImage',
      summary: "Read a product's label image",
      description:
        "A product's label as an SVG image, generated by the service (a product's `image_url` points here). No key needed, so image caches and <img> tags can fetch it; it may be cached for a week.",
      tags: ['Catalog'],
      security: [],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': { description: 'An SVG image.', content: { 'image/svg+xml': { schema: { type: 'string' } } } },
        '400': problemResponse('The path is not a valid URL (a malformed percent-encoding, such as an encoded lone surrogate).'),
        '404': problemResponse('No such product.'),
        ...TRANSPORT_RESPONSES,
      },
    },
  };
  const health = (operationId: string, summary: string, description: string, extra: Record<string, unknown> = {}) => ({
    get: {
      operationId,
      summary,
      description,
      tags: ['Health'],
      security: [],
      'x-caseworks-operational': true,
      responses: {
        '200': { description: 'Healthy.', content: { 'application/json': { schema: { type: 'object', properties: { status: { type: 'string' } } } } } },
        ...TRANSPORT_RESPONSES,
        ...extra,
      },
    },
  });
  // Operational endpoints for load balancers, outside the marketplace's interface (hence the extension).
  paths['/health/live'] = health(
    'getLiveness',
    'Liveness',
    'The process answers; the database is not asked (also at /healthz, outside the base path). No key, no rate limit.',
  );
  paths['/health/ready'] = health(
    'getReadiness',
    'Readiness',
    'The database answers within 2 s and its disk is not known to be full; else 503. No key, no rate limit.',
    {
      '503': {
        ...problemResponse(
          'Not ready (service_unavailable): the database did not answer, its disk was found full and no write has fitted since (checked again at most every 5 s), or the instance is stopping.',
        ),
        headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After-Unavailable' } },
      },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wholesale Ordering Service',
      version: '1.0.0',
      description: INFO_DESCRIPTION,
      contact: { name: 'Caseworks' },
    },
    servers: [{ url: serverUrl || API_BASE_PATH }],
    security: [{ bearerAuth: [] }],
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' } },
      schemas: { Problem: outputSchema(Problem) },
      headers: RATE_LIMIT_HEADER_COMPONENTS,
    },
    paths,
  };
}
