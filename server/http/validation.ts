import type { z } from 'zod';
import type { FieldError } from '../../shared';
import { HttpProblem } from './problem';

/** Where a value came from; query and header pointers name their part, body pointers point into the body. */
export type InputLocation = 'query' | 'body' | 'header';

const escapePointerToken = (token: PropertyKey): string => String(token).replace(/~/g, '~0').replace(/\//g, '~1');

export function jsonPointer(location: InputLocation, path: readonly PropertyKey[]): string {
  const prefix = location === 'body' ? '' : `/${location}`;
  return prefix + path.map((token) => `/${escapePointerToken(token)}`).join('');
}

/** The value at `path` inside `input`, undefined where the path leads nowhere. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const token of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[token];
  }
  return value;
}

function issueDetail(issue: z.core.$ZodIssue, location: InputLocation, input: unknown): string {
  if (issue.code === 'invalid_type' && issue.path.length === 0 && location === 'body') {
    return `the body must be a JSON ${issue.expected}`;
  }
  // Decided by the input itself, not by the wording of the schema's message.
  if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) return 'is required';
  return issue.message;
}

/** One field error per offending field of `input`; unknown keys get one entry each so every name is reported. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], location: InputLocation, input: unknown): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const what = location === 'query' ? 'unknown query parameter' : 'unknown field';
      for (const key of issue.keys) errors.push({ pointer: jsonPointer(location, [...issue.path, key]), detail: what });
      continue;
    }
    errors.push({ pointer: jsonPointer(location, issue.path), detail: issueDetail(issue, location, input) });
  }
  return errors;
}

const DETAIL_PREFIX: Record<InputLocation, string> = {
  query: 'Invalid query parameters',
  body: 'Invalid request body',
  header: 'Invalid request headers',
};

function describe(errors: readonly FieldError[], location: InputLocation): string {
  const listed = errors
    .slice(0, 5)
    .map((error) => `${error.pointer || '(body)'} ${error.detail}`)
    .join('; ');
  const more = errors.length > 5 ? ` (and ${errors.length - 5} more)` : '';
  return `${DETAIL_PREFIX[location]}: ${listed}${more}.`;
}

/** Parses untrusted input: its data, or the 400 problem whose field errors name each bad value. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, location: InputLocation): z.output<S> | HttpProblem {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues, location, value);
  return new HttpProblem(400, 'validation_failed', describe(errors, location), errors);
}
