/**
 * A response body read as the contract describes it: UTF-8 JSON, then the endpoint's schema. Used
 * where the body arrives (the service client) and, for the change feed's big pages, where it is
 * written (the offline worker, which is handed the bytes so the main thread never decodes, parses
 * or checks them).
 */
import type { z } from 'zod';
import { endpoints, type ContentCoding, type EndpointName, type EndpointResponse } from '../../../shared';
import { inflateBody } from './inflate-body';

/** The most a response's body may hold, read or inflated (the service client's `maxResponseBytes` by default). */
export const MAX_RESPONSE_BYTES = 20 * 1024 * 1024;

/** How each response is named in messages. */
export const RESPONSE_NAMES: Record<EndpointName, string> = {
  listSuppliers: 'a supplier list',
  listSupplierProducts: "a supplier's product list",
  listProducts: 'a product list',
  getProduct: 'a product',
  createOrder: 'an order confirmation',
  listOrders: 'an order list',
  getOrder: 'an order',
  getAccount: 'the account',
  listWebhooks: 'a webhook list',
  createWebhook: 'a webhook registration',
  deleteWebhook: 'a webhook deletion result',
  cancelOrder: 'a cancelled order',
  listWebhookDeliveries: "a webhook's delivery list",
  testWebhook: 'a test delivery result',
  updateWebhook: 'a webhook registration',
  catalogChanges: 'a page of catalog changes',
};

export type CheckedText<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * Parses `text` and checks it against `schema` (with `context`'s options, e.g.
 * `MAIN_THREAD_PARSE`); a failure is said in plain words naming `what` was sent.
 */
export function checkResponseText<T>(text: string, schema: z.ZodType<T>, what: string, context?: z.core.ParseContext<z.core.$ZodIssue>): CheckedText<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: `The service sent ${what} that is not valid JSON.` };
  }
  return checkResponseJson(json, schema, what, context);
}

export function checkResponseJson<T>(json: unknown, schema: z.ZodType<T>, what: string, context?: z.core.ParseContext<z.core.$ZodIssue>): CheckedText<T> {
  const parsed = schema.safeParse(json, context);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` (at ${issue.path.map(String).join('.')}: ${issue.message})` : '';
    return { ok: false, message: `The service sent ${what} in a form this app cannot read${where}.` };
  }
  return { ok: true, data: parsed.data };
}

/** What the client says of a body larger than it reads (`limitBytes`), wherever it found that out. */
export const tooLargeMessage = (what: string, limitBytes: number): string =>
  `The service sent ${what} larger than ${Math.round((limitBytes / (1024 * 1024)) * 10) / 10} MB, which this app refuses to read.`;

/** What the client says of a body in a content coding it cannot undo. */
export const unreadableCodingMessage = (what: string): string => `The service sent ${what} compressed in a form this app cannot read.`;

/** A body's bytes as text, as the contract's JSON is: UTF-8. */
export const decodeUtf8 = (bytes: Uint8Array): string => new TextDecoder('utf-8').decode(bytes);

/**
 * The body of one endpoint's response as the service sent it (its bytes in `coding`, see
 * `fetchAsSent`): inflated up to MAX_RESPONSE_BYTES, then checked against its schema in the contract.
 */
export function checkEndpointBytes<N extends EndpointName>(name: N, bytes: Uint8Array, coding: ContentCoding | null): CheckedText<EndpointResponse<N>> {
  const what = RESPONSE_NAMES[name];
  const inflated = inflateBody(bytes, coding, MAX_RESPONSE_BYTES);
  if (!inflated.ok) {
    return { ok: false, message: inflated.reason === 'too_large' ? tooLargeMessage(what, MAX_RESPONSE_BYTES) : unreadableCodingMessage(what) };
  }
  return checkResponseText(decodeUtf8(inflated.bytes), endpoints[name].response as unknown as z.ZodType<EndpointResponse<N>>, what);
}
