import { STORABLE_TEXT } from '../../shared';
import type { Store } from './types';

/**
 * PostgreSQL text cannot hold U+0000 (the driver fails the whole query), and a lone surrogate half
 * would be stored as a replacement character. The contract's text rule refuses both with a 400
 * before a request reaches the store; this guard makes sure no other path can get one through.
 * Its error carries status 400, which the HTTP layer answers as a client error, never a 5xx.
 */
export class UnstorableTextError extends Error {
  readonly statusCode = 400;
  constructor(readonly method: string) {
    super('The request carries text that cannot be stored (a NUL character or a broken character).');
    this.name = 'UnstorableTextError';
  }
}

function storable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return STORABLE_TEXT.test(value);
  if (value === null || typeof value !== 'object' || value instanceof Date || depth > 20) return true;
  if (Array.isArray(value)) return value.every((item) => storable(item, depth + 1));
  return Object.values(value).every((item) => storable(item, depth + 1));
}

/** The same store, refusing any call whose arguments carry text PostgreSQL cannot store. */
export function guardStorableText(store: Store): Store {
  const guarded = { ...store };
  for (const [name, method] of Object.entries(store) as Array<[keyof Store, (...args: unknown[]) => unknown]>) {
    if (name === 'close' || typeof method !== 'function') continue;
    (guarded as Record<string, unknown>)[name] = (...args: unknown[]) => {
      if (!args.every((arg) => storable(arg))) return Promise.reject(new UnstorableTextError(name));
      return method(...args);
    };
  }
  return guarded;
}
