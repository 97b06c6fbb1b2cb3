import { beforeAll, describe, expect, it } from 'vitest';
import { TextIndex } from '../../../electron/core/search/text-index';
import { wordsOf } from '../../../electron/core/search/text-terms';
import { demoCatalogText, miniSearchLikeTextIndex } from '../../support/demo-catalog-text';

const documents = ['Pinot Noir Reserve', 'Pinot Grigio', 'Cabernet Sauvignon Estate', 'Château Rosé', 'Sauvignon Blanc', 'Pinotage'];

async function indexOf(names: string[]) {
  return TextIndex.build(names.length, (position, field) => (field === 'name' ? names[position]! : ''));
}

const found = (index: TextIndex, text: string) => [...index.search(text).positions].map((position) => documents[position]);

describe('text index', () => {
  let index: TextIndex;
  beforeAll(async () => {
    index = await indexOf(documents);
  });

  it('folds case and accents in what it indexes and what it is asked', () => {
    expect(wordsOf('Château  ROSÉ-2019')).toEqual(['chateau', 'rose', '2019']);
    expect(found(index, 'chateau rose')).toEqual(['Château Rosé']);
    expect(found(index, 'CHÂTEAU')).toEqual(['Château Rosé']);
  });

  it('takes the last word as a prefix, and the words before it as whole words', () => {
    expect(found(index, 'pinot')).toEqual(['Pinot Noir Reserve', 'Pinot Grigio', 'Pinotage']);
    expect(found(index, 'pino')).toEqual(['Pinot Noir Reserve', 'Pinot Grigio', 'Pinotage']);
    expect(found(index, 'pino noir')).toEqual([]);
    expect(found(index, 'pinot n')).toEqual(['Pinot Noir Reserve']);
  });

  it('requires every word', () => {
    expect(found(index, 'sauvignon blanc')).toEqual(['Sauvignon Blanc']);
    expect(found(index, 'sauvignon estate')).toEqual(['Cabernet Sauvignon Estate']);
    expect(found(index, 'sauvignon merlot')).toEqual([]);
  });

  it('forgives a typo in a word of five letters or more, not in a shorter one', () => {
    expect(found(index, 'cabernay')).toEqual(['Cabernet Sauvignon Estate']);
    expect(found(index, 'sauvingon')).toEqual(['Cabernet Sauvignon Estate', 'Sauvignon Blanc']);
    expect(found(index, 'pinat noir')).toEqual(['Pinot Noir Reserve']);
    expect(found(index, 'pinot noor')).toEqual([]);
    expect(found(index, 'blanc rosa')).toEqual([]);
  });

  it('ranks a whole word above a word that only starts with it, and the name above other fields', async () => {
    const hits = index.search('pinot');
    const score = (name: string) => hits.scores[[...hits.positions].findIndex((position) => documents[position] === name)]!;
    expect(score('Pinot Grigio')).toBeGreaterThan(score('Pinotage'));
    const fielded = await TextIndex.build(2, (position, field) => (position === 0 ? (field === 'name' ? 'Syrah' : '') : field === 'name' ? 'Red' : 'Syrah'));
    const syrah = fielded.search('syrah');
    expect([...syrah.positions]).toEqual([0, 1]);
    expect(syrah.scores[0]).toBeGreaterThan(syrah.scores[1]!);
  });

  it('finds nothing for text without words, and in an empty index', () => {
    expect(index.search(' - ,').positions).toHaveLength(0);
    expect(TextIndex.empty().search('pinot').positions).toHaveLength(0);
  });

  it('reloads from its JSON with the same answers, and refuses an inconsistent one', async () => {
    const reloaded = TextIndex.fromJSON(JSON.stringify(index));
    for (const text of ['pinot', 'sauvignon bl', 'cabernay', 'rose']) {
      expect(reloaded.search(text)).toEqual(index.search(text));
    }
    const broken = { ...JSON.parse(JSON.stringify(index)), documents: 2 };
    expect(() => TextIndex.fromJSON(JSON.stringify(broken))).toThrow(/inconsistent/);
  });
});

/**
 * The index replaced MiniSearch for speed (bench:core); with the same words, prefix and typo
 * rules it must find exactly what MiniSearch finds.
 */
describe('text index against MiniSearch on the demo catalog', () => {
  const { products, text } = demoCatalogText(3_000);
  const oracle = miniSearchLikeTextIndex(text);
  oracle.addAll(products.map((_, position) => position));

  it('finds the same products for every prefix of a set of typed queries', async () => {
    const index = await TextIndex.build(products.length, text);
    const queries = ['cabernet sauvignon', 'pinot noir', 'chardonay', 'napa valley', 'malbec 2018', 'riesling', 'chateau', 'sonoma coast'];
    let compared = 0;
    for (const query of queries) {
      for (let length = 1; length <= query.length; length += 1) {
        const typed = query.slice(0, length);
        if (typed.endsWith(' ')) continue;
        const expected = oracle.search(typed).map((hit) => hit.id as number).sort((a, b) => a - b);
        expect([...index.search(typed).positions], typed).toEqual(expected);
        compared += expected.length;
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });
});
