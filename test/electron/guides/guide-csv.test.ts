import { describe, expect, it } from 'vitest';
import { GUIDE_LINES_MAX } from '../../../shared/bridge/guides';
import { guideFileName, matchGuideRows, readGuideCsv, writeGuideCsv } from '../../../electron/core/guides/guide-csv';

const codes = new Map([
  ['CW-A1', 'prod_a1'],
  ['CW-B2', 'prod_b2'],
  ['036000291452', 'prod_c3'],
]);
const lookup = async (code: string) => codes.get(code.trim().toUpperCase()) ?? null;

const messageOf = (text: string) => {
  const read = readGuideCsv(text);
  return read.ok ? null : read.message;
};

describe("a guide's CSV", () => {
  it('reads the columns in any order and case, with a BOM, CRLF and quoted cells', () => {
    const read = readGuideCsv('\uFEFFPar, SKU ,upc,name\r\n6,CW-A1,,"Pinot, ""Reserve"""\r\n\r\n2,,036000291452,Cab\r\n');
    expect(read).toEqual({
      ok: true,
      rows: [
        { row: 2, sku: 'CW-A1', upc: '', par: '6' },
        { row: 3, sku: '', upc: '036000291452', par: '2' },
      ],
    });
  });

  it.each([
    ['an empty file', '', /The file is empty/],
    ['a header only', 'sku,par\n', /header but no products/],
    ['an unknown column', 'sku,qty\nCW-A1,6\n', /Row 1 names a column Caseworks does not know: “qty”. The columns are sku, upc, par, name/],
    ['no par column', 'sku,name\nCW-A1,x\n', /no “par” column/],
    ['no code column', 'par,name\n6,x\n', /neither a “sku” nor a “upc” column/],
    ['a column named twice', 'sku,par,SKU\nCW-A1,6,x\n', /names the column “sku” twice/],
    ['an unclosed quote', 'sku,par\n"CW-A1,6\n', /a quoted value is not closed/],
    ['binary junk', `sku,par\n${'\u0000\u0001\u00ff'.repeat(50)}`, /not a CSV text file/],
    ['a spreadsheet file read as text', `PK\u0003\u0004${'\uFFFD'.repeat(40)}`, /not a CSV text file/],
    ['10 MB of junk', 'x'.repeat(10 * 1024 * 1024), /too big for an order guide \(at most 1 MB\)/],
    ['too many rows', `sku,par\n${'CW-A1,1\n'.repeat(GUIDE_LINES_MAX + 1)}`, /has 501 rows; a guide can list up to 500 products/],
  ])('refuses %s with one plain message', (_name, text, message) => {
    expect(messageOf(text)).toMatch(message);
  });

  it('matches rows by SKU, else UPC, and says which rows were left out and why', async () => {
    const read = readGuideCsv(
      ['sku,upc,par', 'CW-A1,,6', ',,3', 'CW-ZZ,,1', ',012345678901,1', 'CW-B2,,1.5', 'CW-B2,,-2', 'cw-a1,,9', 'CW-B2,,', 'NOPE,036000291452,4', 'CW-B2,,0'].join('\n'),
    );
    if (!read.ok) throw new Error(read.message);
    const { lines, skipped } = await matchGuideRows(read.rows, lookup);
    expect(lines).toEqual([
      { productId: 'prod_a1', par: 6 },
      { productId: 'prod_c3', par: 4 },
      { productId: 'prod_b2', par: 0 },
    ]);
    expect(skipped.map((problem) => [problem.row, problem.code])).toEqual([
      [3, 'no_code'],
      [4, 'unknown_product'],
      [5, 'unknown_product'],
      [6, 'bad_par'],
      [7, 'bad_par'],
      [8, 'duplicate'],
      [9, 'bad_par'],
    ]);
    expect(skipped.map((problem) => problem.message)).toEqual([
      'Row 3: no SKU or UPC, so no product to find.',
      'Row 4: no product with SKU “CW-ZZ” in the catalog on this computer.',
      'Row 5: no product with UPC “012345678901” (not a valid UPC) in the catalog on this computer.',
      'Row 6: the par must be a whole number of cases, 0 or more (not “1.5”).',
      'Row 7: the par must be a whole number of cases, 0 or more (not “-2”).',
      'Row 8: the same product as row 2; row 2’s par was kept.',
      'Row 9: the par: enter a whole number of cases (0 or more).',
    ]);
  });

  it('writes what it reads back, with formulas defused for spreadsheets', async () => {
    const csv = writeGuideCsv([
      { sku: 'CW-A1', upc: null, par: 6, name: '=HYPERLINK("x")' },
      { sku: null, upc: '036000291452', par: 2, name: 'Cab, "Reserve"' },
    ]);
    expect(csv).toBe('sku,upc,par,name\r\nCW-A1,,6,"\'=HYPERLINK(""x"")"\r\n,036000291452,2,"Cab, ""Reserve"""');
    const read = readGuideCsv(csv);
    if (!read.ok) throw new Error(read.message);
    expect((await matchGuideRows(read.rows, lookup)).lines).toEqual([
      { productId: 'prod_a1', par: 6 },
      { productId: 'prod_c3', par: 2 },
    ]);
  });

  it('names the file after the guide, safely', () => {
    expect(guideFileName('Friday bar')).toBe('Friday bar.csv');
    expect(guideFileName('../etc/passwd')).toBe('etc-passwd.csv');
    expect(guideFileName('***')).toBe('order-guide.csv');
  });
});
