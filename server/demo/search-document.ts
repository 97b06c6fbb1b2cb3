import { searchText } from '../store/catalog/search-text';
import type { DemoProduct } from './products';
import type { DemoSupplier } from './wineries';

/** One lexeme of a search document and its positions (from 1, ascending). */
export interface SearchLexeme {
  lexeme: string;
  positions: number[];
}

/**
 * The lexemes of a demo product's `search_document`, in the order of their first position, built
 * here rather than by `to_tsvector('simple', …)` in the database (see searchDocument in
 * server/store/catalog/search-text.ts), which cost about 40 µs a product while seeding on PGlite.
 * Both read the same folded text (searchText: runs of letters and digits separated by single
 * spaces): each run is a lexeme at its position, from 1. Seeding writes them in COPY's binary
 * format (server/demo/product-copy-binary.ts); test/server/demo/search-document.test.ts checks
 * they are what to_tsvector gives for the demo catalog, on both databases. A demo text has a few
 * dozen words, so a list beats a map.
 */
export function searchDocumentLexemes(foldedText: string): SearchLexeme[] {
  const words = foldedText.split(' ');
  const lexemes: SearchLexeme[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as string;
    if (word === '') continue;
    const seen = lexemes.find((entry) => entry.lexeme === word);
    if (seen) seen.positions.push(index + 1);
    else lexemes.push({ lexeme: word, positions: [index + 1] });
  }
  return lexemes;
}

/** Fields folded at most before the memory starts over (the demo has a few thousand distinct ones). */
const MAX_REMEMBERED = 100_000;

/**
 * searchText of a demo product's fields (name, brand, varietal, region, appellation, SKU, the
 * supplier's names), the fields the catalog repeats folded once and remembered: folding is per
 * character and never crosses the space between fields, so the text is the folded fields joined
 * (checked against searchText in test/server/demo/search-document.test.ts).
 */
export class DemoSearchText {
  private readonly folded = new Map<string, string>();

  of(product: DemoProduct, supplier: DemoSupplier | undefined): string {
    const parts = [
      searchText([product.name]),
      this.fold(product.brand),
      this.fold(product.varietal),
      this.fold(product.region),
      this.fold(product.appellation),
      searchText([product.sku]),
      this.fold(supplier?.name ?? null),
      this.fold(supplier?.dbaName ?? null),
    ];
    return parts.filter((part) => part !== '').join(' ');
  }

  private fold(field: string | null): string {
    if (field === null) return '';
    const known = this.folded.get(field);
    if (known !== undefined) return known;
    if (this.folded.size >= MAX_REMEMBERED) this.folded.clear();
    const text = searchText([field]);
    this.folded.set(field, text);
    return text;
  }
}
