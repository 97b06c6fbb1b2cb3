import type { ErrorCode, FieldError, Problem } from '../../shared';

/** The codes a problem of this service may carry: the contract's. */
export type ServiceErrorCode = ErrorCode;

const TITLES: Record<ServiceErrorCode, string> = {
  bad_request: 'Bad request',
  unauthorized: 'Unauthorized',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  validation_failed: 'Validation failed',
  unsupported_media_type: 'Unsupported media type',
  payload_too_large: 'Payload too large',
  insufficient_inventory: 'Insufficient inventory',
  below_minimum_order: 'Below minimum order',
  product_not_from_supplier: 'Product not from supplier',
  idempotency_key_reused: 'Idempotency key reused',
  idempotency_key_in_use: 'Idempotency key in use',
  rate_limited: 'Too many requests',
  internal_error: 'Internal error',
  service_unavailable: 'Service unavailable',
  order_not_cancellable: 'Order not cancellable',
  webhook_paused: 'Webhook paused',
  webhook_limit_reached: 'Webhook limit reached',
  cursor_expired: 'Cursor expired',
  split_case_not_allowed: 'Split case not allowed',
  split_case_too_large: 'Split case too large',
  price_changed: 'Price changed',
  invalid_backup: 'Invalid backup',
  delivery_date_unavailable: 'Delivery date unavailable',
};

/** Members a problem may carry beside the usual ones (issue 26: delivery_date_unavailable's reason and next date). */
export type ProblemMembers = Pick<Problem, 'delivery_date_reason' | 'next_delivery_date'>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** A URI naming the problem type (RFC 9457 `type`); a URN, so it never pretends to be a page. */
export const problemType = (code: ServiceErrorCode): string => `urn:caseworks:problem:${code}`;

/** Thrown anywhere in request handling; the error handler turns it into problem JSON. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: ServiceErrorCode,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
    readonly members: ProblemMembers = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }

  toJSON(): Problem {
    return {
      type: problemType(this.code),
      title: TITLES[this.code],
      status: this.status,
      detail: this.detail,
      code: this.code,
      ...(this.errors && this.errors.length > 0 ? { errors: this.errors } : {}),
      ...this.members,
    };
  }
}

export const notFound = (detail = 'No such resource.') => new HttpProblem(404, 'not_found', detail);

export const validationFailed = (status: 400 | 422, detail: string, errors: FieldError[]) =>
  new HttpProblem(status, 'validation_failed', detail, errors);
