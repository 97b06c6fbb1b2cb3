import type { FieldError } from '../../../shared';
import type { OrderRejection } from '../types';

/** Thrown inside the order transaction so that it rolls back; caught and returned as a value. */
export class OrderRejected extends Error {
  constructor(readonly rejection: OrderRejection) {
    super(rejection.detail);
    this.name = 'OrderRejected';
  }
}

export function reject(
  status: OrderRejection['status'],
  code: OrderRejection['code'],
  detail: string,
  errors: FieldError[],
): never {
  throw new OrderRejected({ kind: 'rejected', status, code, detail, errors });
}
