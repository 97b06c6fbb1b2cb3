/**
 * The review of a pasted order, as pure functions: each line of the paste (as read by
 * `parsePastedOrder`, or as the buyer corrected it) with what the offline catalog matched for its
 * code, becomes a row that is ready to add, waits for the buyer (fix, choose, or drop it), or is
 * left out (a header row, a dropped line). Nothing is added while a row waits.
 */
import { formatCases, formatCount, formatWineName } from '../../../../shared/format';
import { readPastedLine, type PastedLine } from '../../../../shared/pasted-order';
import type { CatalogProduct } from '../../../../shared/schemas';
import { checkQuantity } from '../../../lib/quantityRules';

/** One line of the paste as the buyer reviews it. */
export interface ReviewEntry {
  read: PastedLine;
  dropped: boolean;
  /** The product chosen for a code that names several. */
  choice: string | null;
}

export type RowState =
  | { kind: 'ready'; product: CatalogProduct; quantity: number }
  | { kind: 'matching' }
  /** Waits for the buyer: a line that could not be read, a code not found, or a quantity the product cannot take. */
  | { kind: 'fix'; message: string }
  /** Waits for the buyer: the code names several products. */
  | { kind: 'choose'; products: CatalogProduct[]; message: string }
  | { kind: 'skipped'; message: string }
  | { kind: 'dropped' };

export interface ReviewRow {
  entry: ReviewEntry;
  state: RowState;
}

/** The products the offline catalog has for each code asked, by the code as the line gave it. */
export type CodeMatches = ReadonlyMap<string, readonly CatalogProduct[]>;

export const entriesOf = (lines: readonly PastedLine[]): ReviewEntry[] => lines.map((read) => ({ read, dropped: false, choice: null }));

/** The entry with the line as the buyer corrected it: read again, and any choice of product forgotten. */
export const corrected = (entry: ReviewEntry, text: string): ReviewEntry => ({ read: readPastedLine(text, entry.read.line), dropped: false, choice: null });

/** Codes of lines that still need matching against the offline catalog, each once. */
export function codesToMatch(entries: readonly ReviewEntry[], matches: CodeMatches): string[] {
  const codes = new Set<string>();
  for (const { read } of entries) if (read.kind === 'order' && !matches.has(read.code)) codes.add(read.code);
  return [...codes];
}

export const productLabel = (product: CatalogProduct) =>
  `${formatWineName({ name: product.name, vintage: product.vintage, sizeMl: product.size_ml })} — ${product.supplier.name}`;

/**
 * Every entry's row. Quantities are checked as the cart would check them once added: against the
 * product's minimum and stock, counting what the cart already holds of it and what lines above ask.
 */
export function reviewRows(entries: readonly ReviewEntry[], matches: CodeMatches, inCart: (productId: string) => number): ReviewRow[] {
  const asked = new Map<string, number>();
  return entries.map((entry): ReviewRow => {
    const { read } = entry;
    if (read.kind === 'header') return { entry, state: { kind: 'skipped', message: 'Read as a header row (column names): skipped.' } };
    if (entry.dropped) return { entry, state: { kind: 'dropped' } };
    if (read.kind === 'problem') return { entry, state: { kind: 'fix', message: read.message } };
    const products = matches.get(read.code);
    if (!products) return { entry, state: { kind: 'matching' } };
    if (products.length === 0) return { entry, state: { kind: 'fix', message: `No product has the SKU or UPC “${read.code}” in the offline catalog.` } };
    const product = products.length === 1 ? products[0] : products.find((candidate) => candidate.id === entry.choice);
    if (!product) {
      return { entry, state: { kind: 'choose', products: [...products], message: `“${read.code}” is the code of ${formatCount(products.length, 'product', 'products')}: choose one, or drop the line.` } };
    }
    const before = (asked.get(product.id) ?? 0) + inCart(product.id);
    const check = checkQuantity(before + read.quantity, { minimum: product.minimum_order, stock: product.inventory_available });
    if (!check.ok) {
      const context = before > 0 ? ` (${formatCases(before)} of it already in the cart or on lines above.)` : '';
      return { entry, state: { kind: 'fix', message: `${check.message}${context}` } };
    }
    asked.set(product.id, (asked.get(product.id) ?? 0) + read.quantity);
    return { entry, state: { kind: 'ready', product, quantity: read.quantity } };
  });
}

export interface ReviewSummary {
  ready: number;
  cases: number;
  waiting: number;
  matching: number;
  dropped: number;
  skipped: number;
}

export function summaryOf(rows: readonly ReviewRow[]): ReviewSummary {
  const summary: ReviewSummary = { ready: 0, cases: 0, waiting: 0, matching: 0, dropped: 0, skipped: 0 };
  for (const { state } of rows) {
    if (state.kind === 'ready') {
      summary.ready += 1;
      summary.cases += state.quantity;
    } else if (state.kind === 'fix' || state.kind === 'choose') summary.waiting += 1;
    else if (state.kind === 'matching') summary.matching += 1;
    else if (state.kind === 'dropped') summary.dropped += 1;
    else summary.skipped += 1;
  }
  return summary;
}

/** What the cart gets: each product once, with the cases of all its ready lines. Empty while any row waits. */
export function toAdd(rows: readonly ReviewRow[]): { product: CatalogProduct; quantity: number }[] {
  if (rows.some(({ state }) => state.kind === 'fix' || state.kind === 'choose' || state.kind === 'matching')) return [];
  const byProduct = new Map<string, { product: CatalogProduct; quantity: number }>();
  for (const { state } of rows) {
    if (state.kind !== 'ready') continue;
    const line = byProduct.get(state.product.id);
    byProduct.set(state.product.id, { product: state.product, quantity: (line?.quantity ?? 0) + state.quantity });
  }
  return [...byProduct.values()];
}
