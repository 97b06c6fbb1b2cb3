/**
 * What a write does to one term's postings, as the search index notes it (search-index.ts): each
 * change in the order made, a position added as `position + 1` and removed as `-(position + 1)`.
 * What counts is each position's last change. A first sync notes about thirty terms for every
 * product it writes, each a position added past the ones before: a list is cheaper to note into
 * than a map per term, and is then the added positions as they stand.
 */
import type { TermChange } from './posting-store';

export type TermLog = number[];

export const noteChange = (log: TermLog, position: number, added: boolean) => log.push(added ? position + 1 : -position - 1);

/** The positions added and removed by the log's last change to each (in the order each was first changed). */
export function termChangeOf(log: TermLog): TermChange {
  let increasing = true;
  for (let index = 0; index < log.length && increasing; index += 1) increasing = log[index]! > 0 && (index === 0 || log[index]! > log[index - 1]!);
  if (increasing) return { added: log.map((entry) => entry - 1), removed: [] };
  const last = new Map<number, boolean>();
  for (const entry of log) last.set(Math.abs(entry) - 1, entry > 0);
  const change: TermChange = { added: [], removed: [] };
  for (const [position, added] of last) (added ? change.added : change.removed).push(position);
  return change;
}
