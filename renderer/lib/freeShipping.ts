import { FREE_SHIPPING_THRESHOLD_CENTS } from '../../shared/pricing';
import { addableCases } from './quantityRules';

/**
 * The free-shipping hint's arithmetic: how far a supplier's order is from free shipping, and the
 * fewest cases that would get it there. Pure; the cart feature feeds it candidates and shows it.
 */

/** Where a suggested wine comes from, in the order they are tried. */
export const CANDIDATE_SOURCES = ['favourite', 'guide', 'catalog'] as const;
export type CandidateSource = (typeof CANDIDATE_SOURCES)[number];

export interface FreeShippingCandidate {
  productId: string;
  casePriceCents: number;
  minimumOrder: number;
  inventoryAvailable: number;
  source: CandidateSource;
}

export interface FreeShippingAddition {
  productId: string;
  cases: number;
  source: CandidateSource;
  /** cases × case price */
  addedCents: number;
}

/** How much more the subtotal needs for free shipping; 0 once it ships free. */
export function freeShippingShortfallCents(subtotalCents: number): number {
  return Math.max(0, FREE_SHIPPING_THRESHOLD_CENTS - subtotalCents);
}

/**
 * The candidates of each source in priority order, each product once (under its first source):
 * the buyer's favourites of the supplier, then its order guides, then the rest of its catalog.
 */
export function rankCandidates(bySource: Partial<Record<CandidateSource, readonly Omit<FreeShippingCandidate, 'source'>[]>>): FreeShippingCandidate[] {
  const seen = new Set<string>();
  const ranked: FreeShippingCandidate[] = [];
  for (const source of CANDIDATE_SOURCES) {
    for (const candidate of bySource[source] ?? []) {
      if (seen.has(candidate.productId)) continue;
      seen.add(candidate.productId);
      ranked.push({ ...candidate, source });
    }
  }
  return ranked;
}

interface Choice {
  candidate: FreeShippingCandidate;
  price: number;
  /** The cases that can be added, fewest first: low..high. */
  low: number;
  high: number;
}

/** How many product-by-quantity steps the search for the cheapest way may take before it settles for the best found. */
const SEARCH_BUDGET = 50_000;

/**
 * The fewest cases that bring the order from `shortfallCents` short to free shipping, added to the
 * lines in `inCart` (cases per product id) or as new lines, each line then within its minimum order
 * and stock (`addableCases`). Candidates are tried source by source: the favourites alone if they
 * can get there, else with the guides, else with the rest of the catalog. Among the ways with the
 * fewest cases, the one that spends least over the threshold wins; then the earlier candidates.
 * Null when nothing gets there, or when shipping is already free.
 */
export function casesToFreeShipping(input: {
  shortfallCents: number;
  candidates: readonly FreeShippingCandidate[];
  inCart?: Readonly<Record<string, number>>;
}): FreeShippingAddition[] | null {
  const { shortfallCents } = input;
  if (shortfallCents <= 0) return null;
  const choices: (Choice & { tier: number })[] = [];
  for (const candidate of input.candidates) {
    const range = addableCases(input.inCart?.[candidate.productId] ?? 0, { minimum: candidate.minimumOrder, stock: candidate.inventoryAvailable });
    if (!range || candidate.casePriceCents <= 0) continue;
    // More cases of one wine than reach the threshold on their own never make a way with fewer cases.
    const enough = Math.max(range.low, Math.ceil(shortfallCents / candidate.casePriceCents));
    choices.push({ candidate, price: candidate.casePriceCents, low: range.low, high: Math.min(range.high, enough), tier: CANDIDATE_SOURCES.indexOf(candidate.source) });
  }
  for (let tier = 0; tier < CANDIDATE_SOURCES.length; tier += 1) {
    const pool = choices.filter((choice) => choice.tier <= tier);
    if (tier > 0 && pool.length === choices.filter((choice) => choice.tier < tier).length) continue;
    const found = fewestCases(pool, shortfallCents);
    if (found) return found;
  }
  return null;
}

