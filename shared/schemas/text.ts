import { z } from 'zod';

/**
 * The one rule for every string the service accepts (query values and body fields) and the desktop
 * forms check before anything is queued:
 * - no U+0000 and no other C0 control character (U+0001–U+001F); multi-line fields (notes) may
 *   carry tab, line feed and carriage return;
 * - well-formed Unicode (no lone surrogate halves, which storage would silently replace);
 * - a stated maximum length (in UTF-16 code units, what JavaScript's `length` counts).
 *
 * The rules are regular expressions, so the OpenAPI document states them as `pattern`s.
 */
const ONE_LINE = /^[^\x00-\x1F\p{Cs}]*$/u;
const MULTI_LINE = /^[^\x00-\x08\x0B\x0C\x0E-\x1F\p{Cs}]*$/u;

export const TEXT_RULE_MESSAGE = {
  oneLine: 'must not contain control characters (such as NUL, tab or line breaks) or broken characters',
  multiLine: 'must not contain control characters other than tab and line breaks, or broken characters',
} as const;

/** One line of text, at most `max` characters, surrounding spaces trimmed, not empty. */
export const oneLineText = (max: number) =>
  z.string().regex(ONE_LINE, TEXT_RULE_MESSAGE.oneLine).trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** Several lines of text (tab and line breaks allowed), at most `max` characters; may be empty. */
export const multiLineText = (max: number) =>
  z.string().regex(MULTI_LINE, TEXT_RULE_MESSAGE.multiLine).max(max, `must be at most ${max} characters`);

/** True when every character of `value` is allowed by the one-line (or, with `multiLine`, the multi-line) rule. */
export const followsTextRule = (value: string, multiLine = false): boolean => (multiLine ? MULTI_LINE : ONE_LINE).test(value);

/** Anything that may reach storage: refuses U+0000 and lone surrogates anywhere in a string. */
export const STORABLE_TEXT = /^[^\x00\p{Cs}]*$/u;
