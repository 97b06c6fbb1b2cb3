import { describe, expect, it } from 'vitest';
import { CountryAssigner, buildColumns } from '../../../electron/core/search/catalog-columns';
import { makeCatalog } from './catalog-fixture';

describe('countries from product details', () => {
  // Fixture: product n comes from supplier n % 4, whose region is Napa Valley, Sonoma, Bordeaux, Mendoza.
  const items = makeCatalog(8).map((product) => product.item);
  const countryOf = (columns: ReturnType<typeof buildColumns>, position: number) => {
    const key = columns.keys.country[position]!;
    return key < 0 ? null : columns.dictionaries.country.values[key]!.value;
  };

  it('knows no country before any detail arrived', () => {
    const columns = buildColumns(items);
    expect(items.map((_, position) => countryOf(columns, position))).toEqual(Array(8).fill(null));
  });

  it('gives a product its own country, and the products of its region the same until their own detail says otherwise', () => {
    const columns = buildColumns(items);
    const countries = new CountryAssigner(columns);
    countries.assign([{ position: 2, country: 'France' }]);
    expect(items.map((_, position) => countryOf(columns, position))).toEqual([null, null, 'France', null, null, null, 'France', null]);

    countries.assign([
      { position: 0, country: 'USA' },
      { position: 6, country: 'Monaco' },
    ]);
    expect(countryOf(columns, 4)).toBe('USA');
    expect(countryOf(columns, 6)).toBe('Monaco');
    expect(countryOf(columns, 2)).toBe('France');

    countries.assign([{ position: 3, country: 'Argentina' }]);
    expect(countryOf(columns, 7)).toBe('Argentina');
    expect(countryOf(columns, 6)).toBe('Monaco');
    expect(countryOf(columns, 1)).toBeNull();
  });
});
