import { searchText } from '../store/catalog/search-text';
import type { DemoProduct } from './products';
import type { DemoSupplier } from './wineries';
import { writeUtf8 } from './write-utf8';

/** One lexeme of a search document and its positions (from 1, ascending). */
export interface SearchLexeme {
  lexeme: string;
  positions: number[];
}

const SPACE = 0x20;

/** `array`, or a larger copy when it cannot hold `length` values. */
function atLeast(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  if (length <= array.length) return array;
  const larger = new Int32Array(Math.max(length, array.length * 2));
  larger.set(array);
  return larger;
}

/**
 * The lexemes of a demo product's `search_document`, built here rather than by
 * `to_tsvector('simple', …)` in the database (see searchDocument in
 * server/store/catalog/search-text.ts), which cost about 40 µs a product while seeding on PGlite.
 * Both read the same folded text (searchText: runs of letters and digits separated by single
 * spaces): each run is a lexeme at its position, from 1. test/server/demo/search-document.test.ts
 * checks they are what to_tsvector gives for the demo catalog, on both databases.
 *
 * It reads one text at a time as its UTF-8 bytes into arrays kept from one text to the next, so
 * a product's lexemes cost no string or object each: seeding writes them from here straight into
 * COPY's binary format (server/demo/product-copy-binary.ts). The lexemes are ranked as a tsvector
 * keeps them, by their bytes, a shorter prefix first. A demo text has a few dozen words, so each
 * word is compared with the lexemes before it rather than looked up in a map.
 */
export class SearchDocumentWords {
  /** The last text's UTF-8 bytes: the word at position p + 1 is bytes `start(p)` to `end(p)`. */
  bytes = new Uint8Array(1 << 10);
  private starts = new Int32Array(64);
  private ends = new Int32Array(64);
  /** Of each word, the next word with the same bytes, or −1. */
  private nexts = new Int32Array(64);
  /** Of each lexeme's first word, its last word so far (while reading). */
  private lasts = new Int32Array(64);
  /** The distinct lexemes, each as its first word, in a tsvector's order. */
  private lexemes = new Int32Array(64);

  /** Reads `foldedText` and returns how many distinct lexemes it has. */
  read(foldedText: string): number {
    if (foldedText.length * 3 > this.bytes.length) this.bytes = new Uint8Array(foldedText.length * 6);
    const size = writeUtf8(foldedText, this.bytes, 0);
    const bytes = this.bytes;
    // The words between single spaces, as `split(' ')` gives them: an empty one still takes a position.
    let words = 0;
    let from = 0;
    for (let at = 0; at <= size; at += 1) {
      if (at < size && bytes[at] !== SPACE) continue;
      if (words === this.starts.length) this.room(words + 1);
      this.starts[words] = from;
      this.ends[words] = at;
      words += 1;
      from = at + 1;
    }
    const { starts, ends, nexts, lasts, lexemes } = this;
    let count = 0;
    for (let word = 0; word < words; word += 1) {
      nexts[word] = -1;
      if (ends[word] === starts[word]) continue;
      let rank = 0;
      while (rank < count && this.compare(lexemes[rank] as number, word) !== 0) rank += 1;
      if (rank < count) {
        const first = lexemes[rank] as number;
        nexts[lasts[first] as number] = word;
        lasts[first] = word;
      } else {
        lexemes[count++] = word;
        lasts[word] = word;
      }
    }
    // Insertion sort of the few lexemes, into a tsvector's order.
    for (let rank = 1; rank < count; rank += 1) {
      const word = lexemes[rank] as number;
      let before = rank - 1;
      for (; before >= 0 && this.compare(lexemes[before] as number, word) > 0; before -= 1) lexemes[before + 1] = lexemes[before] as number;
      lexemes[before + 1] = word;
    }
    return count;
  }

  /** The first word (its position − 1) of the lexeme at `rank` in a tsvector's order. */
  firstWord(rank: number): number {
    return this.lexemes[rank] as number;
  }

  /** The next word after `word` that is the same lexeme, or −1: a lexeme's positions, ascending. */
  nextWord(word: number): number {
    return this.nexts[word] as number;
  }

  /** Where the bytes of `word` start in `bytes`. */
  start(word: number): number {
    return this.starts[word] as number;
  }

  /** Where the bytes of `word` end in `bytes`. */
  end(word: number): number {
    return this.ends[word] as number;
  }

  /** Two words by their bytes, a shorter prefix first (as PostgreSQL orders a tsvector's lexemes). */
  private compare(a: number, b: number): number {
    const bytes = this.bytes;
    let left = this.starts[a] as number;
    let right = this.starts[b] as number;
    const leftEnd = this.ends[a] as number;
    const rightEnd = this.ends[b] as number;
    for (; left < leftEnd && right < rightEnd; left += 1, right += 1) {
      const difference = (bytes[left] as number) - (bytes[right] as number);
      if (difference !== 0) return difference;
    }
    return leftEnd - left - (rightEnd - right);
  }

  private room(words: number): void {
    this.starts = atLeast(this.starts, words);
    this.ends = atLeast(this.ends, words);
    this.nexts = atLeast(this.nexts, words);
    this.lasts = atLeast(this.lasts, words);
    this.lexemes = atLeast(this.lexemes, words);
  }
}

const decoder = new TextDecoder();

/** The lexemes of a folded text (see SearchDocumentWords) in a tsvector's order, as strings with their positions. */
export function searchDocumentLexemes(foldedText: string): SearchLexeme[] {
  const words = new SearchDocumentWords();
  const count = words.read(foldedText);
  const lexemes: SearchLexeme[] = [];
  for (let rank = 0; rank < count; rank += 1) {
    const first = words.firstWord(rank);
    const positions: number[] = [];
    for (let word = first; word >= 0; word = words.nextWord(word)) positions.push(word + 1);
    lexemes.push({ lexeme: decoder.decode(words.bytes.subarray(words.start(first), words.end(first))), positions });
  }
  return lexemes;
}

/** Fields folded at most before the memory starts over (the demo has a few thousand distinct ones, and some tens of thousands of names). */
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
      this.fold(product.name),
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
