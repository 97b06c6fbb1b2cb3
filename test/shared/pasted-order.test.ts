import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASTED_ORDER_MAX_CHARS, PASTED_ORDER_MAX_LINES, PASTED_QUANTITY_MAX, fieldsOf, parsePastedOrder, type PastedLine } from '../../shared/pasted-order';

const linesOf = (text: string): PastedLine[] => {
  const parsed = parsePastedOrder(text);
  if (!parsed.ok) throw new Error(`refused: ${parsed.message}`);
  return parsed.lines;
};
const problemOf = (text: string) => {
  const [line] = linesOf(text);
  return line?.kind === 'problem' ? line.problem : line?.kind;
};

describe('reading a pasted order', () => {
  it('reads a spreadsheet block (tabs), an email (commas, semicolons, spaces) and a scanner (codes alone)', () => {
    const lines = linesOf('SKU-00012\t3\nSKU-00013, 2\nSKU-00014;4\nSKU-00015   5\n036000291452\n');
    expect(lines.map((line) => (line.kind === 'order' ? [line.line, line.code, line.quantity, line.quantityGiven] : line.kind))).toEqual([
      [1, 'SKU-00012', 3, true],
      [2, 'SKU-00013', 2, true],
      [3, 'SKU-00014', 4, true],
      [4, 'SKU-00015', 5, true],
      [5, '036000291452', 1, false],
    ]);
  });

  it('skips a spreadsheet header row on the first line only, and says so', () => {
    expect(linesOf('SKU\tQty\nSKU-1\t2').map((line) => line.kind)).toEqual(['header', 'order']);
    expect(linesOf('Item number, Quantity\nSKU-1, 2')[0]?.kind).toBe('header');
    expect(linesOf('SKU-1\t2\nSKU\tQty')[1]).toMatchObject({ kind: 'problem', problem: 'quantity_not_number', line: 2 });
  });

  it('names what is wrong with each quantity: 0, negative, fractional, absurd, not a number', () => {
    expect(problemOf('SKU-1, 0')).toBe('quantity_zero');
    expect(problemOf('SKU-1, -2')).toBe('quantity_negative');
    expect(problemOf('SKU-1, 2.5')).toBe('quantity_fraction');
    expect(problemOf('SKU-1; 2,5')).toBe('quantity_fraction');
    expect(problemOf(`SKU-1, ${PASTED_QUANTITY_MAX + 1}`)).toBe('quantity_too_large');
    expect(problemOf('SKU-1, 99999999999999999999999')).toBe('quantity_too_large');
    expect(problemOf('SKU-1, three')).toBe('quantity_not_number');
    expect(linesOf(`SKU-1, ${PASTED_QUANTITY_MAX}`)[0]).toMatchObject({ kind: 'order', quantity: PASTED_QUANTITY_MAX });
    const [zero] = linesOf('SKU-1, 0');
    expect(zero?.kind === 'problem' && zero.message).toBe('The quantity is 0: give a number of cases, or drop the line.');
  });

  it('refuses binary junk line by line, shown back as text', () => {
    const lines = linesOf('SKU-1, 2\n\u0000\u0001PK\u0003\u0004\uFFFD\uFFFD\nSKU-2, 1');
    expect(lines.map((line) => line.kind)).toEqual(['order', 'problem', 'order']);
    expect(lines[1]).toMatchObject({ line: 2, problem: 'unreadable', shown: '��PK����' });
    expect(problemOf('SKU\uD800-1, 2')).toBe('unreadable');
  });

  it('refuses lines with more than a code and a quantity, or no code', () => {
    expect(problemOf('SKU-1, Pinot Noir, 2')).toBe('extra_columns');
    expect(problemOf('036000 291452 2')).toBe('extra_columns');
    expect(problemOf(',2')).toBe('no_code');
    expect(problemOf(`${'A'.repeat(65)}, 2`)).toBe('code_too_long');
  });

  it('counts blank lines between lines, not those at the end, and numbers lines as pasted', () => {
    const parsed = parsePastedOrder('\nSKU-1, 1\n\n  \r\nSKU-2, 2\n\n\n');
    expect(parsed).toMatchObject({ ok: true, blankLines: 3 });
    expect(parsed.ok && parsed.lines.map((line) => line.line)).toEqual([2, 5]);
  });

  it('refuses an empty paste, too many lines and too many characters as a whole', () => {
    expect(parsePastedOrder(' \n\t\n')).toMatchObject({ ok: false, problem: 'empty' });
    const tenThousand = Array.from({ length: 10_000 }, (_, index) => `SKU-${index}\t1`).join('\n');
    expect(parsePastedOrder(tenThousand)).toEqual({
      ok: false,
      problem: 'too_many_lines',
      message: `This paste has 10,000 lines; at most ${PASTED_ORDER_MAX_LINES} can be matched at once. Paste it in parts of ${PASTED_ORDER_MAX_LINES} lines or fewer.`,
    });
    expect(parsePastedOrder('x'.repeat(PASTED_ORDER_MAX_CHARS + 1))).toMatchObject({ ok: false, problem: 'too_long' });
    expect(parsePastedOrder(' '.repeat(PASTED_ORDER_MAX_CHARS))).toMatchObject({ ok: false, problem: 'empty' });
  });

  it('splits fields at tabs before semicolons before commas before spaces', () => {
    expect(fieldsOf('A B\t2')).toEqual(['A B', '2']);
    expect(fieldsOf('A,B;2')).toEqual(['A,B', '2']);
    expect(fieldsOf('SKU-1\t2\t\t')).toEqual(['SKU-1', '2']);
  });
});

