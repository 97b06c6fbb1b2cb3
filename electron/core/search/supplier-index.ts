import type { Supplier } from '../../../shared';
import { splitLocation, stateName } from '../../../shared/location';
import { TextIndex } from './text-index';
import { foldTerm } from './text-terms';

export interface SupplierQuery {
  q?: string | undefined;
  /** A wine region, as the catalog names it ("Napa Valley"). */
  region?: string | undefined;
  /** A two-letter state code ("CA"). */
  state?: string | undefined;
}

export interface SupplierChoice {
  value: string;
  label: string;
}

/**
 * Supplier search with the catalog's text index: prefixes, typos in longer words, every word
 * must match, over the name, the DBA name, the city, the state (code and name) and the wine
 * regions the supplier's products come from (from the offline catalog: a supplier's own record
 * names only its town). Filters by wine region and by state are separate.
 */
export class SupplierIndex {
  private readonly folded: { regions: Set<string>; state: string }[];
  private readonly byName: number[];

  private constructor(
    readonly suppliers: readonly Supplier[],
    private readonly text: TextIndex,
    regionsOf: (supplier: Supplier) => readonly string[],
    /** Every wine region and every state, for the filters. */
    readonly regions: string[],
    readonly states: SupplierChoice[],
  ) {
    this.folded = suppliers.map((supplier) => ({
      regions: new Set(regionsOf(supplier).map(foldTerm)),
      state: splitLocation(supplier.location).state.toUpperCase(),
    }));
    this.byName = suppliers.map((_, position) => position).sort((a, b) => suppliers[a]!.name.localeCompare(suppliers[b]!.name));
  }

  static async build(suppliers: readonly Supplier[], regionsById: Readonly<Record<string, readonly string[]>>): Promise<SupplierIndex> {
    const regionsOf = (supplier: Supplier) => regionsById[supplier.id] ?? [];
    const text = await TextIndex.build(suppliers.length, (position, field) => {
      const supplier = suppliers[position]!;
      if (field === 'name') return `${supplier.name} ${supplier.dba_name ?? ''}`;
      const { city, state } = splitLocation(supplier.location);
      return `${city} ${state} ${stateName(state)} ${regionsOf(supplier).join(' ')}`;
    });
    const regions = [...new Set(suppliers.flatMap(regionsOf))].sort((a, b) => a.localeCompare(b));
    const stateCodes = [...new Set(suppliers.map((supplier) => splitLocation(supplier.location).state.toUpperCase()).filter(Boolean))];
    const states = stateCodes.map((code) => ({ value: code, label: stateName(code) })).sort((a, b) => a.label.localeCompare(b.label));
    return new SupplierIndex(suppliers, text, regionsOf, regions, states);
  }

  /** The matching suppliers: by relevance for text, else by name. */
  search({ q, region, state }: SupplierQuery): Supplier[] {
    const wantedRegion = region?.trim() ? foldTerm(region.trim()) : null;
    const wantedState = state?.trim() ? state.trim().toUpperCase() : null;
    const passes = (position: number) => {
      const facts = this.folded[position]!;
      return (wantedRegion === null || facts.regions.has(wantedRegion)) && (wantedState === null || facts.state === wantedState);
    };
    const text = q?.trim() ?? '';
    if (!text) return this.byName.filter(passes).map((position) => this.suppliers[position]!);
    const hits = this.text.search(text);
    const ranked: { position: number; score: number }[] = [];
    hits.positions.forEach((position, index) => {
      if (passes(position)) ranked.push({ position, score: hits.scores[index]! });
    });
    ranked.sort((a, b) => b.score - a.score || this.suppliers[a.position]!.name.localeCompare(this.suppliers[b.position]!.name));
    return ranked.map(({ position }) => this.suppliers[position]!);
  }
}
