import { z } from 'zod';

/**
 * The one rule for every string the service accepts (query values and body fields) and the desktop
 * forms check before anything is queued:
 * - no U+0000 and no other C0 control character (U+0001–U+001F); multi-line fields (notes) may
 *   carry tab, line feed and carriage return;
 * - well-formed Unicode (no lone surrogate halves, which storage would silently replace);
 * - a stated maximum length in characters (code points, as JSON Schema's `maxLength` counts them).
 *
 * The rules are regular expressions, so the OpenAPI document states them as `pattern`s.
 */
// Matching control characters is the point of these patterns.
// eslint-disable-next-line no-control-regex
const ONE_LINE = /^[^\x00-\x1F\p{Cs}]*$/u;
// eslint-disable-next-line no-control-regex
const MULTI_LINE = /^[^\x00-\x08\x0B\x0C\x0E-\x1F\p{Cs}]*$/u;
/** Something other than white space (what `trim` removes). */
const NOT_BLANK = /\S/;

export const TEXT_RULE_MESSAGE = {
  oneLine: 'must not contain control characters (such as NUL, tab or line breaks) or broken characters',
  multiLine: 'must not contain control characters other than tab and line breaks, or broken characters',
} as const;

/** Length as JSON Schema's `maxLength` counts it: in characters (code points), so both agree. */
function characterCount(value: string): number {
  let count = 0;
  for (const _character of value) count += 1;
  return count;
}

const atMost = (max: number) => (value: string, context: z.RefinementCtx) => {
  if (characterCount(value) > max) {
    context.addIssue({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: value, message: `must be at most ${max} characters` });
  }
};

/**
 * One line of text, at most `max` characters and not blank; surrounding spaces are trimmed after
 * the checks, so every check applies to the value as sent (and as the OpenAPI document states it).
 */
export const oneLineText = (max: number) =>
  z
    .string()
    .min(1, 'must not be empty')
    .superRefine(atMost(max))
    .regex(ONE_LINE, TEXT_RULE_MESSAGE.oneLine)
    .regex(NOT_BLANK, 'must not be empty')
    .trim()
    .meta({ maxLength: max });

/** Several lines of text (tab and line breaks allowed), at most `max` characters; may be empty. */
export const multiLineText = (max: number) =>
  z.string().superRefine(atMost(max)).regex(MULTI_LINE, TEXT_RULE_MESSAGE.multiLine).meta({ maxLength: max });

/** True when every character of `value` is allowed by the one-line (or, with `multiLine`, the multi-line) rule. */
export const followsTextRule = (value: string, multiLine = false): boolean => (multiLine ? MULTI_LINE : ONE_LINE).test(value);

/** Anything that may reach storage: refuses U+0000 and lone surrogates anywhere in a string. */
// eslint-disable-next-line no-control-regex
export const STORABLE_TEXT = /^[^\x00\p{Cs}]*$/u;