const code = fc.stringMatching(/^[A-Z]{2,4}-[0-9]{3,6}$/);
const separator = fc.constantFrom('\t', ',', ', ', ';', ' ; ', ' ', '   ');

describe('reading a pasted order, for any text', () => {
  it('never throws; every non-blank line is one entry, numbered in order, shown in at most 80 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const parsed = parsePastedOrder(text);
        if (!parsed.ok) {
          expect(parsed.problem).toBe('empty');
          return;
        }
        const nonBlank = text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').length;
        expect(parsed.lines).toHaveLength(nonBlank);
        const numbers = parsed.lines.map((line) => line.line);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(new Set(numbers).size).toBe(numbers.length);
        for (const line of parsed.lines) {
          expect(line.shown.length).toBeLessThanOrEqual(80);
          if (line.kind === 'order') {
            expect(Number.isInteger(line.quantity) && line.quantity >= 1 && line.quantity <= PASTED_QUANTITY_MAX).toBe(true);
            expect(line.code.trim()).toBe(line.code);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reads back exactly the codes and quantities written, whatever the separators and blank lines', () => {
    const row = fc.record({ code, quantity: fc.option(fc.integer({ min: 1, max: PASTED_QUANTITY_MAX }), { nil: undefined }), separator, blanks: fc.integer({ min: 0, max: 2 }) });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 40 }), fc.constantFrom('\n', '\r\n'), (rows, newline) => {
        const text = rows.map((entry) => `${entry.code}${entry.quantity === undefined ? '' : `${entry.separator}${entry.quantity}`}${newline.repeat(entry.blanks + 1)}`).join('');
        const lines = linesOf(text);
        expect(lines.map((line) => (line.kind === 'order' ? { code: line.code, quantity: line.quantity } : line))).toEqual(
          rows.map((entry) => ({ code: entry.code, quantity: entry.quantity ?? 1 })),
        );
      }),
    );
  });

  it('a line with a quantity that is not a positive whole number of cases is never an order line', () => {
    const badQuantity = fc.oneof(
      fc.constant('0'),
      fc.integer({ min: 1, max: 1_000_000 }).map((value) => `-${value}`),
      fc.tuple(fc.nat(999), fc.integer({ min: 1, max: 99 })).map(([whole, part]) => `${whole}.${part}`),
      fc.integer({ min: PASTED_QUANTITY_MAX + 1 }).map(String),
      fc.stringMatching(/^[a-z]{1,8}$/),
    );
    fc.assert(
      fc.property(code, separator, badQuantity, (given, between, quantity) => {
        expect(linesOf(`${given}${between}${quantity}`)[0]?.kind).toBe('problem');
      }),
    );
  });
});
