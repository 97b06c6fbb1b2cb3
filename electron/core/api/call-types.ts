import type { z } from 'zod';
import type { ContentCoding, EndpointName, EndpointQueryInput, EndpointResponse, Endpoints } from '../../../shared';
import type { ServiceError } from './service-error';

type Spec<N extends EndpointName> = Endpoints[N];

/** Path parameters of an endpoint, e.g. `{ id: 'prod_…' }`. */
export type CallParams<N extends EndpointName> = Spec<N> extends { params: z.ZodType }
  ? z.input<Spec<N>['params']>
  : never;

/** Query parameters; numbers are accepted where the wire carries integers (`page`, `per_page`). */
export type CallQuery<N extends EndpointName> = {
  [K in keyof EndpointQueryInput<N>]?: EndpointQueryInput<N>[K] | number;
};

/** The request body, as the endpoint's body schema accepts it. */
export type CallBody<N extends EndpointName> = Spec<N> extends { body: z.ZodType } ? z.input<Spec<N>['body']> : never;

type ParamsPart<N extends EndpointName> = Spec<N> extends { params: z.ZodType } ? { params: CallParams<N> } : { params?: never };
type BodyPart<N extends EndpointName> = Spec<N> extends { body: z.ZodType } ? { body: CallBody<N> } : { body?: never };
type IdempotencyPart<N extends EndpointName> = Spec<N> extends { idempotent: true }
  ? { /** Makes a retried POST safe: the service replays the first response for the same key. */ idempotencyKey?: string }
  : { idempotencyKey?: never };

/** What a caller controls of a call's attempts, besides what is sent. */
export type CallControls = {
  signal?: AbortSignal;
  /**
   * Told each answer's headers as soon as they arrive, before its body is read (once per
   * attempt): the change feed asks for the page its `Link` names meanwhile. It must not throw.
   */
  onHeaders?: (headers: Headers) => void;
};

export type CallOptions<N extends EndpointName> = ParamsPart<N> &
  BodyPart<N> &
  IdempotencyPart<N> &
  CallControls & {
    query?: CallQuery<N>;
    /** The ETag of the copy we hold; a 304 answer becomes `{ ok: true, notModified: true }`. */
    etag?: string | null;
  };

/** Whether `call(name)` may omit its options. */
type NeedsOptions<N extends EndpointName> = Spec<N> extends { params: z.ZodType } | { body: z.ZodType } ? true : false;
export type CallArgs<N extends EndpointName> = NeedsOptions<N> extends true ? [options: CallOptions<N>] : [options?: CallOptions<N>];

export type CallSuccess<N extends EndpointName> = {
  ok: true;
  notModified: false;
  data: EndpointResponse<N>;
  /** The response's ETag, to send back as `etag` next time. */
  etag: string | null;
  status: number;
};

export type CallNotModified = { ok: true; notModified: true; etag: string | null; status: 304 };

export type CallFailure = { ok: false; error: ServiceError };

export type CallResult<N extends EndpointName> = CallSuccess<N> | CallNotModified | CallFailure;

/**
 * A call whose body is handed back as its bytes as sent (see ServiceClient.callBytes), in a buffer of
 * their own (`bytes.buffer` holds nothing else), so they can be moved to a worker thread rather than
 * copied; `coding` is their content coding (null: not compressed), undone where they are read.
 */
export type BytesCallSuccess = { ok: true; notModified: false; bytes: Uint8Array; coding: ContentCoding | null; etag: string | null; status: number };
export type BytesCallResult = BytesCallSuccess | CallNotModified | CallFailure;
