/**
 * The values of one facet (varietal, region, country, supplier, vintage), each with a small number
 * that the catalog's columns hold in its place (table `facet_values`). Number 0 is "none" (a
 * product whose country is not known yet). A dictionary grows with the distinct values the catalog
 * uses, never with its products; at most 65,535 values a facet (the columns are 16 bits).
 */
import type { SqliteStatement } from '../offline/sqlite-driver';

export const FACETS = ['varietal', 'region', 'country', 'supplier', 'vintage'] as const;
export type Facet = (typeof FACETS)[number];

/** The most values a facet can hold (ids 1…65,535; 0 is none). */
export const MAX_FACET_VALUES = 0xffff;

type Sql = (text: string) => SqliteStatement;

export interface FacetValue {
  /** How values are compared (folded words; a supplier's id; a year or NV). */
  key: string;
  /** What a filter gives back to choose it again (a supplier's id, a year, the varietal as shown). */
  value: string;
  /** What the buyer reads. */
  label: string;
}

export type FacetDictionary = ReturnType<typeof createFacetDictionary>;

export function createFacetDictionary(sql: Sql, facet: Facet) {
  const keys: string[] = [''];
  const values: string[] = [''];
  const labels: string[] = [''];
  const byKey = new Map<string, number>();

  function load() {
    keys.length = values.length = labels.length = 1;
    byKey.clear();
    const rows = sql('SELECT id, key, value, label FROM facet_values WHERE facet = ? ORDER BY id').raw().all(facet) as [number, string, string, string][];
    for (const [id, key, value, label] of rows) {
      keys[id] = key;
      values[id] = value;
      labels[id] = label;
      byKey.set(key, id);
    }
  }

  return {
    facet,
    load,
    /** The id of a value, added (in the running transaction) when new; a label that changed is kept. */
    idOf(entry: FacetValue): number {
      const known = byKey.get(entry.key);
      if (known !== undefined) {
        if (labels[known] !== entry.label) {
          labels[known] = entry.label;
          sql('UPDATE facet_values SET label = ? WHERE facet = ? AND id = ?').run(entry.label, facet, known);
        }
        return known;
      }
      const id = keys.length;
      // No catalog comes near this (a facet's values are words, not products); past it the write's
      // transaction is rolled back by the throw and the sync step fails with these words.
      if (id > MAX_FACET_VALUES) throw new Error(`the catalog has more than ${MAX_FACET_VALUES} values of ${facet}`);
      sql('INSERT INTO facet_values (facet, id, key, value, label) VALUES (?, ?, ?, ?, ?)').run(facet, id, entry.key, entry.value, entry.label);
      keys.push(entry.key);
      values.push(entry.value);
      labels.push(entry.label);
      byKey.set(entry.key, id);
      return id;
    },
    /** The id of a key, or undefined when no product ever had it. */
    find: (key: string) => byKey.get(key),
    key: (id: number) => keys[id]!,
    value: (id: number) => values[id]!,
    label: (id: number) => labels[id]!,
    /** Ids are below this. */
    get size() {
      return keys.length;
    },
  };
}
