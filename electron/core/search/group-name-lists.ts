/**
 * Each combination of facet values' live positions in name order (facet-groups.ts), so the page of
 * a query that filters by facets and stock alone, in name order, is read from the first entries of
 * each combination that passes instead of a pass over every position: a combination can give the
 * page at most as many products as the page holds, and those are its first in name order.
 *
 * Made from the name-rank order (key-orders.ts) on first use and kept while that order is: 4 bytes
 * a live product (4 MB at 1,000,000) beside the order's own 4 bytes, and 4 bytes a combination. A
 * write does not change it: every position written since the order was made is marked changed in
 * the order (its combination or rank may differ now), skipped in the lists and looked at apart with
 * its values of now, as an order walk does (order-walk.ts).
 */
import type { KeyOrder } from './key-orders';
import type { TopPositions } from './top-positions';

export interface GroupNameLists {
  /** The name-rank order's positions the lists were made from (made again when the order is). */
  from: Int32Array;
  /** Combination `group`'s positions are `positions[starts[group]]` to before `starts[group + 1]` (combinations made since have none). */
  starts: Int32Array;
  positions: Int32Array;
}

/** The lists of each combination below `groups`, from the positions of `order` (ascending by rank) and each position's combination. */
export function makeGroupNameLists(order: Int32Array, groupOf: Uint16Array, groups: number): GroupNameLists {
  const starts = new Int32Array(groups + 1);
  for (let index = 0; index < order.length; index += 1) {
    const group = groupOf[order[index]!] ?? groups;
    if (group < groups) starts[group + 1]! += 1;
  }
  for (let group = 0; group < groups; group += 1) starts[group + 1]! += starts[group]!;
  const positions = new Int32Array(starts[groups]!);
  const next = starts.slice(0, groups);
  for (let index = 0; index < order.length; index += 1) {
    const position = order[index]!;
    const group = groupOf[position] ?? groups;
    if (group < groups) positions[next[group]!++] = position;
  }
  return { from: order, starts, positions };
}

/**
 * Offers to `top` (by rank alone: every key 0) the page's candidates among the live products whose
 * combination passes (`failures` 0): the first `top.size` unchanged positions of each passing
 * combination's list, then every position changed since the lists were made, as it is now.
 */
export function offerByName(lists: GroupNameLists, order: KeyOrder, groupOf: Uint16Array, failures: Uint8Array, rank: Uint32Array, top: TopPositions): void {
  const { starts, positions } = lists;
  const { changed, changedList } = order;
  const made = Math.min(starts.length - 1, failures.length);
  const wanted = top.size;
  if (wanted === 0) return;
  for (let group = 0; group < made; group += 1) {
    if (failures[group] !== 0) continue;
    const end = starts[group + 1]!;
    let taken = 0;
    for (let index = starts[group]!; index < end && taken < wanted; index += 1) {
      const position = positions[index]!;
      if ((changed[position >>> 5]! & (1 << (position & 31))) !== 0) continue;
      top.offer(position, 0, rank[position]!);
      taken += 1;
    }
  }
  for (const position of changedList) {
    const group = groupOf[position] ?? failures.length;
    if (group < failures.length && failures[group] === 0) top.offer(position, 0, rank[position]!);
  }
}