/** A way that reaches the target, though maybe not with the fewest cases: most expensive first. Its case count bounds the search. */
function greedyCases(pool: readonly Choice[], target: number): number {
  let left = target;
  let cases = 0;
  for (const choice of [...pool].sort((a, b) => b.price - a.price)) {
    if (left <= 0) break;
    const add = Math.min(choice.high, Math.max(choice.low, Math.ceil(left / choice.price)));
    cases += add;
    left -= add * choice.price;
  }
  return cases;
}

function fewestCases(pool: readonly Choice[], target: number): FreeShippingAddition[] | null {
  if (pool.reduce((sum, choice) => sum + choice.high * choice.price, 0) < target) return null;
  const most = greedyCases(pool, target);
  // best[c]: the most value (capped at the target) that exactly c cases can add from the choices
  // seen so far; added[i][c]: the cases of choice i in that way (0: none), to read the way back.
  let best = new Array<number>(most + 1).fill(-1);
  best[0] = 0;
  const added = pool.map(() => new Int32Array(most + 1));
  pool.forEach((choice, index) => {
    const next = best.slice();
    const picks = added[index]!;
    for (let cases = 0; cases < most; cases += 1) {
      const value = best[cases] ?? -1;
      if (value < 0 || value >= target) continue;
      for (let add = choice.low; add <= choice.high && cases + add <= most; add += 1) {
        const reached = Math.min(target, value + add * choice.price);
        if (reached > (next[cases + add] ?? -1)) {
          next[cases + add] = reached;
          picks[cases + add] = add;
        }
      }
    }
    best = next;
  });
  const fewest = best.findIndex((value) => value >= target);
  if (fewest < 0) return null;
  const way = new Array<number>(pool.length).fill(0);
  for (let index = pool.length - 1, cases = fewest; index >= 0 && cases > 0; index -= 1) {
    way[index] = added[index]![cases]!;
    cases -= way[index]!;
  }
  return cheapestWith(pool, target, fewest, way);
}

/**
 * Among the ways of exactly `cases` cases that reach `target`, the one adding least, starting from
 * `way` (cases per choice): a depth-first search over the choices, most expensive first, cut
 * wherever the cases left cannot reach the target or cannot beat the best found so far.
 */
function cheapestWith(pool: readonly Choice[], target: number, cases: number, way: readonly number[]): FreeShippingAddition[] {
  const order = pool.map((choice, index) => ({ choice, index })).sort((a, b) => b.choice.price - a.choice.price || a.index - b.index);
  const taken = new Array<number>(order.length).fill(0);
  let bestTaken = order.map(({ index }) => way[index] ?? 0);
  let bestValue = order.reduce((sum, { choice }, at) => sum + (bestTaken[at] ?? 0) * choice.price, 0);
  let steps = 0;

  const visit = (at: number, left: number, value: number) => {
    if (steps >= SEARCH_BUDGET || bestValue === target) return;
    steps += 1;
    if (value >= target) {
      if (left === 0 && value < bestValue) {
        bestValue = value;
        bestTaken = [...taken];
      }
      return;
    }
    if (left === 0 || at === order.length) return;
    const { choice } = order[at]!;
    // Sorted by price: no later choice adds more per case than this one.
    if (value + left * choice.price < target) return;
    for (let add = Math.min(choice.high, left); add >= choice.low; add -= 1) {
      const reached = value + add * choice.price;
      if (reached >= bestValue) continue;
      taken[at] = add;
      visit(at + 1, left - add, reached);
      taken[at] = 0;
    }
    visit(at + 1, left, value);
  };
  visit(0, cases, 0);

  return order
    .map(({ choice, index }, at) => ({ choice, index, cases: bestTaken[at] ?? 0 }))
    .filter((entry) => entry.cases > 0)
    .sort((a, b) => a.index - b.index)
    .map(({ choice, cases: count }) => ({ productId: choice.candidate.productId, cases: count, source: choice.candidate.source, addedCents: count * choice.price }));
}
