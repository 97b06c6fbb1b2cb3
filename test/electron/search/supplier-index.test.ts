import { describe, expect, it } from 'vitest';
import type { Supplier } from '../../../shared';
import { SupplierIndex } from '../../../electron/core/search/supplier-index';

const supplier = (id: string, name: string, dba: string | null, location: string): Supplier => ({
  id,
  name,
  dba_name: dba,
  location,
  total_products: 10,
  created_at: '2025-01-01T00:00:00.000Z',
});

const suppliers: Supplier[] = [
  supplier('sup_ashby', 'Ashby Cellars', 'Ashby Wines', 'St. Helena, CA'),
  supplier('sup_oak', 'Oak Knoll Estate', null, 'Healdsburg, CA'),
  supplier('sup_dundee', 'Dundee Hills Vineyards', 'Red Hills Wine Co', 'Dundee, OR'),
  supplier('sup_walla', 'Walla Walla Cellars', null, 'Walla Walla, WA'),
  supplier('sup_import', 'Lumière Imports', null, 'Napa, CA'),
];

/** The wine regions of each supplier's products, as the offline catalog says. */
const regions: Record<string, string[]> = {
  sup_ashby: ['Napa Valley'],
  sup_oak: ['Sonoma County'],
  sup_dundee: ['Willamette Valley'],
  sup_walla: ['Columbia Valley'],
  sup_import: ['Bordeaux', 'Burgundy'],
};

const ids = (found: Supplier[]) => found.map((item) => item.id);

describe('supplier index', () => {
  it('forgives typos and takes prefixes in names and DBA names: "ashbey", "dund", "red hill"', async () => {
    const index = await SupplierIndex.build(suppliers, regions);
    expect(ids(index.search({ q: 'ashbey' }))).toEqual(['sup_ashby']);
    expect(ids(index.search({ q: 'dund' }))).toEqual(['sup_dundee']);
    expect(ids(index.search({ q: 'red hill' }))).toEqual(['sup_dundee']);
  });

  it('finds the town, the state by code or name, and the wine region: "st helena", "napa", "oregon", "wa"', async () => {
    const index = await SupplierIndex.build(suppliers, regions);
    expect(ids(index.search({ q: 'st helena' }))).toEqual(['sup_ashby']);
    expect(ids(index.search({ q: 'napa' })).sort()).toEqual(['sup_ashby', 'sup_import']);
    expect(ids(index.search({ q: 'oregon' }))).toEqual(['sup_dundee']);
    expect(ids(index.search({ q: 'california' })).sort()).toEqual(['sup_ashby', 'sup_import', 'sup_oak']);
    expect(ids(index.search({ q: 'willamette' }))).toEqual(['sup_dundee']);
    expect(ids(index.search({ q: 'burgundy' }))).toEqual(['sup_import']);
    expect(index.search({ q: 'zzzz' })).toEqual([]);
  });

  it('filters by wine region and by state separately, and lists both for the filters', async () => {
    const index = await SupplierIndex.build(suppliers, regions);
    expect(index.regions).toEqual(['Bordeaux', 'Burgundy', 'Columbia Valley', 'Napa Valley', 'Sonoma County', 'Willamette Valley']);
    expect(index.states).toEqual([
      { value: 'CA', label: 'California' },
      { value: 'OR', label: 'Oregon' },
      { value: 'WA', label: 'Washington' },
    ]);
    expect(ids(index.search({ region: 'napa valley' }))).toEqual(['sup_ashby']);
    expect(ids(index.search({ state: 'CA' }))).toEqual(['sup_ashby', 'sup_import', 'sup_oak']);
    expect(ids(index.search({ state: 'ca', region: 'Sonoma County' }))).toEqual(['sup_oak']);
    expect(ids(index.search({ q: 'cellars', state: 'WA' }))).toEqual(['sup_walla']);
    expect(index.search({ region: 'Atlantis' })).toEqual([]);
  });

  it('lists everyone by name without text', async () => {
    const index = await SupplierIndex.build(suppliers, {});
    expect(index.search({}).map((item) => item.name)).toEqual([
      'Ashby Cellars',
      'Dundee Hills Vineyards',
      'Lumière Imports',
      'Oak Knoll Estate',
      'Walla Walla Cellars',
    ]);
    expect(index.regions).toEqual([]);
  });
});
