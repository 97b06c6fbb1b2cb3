/**
 * A pasted order: lines of "SKU or UPC, quantity" as they come from a spreadsheet (tab-separated),
 * an email (commas, semicolons, spaces) or a scanner (one code per line: one case). Reading the
 * text is this pure function; matching the codes against the offline catalog is the desktop's
 * (`matchProductCodes`), and the buyer reviews both before anything reaches the cart.
 */
import { formatCases, formatNumber } from './format';
import { OrderLineInput } from './schemas';

/** The most lines (blank ones not counted) one paste may hold: a longer block is refused whole, with a message. */
export const PASTED_ORDER_MAX_LINES = 500;
/** The most characters one paste may hold (a file's worth of binary junk is refused before it is read). */
export const PASTED_ORDER_MAX_CHARS = 100_000;
/** The longest code a line may give (the catalog's SKUs and UPCs are far shorter). */
export const PASTED_CODE_MAX_LENGTH = 64;
/** The most cases one line may ask for: the service's own ceiling on an order line, read from its schema. */
export const PASTED_QUANTITY_MAX: number = ceilingOf(OrderLineInput.shape.quantity.maxValue);

function ceilingOf(max: number | null): number {
  if (max === null) throw new Error('OrderLineInput.quantity has no maximum: a pasted quantity would have no ceiling');
  return max;
}
/** How much of a line is shown back to the buyer. */
const SHOWN_MAX = 80;

export type PastedLineProblem =
  | 'unreadable'
  | 'no_code'
  | 'code_too_long'
  | 'extra_columns'
  | 'quantity_not_number'
  | 'quantity_fraction'
  | 'quantity_zero'
  | 'quantity_negative'
  | 'quantity_too_large';

/** One non-blank line of the paste, numbered as the buyer pasted it (from 1). */
export type PastedLine =
  | {
      kind: 'order';
      line: number;
      /** The line as shown back: printable, at most 80 characters. */
      shown: string;
      code: string;
      quantity: number;
      /** False when the line had a code alone (a scanner): one case. */
      quantityGiven: boolean;
    }
  | { kind: 'header'; line: number; shown: string }
  | { kind: 'problem'; line: number; shown: string; problem: PastedLineProblem; message: string };

export type PastedOrder =
  | { ok: true; lines: PastedLine[]; blankLines: number }
  | { ok: false; problem: 'empty' | 'too_many_lines' | 'too_long'; message: string };

