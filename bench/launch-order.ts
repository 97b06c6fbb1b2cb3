/**
 * The order the trees of one run launch in: as given on even runs, reversed on odd ones. At a
 * machine's load of 7–12 the tree launched first in a pair painted later in 4 of 5 pairs even when
 * the two differed by a few ms of CPU (docs/benchmarks.md), so pairs taken always in one order
 * measure the order as much as the trees.
 */
export function launchOrder<T>(trees: readonly T[], run: number): T[] {
  return run % 2 === 0 ? [...trees] : [...trees].reverse();
}
