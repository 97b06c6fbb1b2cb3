import { usStateCodeOf, type UsStateCode } from './schemas/us-states';

/**
 * Which state a ZIP code belongs to, by its first three digits (its "prefix": the USPS sectional
 * center that serves it). Ranges of prefixes, each with the state (or the two territories sharing
 * one prefix) whose addresses use it.
 *
 * Where it comes from: the USPS three-digit ZIP code prefix list (the one behind its labeling list
 * L002), as tabulated in Wikipedia's "List of ZIP Code prefixes". Ranges are drawn whole: a prefix
 * not in use inside a state's range counts as that state's (no address has it, so no warning is
 * lost). Left out: prefixes of no state (000–004), and the military APO/FPO ones (090–099 Europe,
 * 340 Americas, 962–966 Pacific), which `US_STATES` does not list as places orders ship to.
 *
 * Known exceptions, too few to list: a handful of ZIP codes lie in a neighbouring state's prefix
 * (06390, Fishers Island, New York, has Connecticut's 063). The check built on this table is a
 * warning the buyer can override, never a refusal.
 */
export const ZIP_PREFIX_RANGES: readonly (readonly [from: number, to: number, states: UsStateCode | readonly UsStateCode[]])[] = [
  [5, 5, 'NY'], [6, 7, 'PR'], [8, 8, 'VI'], [9, 9, 'PR'],
  [10, 27, 'MA'], [28, 29, 'RI'], [30, 38, 'NH'], [39, 49, 'ME'], [50, 54, 'VT'], [55, 55, 'MA'], [56, 59, 'VT'],
  [60, 69, 'CT'], [70, 89, 'NJ'],
  [100, 149, 'NY'], [150, 196, 'PA'], [197, 199, 'DE'],
  [200, 200, 'DC'], [201, 201, 'VA'], [202, 205, 'DC'], [206, 219, 'MD'], [220, 246, 'VA'], [247, 268, 'WV'],
  [270, 289, 'NC'], [290, 299, 'SC'],
  [300, 319, 'GA'], [320, 339, 'FL'], [341, 349, 'FL'], [350, 369, 'AL'], [370, 385, 'TN'], [386, 397, 'MS'], [398, 399, 'GA'],
  [400, 427, 'KY'], [430, 459, 'OH'], [460, 479, 'IN'], [480, 499, 'MI'],
  [500, 528, 'IA'], [530, 549, 'WI'], [550, 567, 'MN'], [569, 569, 'DC'], [570, 577, 'SD'], [580, 588, 'ND'], [590, 599, 'MT'],
  [600, 629, 'IL'], [630, 658, 'MO'], [660, 679, 'KS'], [680, 693, 'NE'],
  [700, 714, 'LA'], [716, 729, 'AR'], [730, 731, 'OK'], [733, 733, 'TX'], [734, 749, 'OK'], [750, 799, 'TX'],
  [800, 816, 'CO'], [820, 831, 'WY'], [832, 838, 'ID'], [840, 847, 'UT'], [850, 865, 'AZ'], [870, 884, 'NM'], [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'], [967, 967, ['HI', 'AS']], [968, 968, 'HI'], [969, 969, ['GU', 'MP']],
  [970, 979, 'OR'], [980, 994, 'WA'], [995, 999, 'AK'],
];

/** The states whose addresses use this ZIP code's prefix; empty for a prefix of none of them; null if it is not a ZIP code. */
export function statesOfZip(zip: string): readonly UsStateCode[] | null {
  const match = /^\s*([0-9]{3})[0-9]{2}(?:-[0-9]{4})?\s*$/.exec(zip);
  if (!match?.[1]) return null;
  const prefix = Number(match[1]);
  const range = ZIP_PREFIX_RANGES.find(([from, to]) => prefix >= from && prefix <= to);
  if (!range) return [];
  const states = range[2];
  return typeof states === 'string' ? [states] : states;
}

/** A ZIP code and a state that do not go together: the state written, and the states the ZIP code belongs to (none known: empty). */
export interface ZipStateMismatch {
  zip: string;
  state: UsStateCode;
  zipStates: readonly UsStateCode[];
}

/**
 * The one rule for "ZIP code and state disagree", for the address book and the cart alike: null
 * when they agree, or when either is not complete yet (a ZIP code or a state still being typed is
 * the address form's own message, not this one).
 */
export function zipStateMismatch(address: { zip: string; state: string }): ZipStateMismatch | null {
  const state = usStateCodeOf(address.state);
  const zipStates = statesOfZip(address.zip);
  if (!state || !zipStates || zipStates.includes(state)) return null;
  return { zip: address.zip.trim(), state, zipStates };
}
