import type { z } from 'zod';
import type { BridgeError } from '../../shared/bridge/result';

const MAX_REPORTED_FIELDS = 20;

/** `['drafts', 0, 'order', 'items']` → `/drafts/0/order/items` (JSON Pointer, RFC 6901). */
export function toPointer(path: ReadonlyArray<PropertyKey>): string {
  return path.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return `is too long (at most ${issue.maximum} characters)`;
      if (issue.origin === 'array') return `has too many entries (at most ${issue.maximum})`;
      return `is too large (at most ${issue.maximum})`;
    case 'too_small':
      if (issue.origin === 'string') return issue.minimum === 1 ? 'must not be empty' : `is too short (at least ${issue.minimum} characters)`;
      if (issue.origin === 'array') return `needs at least ${issue.minimum} entr${issue.minimum === 1 ? 'y' : 'ies'}`;
      return `is too small (at least ${issue.minimum})`;
    case 'invalid_type':
      return issue.message.endsWith('received undefined') ? 'is required' : `must be ${article(issue.expected)}`;
    case 'unrecognized_keys':
      return `has fields that are not allowed: ${issue.keys.slice(0, 5).map((key) => key.slice(0, 40)).join(', ')}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')}`;
    default:
      return issue.message;
  }
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** Zod's issues in plain words, each with the JSON Pointer of the field it is about. */
export function describeInputError(error: z.ZodError): Pick<BridgeError, 'message' | 'fields'> {
  const fields = error.issues.slice(0, MAX_REPORTED_FIELDS).map((issue) => {
    const pointer = toPointer(issue.path);
    const detail = describeIssue(issue);
    return { pointer, detail };
  });
  const first = fields[0];
  const where = first && first.pointer ? `${first.pointer.slice(1)} ` : '';
  const message = first ? `The request was not valid: ${where}${first.detail}.` : 'The request was not valid.';
  return { message, fields };
}
