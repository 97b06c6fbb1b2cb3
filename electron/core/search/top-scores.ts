/**
 * The `count` best of `candidates` (indexes into `scores`/`positions`), best first: higher score,
 * then lower position. A heap of `count` entries, so a page of the best hits costs far less than
 * sorting every hit.
 */
export function topByScore(candidates: readonly number[], scores: ArrayLike<number>, positions: ArrayLike<number>, count: number): number[] {
  const better = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && positions[a]! < positions[b]!);
  const limit = Math.min(count, candidates.length);
  if (limit <= 0) return [];
  /** A min-heap: the worst of the kept entries at the root. */
  const heap: number[] = [];
  const siftUp = (start: number) => {
    let child = start;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!better(heap[parent]!, heap[child]!)) break;
      [heap[parent], heap[child]] = [heap[child]!, heap[parent]!];
      child = parent;
    }
  };
  const siftDown = () => {
    let parent = 0;
    for (;;) {
      const left = 2 * parent + 1;
      const right = left + 1;
      let worst = parent;
      if (left < heap.length && better(heap[worst]!, heap[left]!)) worst = left;
      if (right < heap.length && better(heap[worst]!, heap[right]!)) worst = right;
      if (worst === parent) return;
      [heap[parent], heap[worst]] = [heap[worst]!, heap[parent]!];
      parent = worst;
    }
  };
  for (const candidate of candidates) {
    if (heap.length < limit) {
      heap.push(candidate);
      siftUp(heap.length - 1);
    } else if (better(candidate, heap[0]!)) {
      heap[0] = candidate;
      siftDown();
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : 1));
}