// Control characters other than tab, the replacement character (bytes that were not text), and
// lone surrogates: what binary junk pasted as text looks like.
// eslint-disable-next-line no-control-regex
const UNREADABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex
const UNREADABLE_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const HEADER_WORDS = /^(sku|upc|ean|gtin|code|item|item ?(no|number|#)|product|product ?code|barcode|qty|quantity|cases?|amount|count|#)$/i;
const LINE_BREAK = /\r\n|\r|\n/;
const LINE_BREAK_ALL = /\r\n|\r|\n/g;

/** The line as shown back to the buyer: what is not text as "�", cut at 80 characters. */
function shownOf(text: string): string {
  const printable = text.replace(UNREADABLE_ALL, '\uFFFD').replaceAll('\t', ' ').trim();
  return printable.length > SHOWN_MAX ? `${printable.slice(0, SHOWN_MAX - 1)}…` : printable;
}

/** A line's fields: split at tabs, else semicolons, else commas, else runs of spaces; empty fields at the end dropped. */
export function fieldsOf(text: string): string[] {
  const separator = text.includes('\t') ? '\t' : text.includes(';') ? ';' : text.includes(',') ? ',' : /\s+/;
  const fields = text.trim().split(separator).map((field) => field.trim());
  while (fields.length > 1 && fields[fields.length - 1] === '') fields.pop();
  return fields;
}

type QuantityRead = { ok: true; value: number } | { ok: false; problem: PastedLineProblem; message: string };

function readQuantity(raw: string): QuantityRead {
  const text = raw.replace(/\s+/g, '');
  if (/^\+?[0-9]+$/.test(text)) {
    const value = Number(text);
    if (value === 0) return { ok: false, problem: 'quantity_zero', message: 'The quantity is 0: give a number of cases, or drop the line.' };
    if (value > PASTED_QUANTITY_MAX) {
      return { ok: false, problem: 'quantity_too_large', message: `${formatNumber(value)} cases is more than one order line can hold (${formatNumber(PASTED_QUANTITY_MAX)}).` };
    }
    return { ok: true, value };
  }
  if (/^-[0-9]*[.,]?[0-9]+$/.test(text)) return { ok: false, problem: 'quantity_negative', message: `The quantity “${raw}” is negative: give a number of cases.` };
  if (/^\+?[0-9]*[.,][0-9]+$/.test(text) || /^\+?[0-9]+[.,]$/.test(text)) {
    return { ok: false, problem: 'quantity_fraction', message: `The quantity “${raw}” is not a whole number of cases: write it as digits alone.` };
  }
  return { ok: false, problem: 'quantity_not_number', message: `The quantity “${shownOf(raw)}” is not a number of cases.` };
}

/** A first line made of column names ("SKU, Qty"): no digit in it, and a name a spreadsheet would use. */
function isHeader(fields: readonly string[]): boolean {
  return fields.every((field) => !/[0-9]/.test(field)) && fields.some((field) => HEADER_WORDS.test(field));
}

function readLine(text: string, line: number, first: boolean): PastedLine {
  const shown = shownOf(text);
  const problem = (kind: PastedLineProblem, message: string): PastedLine => ({ kind: 'problem', line, shown, problem: kind, message });
  if (UNREADABLE.test(text)) return problem('unreadable', 'This line holds characters that are not text (binary data?): it cannot be read.');
  const fields = fieldsOf(text);
  if (first && isHeader(fields)) return { kind: 'header', line, shown };
  const [code = '', quantity] = fields;
  if (!/[\p{L}\p{N}]/u.test(code)) return problem('no_code', 'No SKU or UPC before the quantity.');
  if (fields.length > 2) return problem('extra_columns', `${fields.length} columns: give only a SKU or UPC and a number of cases.`);
  if (code.length > PASTED_CODE_MAX_LENGTH) return problem('code_too_long', `The code is ${formatNumber(code.length)} characters long; a SKU or UPC has at most ${PASTED_CODE_MAX_LENGTH}.`);
  if (quantity === undefined) return { kind: 'order', line, shown, code, quantity: 1, quantityGiven: false };
  const read = readQuantity(quantity);
  return read.ok ? { kind: 'order', line, shown, code, quantity: read.value, quantityGiven: true } : problem(read.problem, read.message);
}

/** One line as the buyer corrected it (numbered as the line it replaces): never read as a header. */
export function readPastedLine(text: string, line: number): PastedLine {
  return readLine(text.replace(LINE_BREAK_ALL, ' '), line, false);
}

/** Reads a pasted block: every non-blank line becomes an order line, a header row, or a problem naming what is wrong with it. */
export function parsePastedOrder(text: string): PastedOrder {
  const raws = text.split(LINE_BREAK);
  const count = raws.reduce((sum, raw) => (raw.trim() === '' ? sum : sum + 1), 0);
  if (count > PASTED_ORDER_MAX_LINES) {
    return {
      ok: false,
      problem: 'too_many_lines',
      message: `This paste has ${formatNumber(count)} lines; at most ${formatNumber(PASTED_ORDER_MAX_LINES)} can be matched at once. Paste it in parts of ${formatNumber(PASTED_ORDER_MAX_LINES)} lines or fewer.`,
    };
  }
  if (text.length > PASTED_ORDER_MAX_CHARS) {
    return {
      ok: false,
      problem: 'too_long',
      message: `This paste is ${formatNumber(text.length)} characters long; at most ${formatNumber(PASTED_ORDER_MAX_CHARS)} can be read at once. Paste it in parts.`,
    };
  }
  if (count === 0) return { ok: false, problem: 'empty', message: 'Nothing to read: paste lines of a SKU or UPC and a number of cases.' };
  const lines: PastedLine[] = [];
  let blankLines = 0;
  raws.forEach((raw, index) => {
    if (raw.trim() === '') {
      blankLines += 1;
      return;
    }
    lines.push(readLine(raw, index + 1, lines.length === 0));
  });
  // Blank lines at the very end are not worth a word.
  const trailing = raws.length - 1 - raws.findLastIndex((raw) => raw.trim() !== '');
  return { ok: true, lines, blankLines: blankLines - Math.max(0, trailing) };
}

/** "3 cases", or "1 case (no quantity given)" for a code alone. */
export function pastedQuantityLabel(line: Extract<PastedLine, { kind: 'order' }>): string {
  return line.quantityGiven ? formatCases(line.quantity) : `${formatCases(1)} (no quantity given)`;
}
