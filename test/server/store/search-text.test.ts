import { describe, expect, it } from 'vitest';
import { foldForSearch, prefixTsQueryText, searchText } from '../../../server/store/catalog/search-text';

describe('prefixTsQueryText', () => {
  it('turns words into an AND of prefix terms', () => {
    expect(prefixTsQueryText('Napa cab')).toBe("'napa':* & 'cab':*");
  });

  it('folds case and accents the way documents are folded', () => {
    expect(foldForSearch('Château Côte-Rôtie')).toBe('chateau cote-rotie');
    expect(prefixTsQueryText('RHÔNE')).toBe("'rhone':*");
  });

  it('keeps nothing of tsquery syntax from hostile input', () => {
    expect(prefixTsQueryText(`'&|!():*\\`)).toBeNull();
    expect(prefixTsQueryText("pinot' & !noir | (x:*)")).toBe("'pinot':* & 'noir':* & 'x':*");
    expect(prefixTsQueryText('   ')).toBeNull();
  });

  it('splits SKUs and hyphenated names into the same runs in queries and documents', () => {
    expect(prefixTsQueryText('HOV-00042')).toBe("'hov':* & '00042':*");
    expect(searchText(['HOV-00042', null, 'Saint-Émilion', "Barbera d'Alba"])).toBe('hov 00042 saint emilion barbera d alba');
  });

  it('bounds the number and length of terms', () => {
    const many = Array.from({ length: 20 }, (_, index) => `w${index}`).join(' ');
    expect(prefixTsQueryText(many)?.split(' & ')).toHaveLength(8);
    expect(prefixTsQueryText('x'.repeat(500))).toBe(`'${'x'.repeat(60)}':*`);
  });

  it('drops repeated words', () => {
    expect(prefixTsQueryText('syrah Syrah SYRAH')).toBe("'syrah':*");
  });
});
