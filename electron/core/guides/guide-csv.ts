import Papa from 'papaparse';
import {
  GUIDE_CSV_COLUMNS,
  GUIDE_CSV_MAX_BYTES,
  GUIDE_LINES_MAX,
  readCaseCount,
  type GuideCsvColumn,
  type GuideImportProblem,
  type GuideLine,
} from '../../../shared/bridge/guides';
import { isValidUpc } from '../../../shared/upc';
import { normalizeCode } from '../search/product-codes';

/** One data row of a guide's CSV as written, before its product is looked up. */
export interface GuideCsvRow {
  /** The row's place in the file, the header being row 1. */
  row: number;
  sku: string;
  upc: string;
  par: string;
}

export type GuideCsvRead = { ok: true; rows: GuideCsvRow[] } | { ok: false; message: string };

const columnList = GUIDE_CSV_COLUMNS.join(', ');
/** A spreadsheet writes `'=…` for a cell it must not run as a formula; the export does the same. */
const unescapeFormula = (value: string) => value.replace(/^'(?=[=+\-@\t\r])/, '');

/**
 * Reads a guide's CSV: a header naming the columns (`GUIDE_CSV_COLUMNS`, any case, in any order),
 * then one product a row. Whatever makes the whole file unusable (too big, not text, wrong or
 * repeated columns, too many rows, a broken quote) is one plain message; a bad row is reported by
 * `matchGuideRows`, row by row.
 */
export function readGuideCsv(text: string): GuideCsvRead {
  if (text.length > GUIDE_CSV_MAX_BYTES) {
    return { ok: false, message: `The file is too big for an order guide (at most ${GUIDE_CSV_MAX_BYTES / 1024 / 1024} MB).` };
  }
  // A NUL or a run of characters that were not text: a spreadsheet's own format, an image, junk.
  if (text.includes('\u0000') || (text.match(/\uFFFD/g)?.length ?? 0) > 3) {
    return { ok: false, message: `The file is not a CSV text file. Save it from your spreadsheet as “CSV” with the columns ${columnList}.` };
  }
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: 'greedy' });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) return { ok: false, message: `Row ${(broken.row ?? 0) + 1}: a quoted value is not closed.` };
  const [header, ...data] = parsed.data;
  if (!header) return { ok: false, message: `The file is empty. The first row names the columns: ${columnList}.` };

  const names = header.map((cell) => cell.trim().toLowerCase());
  const unknown = names.filter((name) => !(GUIDE_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 5).map((name) => `“${name.slice(0, 30) || '(blank)'}”`).join(', ');
    return { ok: false, message: `Row 1 names ${unknown.length === 1 ? 'a column' : 'columns'} Caseworks does not know: ${shown}. The columns are ${columnList}.` };
  }
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) return { ok: false, message: `Row 1 names the column “${repeated}” twice.` };
  if (!names.includes('par')) return { ok: false, message: `Row 1 has no “par” column. The columns are ${columnList}.` };
  if (!names.includes('sku') && !names.includes('upc')) {
    return { ok: false, message: 'Row 1 has neither a “sku” nor a “upc” column: each row needs one of them to find its product.' };
  }
  if (data.length > GUIDE_LINES_MAX) {
    return { ok: false, message: `The file has ${data.length.toLocaleString('en-US')} rows; a guide can list up to ${GUIDE_LINES_MAX} products.` };
  }
  if (data.length === 0) return { ok: false, message: 'The file has a header but no products.' };

  const cell = (row: string[], column: GuideCsvColumn) => {
    const index = names.indexOf(column);
    return index < 0 ? '' : unescapeFormula((row[index] ?? '').trim());
  };
  return { ok: true, rows: data.map((row, index) => ({ row: index + 2, sku: cell(row, 'sku'), upc: cell(row, 'upc'), par: cell(row, 'par') })) };
}

/** A product code looked up in the offline catalog: its product id, or null. */
export type CodeLookup = (code: string) => Promise<string | null>;

/**
 * Turns read rows into guide lines: each row's product is found by SKU, else by UPC; a row with no
 * code, an unknown product, a par that is not a whole number ≥ 0, or a product an earlier row
 * already gave is left out with its reason.
 */
export async function matchGuideRows(rows: readonly GuideCsvRow[], lookup: CodeLookup): Promise<{ lines: GuideLine[]; skipped: GuideImportProblem[] }> {
  const lines: GuideLine[] = [];
  const skipped: GuideImportProblem[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, sku, upc, par } of rows) {
    if (!sku && !upc) {
      skipped.push({ row, code: 'no_code', message: `Row ${row}: no SKU or UPC, so no product to find.` });
      continue;
    }
    const count = readCaseCount(par, 'the par');
    if (!count.ok) {
      skipped.push({ row, code: 'bad_par', message: `Row ${row}: ${count.message}` });
      continue;
    }
    const productId = (sku ? await lookup(sku) : null) ?? (upc ? await lookup(upc) : null);
    if (!productId) {
      const upcNote = isValidUpc(normalizeCode(upc)) ? '' : ' (not a valid UPC)';
      const named = [sku ? `SKU “${sku.slice(0, 40)}”` : '', upc ? `UPC “${upc.slice(0, 20)}”${upcNote}` : ''].filter(Boolean).join(' or ');
      skipped.push({ row, code: 'unknown_product', message: `Row ${row}: no product with ${named} in the catalog on this computer.` });
      continue;
    }
    const first = firstRowOf.get(productId);
    if (first !== undefined) {
      skipped.push({ row, code: 'duplicate', message: `Row ${row}: the same product as row ${first}; row ${first}’s par was kept.` });
      continue;
    }
    firstRowOf.set(productId, row);
    lines.push({ productId, par: count.value });
  }
  return { lines, skipped };
}

/** One line of an exported guide. */
export interface GuideCsvLine {
  sku: string | null;
  upc: string | null;
  par: number;
  name: string;
}

/** The guide as CSV (RFC 4180, a header row, CRLF), its cells safe to open in a spreadsheet. */
export function writeGuideCsv(lines: readonly GuideCsvLine[]): string {
  return Papa.unparse(
    { fields: [...GUIDE_CSV_COLUMNS], data: lines.map((line) => [line.sku ?? '', line.upc ?? '', String(line.par), line.name]) },
    { escapeFormulae: true, newline: '\r\n' },
  );
}

/** A file name for a guide ("Friday bar" → "Friday bar.csv"), safe on every desktop. */
export function guideFileName(name: string): string {
  const safe = name.replace(/[^\p{L}\p{N} _.-]+/gu, '-').replace(/^[.\s-]+|[.\s-]+$/g, '');
  return `${safe || 'order-guide'}.csv`;
}
