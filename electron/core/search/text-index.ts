import SearchableMap from 'minisearch/SearchableMap';
import { yieldToEventLoop } from '../offline/cooperative';
import { FIELD_BOOST, FUZZINESS, MIN_FUZZY_TERM_LENGTH, TEXT_FIELDS, wordsOf, type TextField } from './text-terms';

/** How much a word typed in part, or with a typo, counts against the whole word (MiniSearch's defaults). */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** BM25+ term-frequency saturation, length normalization and floor. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const BUILD_CHUNK = 2_000;

export interface TextHits {
  /** Matching documents, in ascending order. */
  positions: Int32Array;
  /** Relevance of each, aligned with `positions`. */
  scores: Float32Array;
}

interface SerializedTextIndex {
  documents: number;
  terms: string[];
  offsets: string;
  postings: string;
  weights: string;
}

const toBase64 = (array: Int32Array | Float32Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64');
function fromBase64<T extends Int32Array | Float32Array>(text: string, Kind: { new (buffer: ArrayBuffer): T }): T {
  const bytes = Buffer.from(text, 'base64');
  const copy = new ArrayBuffer(bytes.length);
  new Uint8Array(copy).set(bytes);
  return new Kind(copy);
}

/**
 * Free-text search over typed arrays: one posting list per word (documents ascending, each with
 * its BM25+ weight over the weighted fields), so a query costs a pass over the postings of the
 * words it touches and allocates nothing per hit. The vocabulary sits in MiniSearch's radix tree,
 * which finds the words that start with a prefix or lie within a typo's distance.
 *
 * All words must match; the last one may be a prefix (it is being typed); words of five letters
 * or more forgive a typo.
 */
export class TextIndex {
  private readonly vocabulary: SearchableMap<number>;
  /** Scratch, reused by every query: best score per document for the current word, and words matched. */
  private readonly wordScore: Float32Array;
  private readonly matchedWords: Uint8Array;
  private readonly totalScore: Float32Array;

  private constructor(
    readonly documents: number,
    private readonly terms: string[],
    private readonly offsets: Int32Array,
    private readonly postings: Int32Array,
    private readonly weights: Float32Array,
  ) {
    this.vocabulary = SearchableMap.from(terms.map((term, id) => [term, id] as [string, number]));
    this.wordScore = new Float32Array(documents);
    this.matchedWords = new Uint8Array(documents);
    this.totalScore = new Float32Array(documents);
  }

  static empty(): TextIndex {
    return new TextIndex(0, [], new Int32Array(1), new Int32Array(0), new Float32Array(0));
  }

  get termCount(): number {
    return this.terms.length;
  }

  /** Indexes `documents` documents; `textOf` gives each one's text per field. Yields between chunks. */
  static async build(documents: number, textOf: (position: number, field: TextField) => string): Promise<TextIndex> {
    const termIds = new Map<string, number>();
    const terms: string[] = [];
    const folded = new Map<string, string>();
    const fieldCount = TEXT_FIELDS.length;
    /** Per document and field, the term ids of its words, flattened. */
    const tokens: number[] = [];
    const tokenStart = new Int32Array(documents * fieldCount + 1);
    const lengthSum = new Float64Array(fieldCount);
    for (let position = 0; position < documents; position += 1) {
      if (position > 0 && position % BUILD_CHUNK === 0) await yieldToEventLoop();
      TEXT_FIELDS.forEach((field, fieldIndex) => {
        const words = wordsOf(textOf(position, field), folded);
        for (const word of words) {
          let id = termIds.get(word);
          if (id === undefined) {
            id = terms.length;
            terms.push(word);
            termIds.set(word, id);
          }
          tokens.push(id);
        }
        lengthSum[fieldIndex]! += words.length;
        tokenStart[position * fieldCount + fieldIndex + 1] = tokens.length;
      });
    }
    const averageLength = Array.from(lengthSum, (sum) => Math.max(sum / Math.max(documents, 1), 1));

    // One (term, document, weight) pair per distinct word of each document, then grouped by term.
    const pairTerm: number[] = [];
    const pairDocument: number[] = [];
    const pairWeight: number[] = [];
    const documentWeights = new Map<number, number>();
    for (let position = 0; position < documents; position += 1) {
      if (position > 0 && position % BUILD_CHUNK === 0) await yieldToEventLoop();
      documentWeights.clear();
      TEXT_FIELDS.forEach((field, fieldIndex) => {
        const start = tokenStart[position * fieldCount + fieldIndex]!;
        const end = tokenStart[position * fieldCount + fieldIndex + 1]!;
        const length = end - start;
        const frequency = new Map<number, number>();
        for (let token = start; token < end; token += 1) frequency.set(tokens[token]!, (frequency.get(tokens[token]!) ?? 0) + 1);
        const boost = FIELD_BOOST[field] ?? 1;
        const norm = BM25.k * (1 - BM25.b + (BM25.b * length) / averageLength[fieldIndex]!);
        for (const [id, count] of frequency) {
          const weight = boost * (BM25.d + (count * (BM25.k + 1)) / (count + norm));
          documentWeights.set(id, (documentWeights.get(id) ?? 0) + weight);
        }
      });
      for (const [id, weight] of documentWeights) {
        pairTerm.push(id);
        pairDocument.push(position);
        pairWeight.push(weight);
      }
    }
    const offsets = new Int32Array(terms.length + 1);
    for (const id of pairTerm) offsets[id + 1]! += 1;
    for (let id = 0; id < terms.length; id += 1) offsets[id + 1]! += offsets[id]!;
    const fill = offsets.slice(0, terms.length);
    const postings = new Int32Array(pairTerm.length);
    const weights = new Float32Array(pairTerm.length);
    pairTerm.forEach((id, pair) => {
      const slot = fill[id]!;
      fill[id] = slot + 1;
      postings[slot] = pairDocument[pair]!;
      weights[slot] = pairWeight[pair]!;
    });
    return new TextIndex(documents, terms, offsets, postings, weights);
  }

  static fromJSON(json: string): TextIndex {
    const data = JSON.parse(json) as SerializedTextIndex;
    const offsets = fromBase64(data.offsets, Int32Array);
    const postings = fromBase64(data.postings, Int32Array);
    const weights = fromBase64(data.weights, Float32Array);
    const consistent =
      Number.isInteger(data.documents) &&
      Array.isArray(data.terms) &&
      offsets.length === data.terms.length + 1 &&
      offsets[data.terms.length] === postings.length &&
      weights.length === postings.length &&
      postings.every((position) => position >= 0 && position < data.documents);
    if (!consistent) throw new Error('the text index snapshot is inconsistent');
    return new TextIndex(data.documents, data.terms, offsets, postings, weights);
  }

  toJSON(): SerializedTextIndex {
    return {
      documents: this.documents,
      terms: this.terms,
      offsets: toBase64(this.offsets),
      postings: toBase64(this.postings),
      weights: toBase64(this.weights),
    };
  }

  /** The indexed words a query word stands for, each with how much a match on it counts. */
  private expansions(word: string, isLast: boolean): Map<number, number> {
    const found = new Map<number, number>();
    const offer = (id: number, factor: number) => {
      if ((found.get(id) ?? 0) < factor) found.set(id, factor);
    };
    const exact = this.vocabulary.get(word);
    if (exact !== undefined) offer(exact, 1);
    if (isLast) {
      for (const [term, id] of this.vocabulary.atPrefix(word)) {
        const extra = term.length - word.length;
        if (extra > 0) offer(id, (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * extra));
      }
    }
    if (word.length >= MIN_FUZZY_TERM_LENGTH) {
      const maxDistance = Math.round(word.length * FUZZINESS);
      for (const [, [id, distance]] of this.vocabulary.fuzzyGet(word, maxDistance)) {
        if (distance > 0) offer(id, (FUZZY_WEIGHT * word.length) / (word.length + distance));
      }
    }
    return found;
  }

  /** The documents that contain every word of `text` (the last one as a prefix), with their relevance. */
  search(text: string): TextHits {
    const words = [...new Set(wordsOf(text))];
    if (words.length === 0 || this.documents === 0) return { positions: new Int32Array(0), scores: new Float32Array(0) };
    const { wordScore, matchedWords, totalScore, offsets, postings, weights } = this;
    let candidates: number[] = [];
    for (let index = 0; index < words.length; index += 1) {
      const touched: number[] = [];
      for (const [id, factor] of this.expansions(words[index]!, index === words.length - 1)) {
        const start = offsets[id]!;
        const end = offsets[id + 1]!;
        const frequency = end - start;
        const idf = Math.log(1 + (this.documents - frequency + 0.5) / (frequency + 0.5));
        for (let slot = start; slot < end; slot += 1) {
          const position = postings[slot]!;
          if (matchedWords[position] !== index) continue;
          const score = idf * weights[slot]! * factor;
          if (wordScore[position] === 0) touched.push(position);
          if (score > wordScore[position]!) wordScore[position] = score;
        }
      }
      for (const position of touched) {
        matchedWords[position] = index + 1;
        totalScore[position]! += wordScore[position]!;
        wordScore[position] = 0;
      }
      if (index === 0) candidates = touched;
    }
    const hits: number[] = [];
    for (const position of candidates) if (matchedWords[position] === words.length) hits.push(position);
    const positions = Int32Array.from(hits).sort();
    const scores = new Float32Array(positions.length);
    positions.forEach((position, index) => {
      scores[index] = totalScore[position]!;
    });
    for (const position of candidates) {
      matchedWords[position] = 0;
      totalScore[position] = 0;
    }
    return { positions, scores };
  }
}
