/**
 * The best `size` positions offered, by a number (lower first) and then by rank in name order
 * (lower first): a bounded max-heap over typed arrays, so a pass over a million hits keeps only
 * what the page needs and allocates nothing per hit.
 */
export class TopPositions {
  private readonly keys: Float64Array;
  private readonly ranks: Uint32Array;
  private readonly positions: Int32Array;
  private count = 0;

  constructor(readonly size: number) {
    this.keys = new Float64Array(size);
    this.ranks = new Uint32Array(size);
    this.positions = new Int32Array(size);
  }

  /** Whether (key, rank) comes after (key2, rank2). */
  private static after(key: number, rank: number, key2: number, rank2: number) {
    return key > key2 || (key === key2 && rank > rank2);
  }

  offer(position: number, key: number, rank: number): void {
    const { keys, ranks, positions } = this;
    if (this.count < this.size) {
      let index = this.count++;
      while (index > 0) {
        const parent = (index - 1) >> 1;
        if (!TopPositions.after(key, rank, keys[parent]!, ranks[parent]!)) break;
        keys[index] = keys[parent]!;
        ranks[index] = ranks[parent]!;
        positions[index] = positions[parent]!;
        index = parent;
      }
      keys[index] = key;
      ranks[index] = rank;
      positions[index] = position;
      return;
    }
    if (this.size === 0 || !TopPositions.after(keys[0]!, ranks[0]!, key, rank)) return;
    let index = 0;
    const half = this.count >> 1;
    while (index < half) {
      let child = 2 * index + 1;
      const right = child + 1;
      if (right < this.count && TopPositions.after(keys[right]!, ranks[right]!, keys[child]!, ranks[child]!)) child = right;
      if (!TopPositions.after(keys[child]!, ranks[child]!, key, rank)) break;
      keys[index] = keys[child]!;
      ranks[index] = ranks[child]!;
      positions[index] = positions[child]!;
      index = child;
    }
    keys[index] = key;
    ranks[index] = rank;
    positions[index] = position;
  }

  /** Whether it holds `size` positions (then an offer must beat the last kept to enter). */
  get full(): boolean {
    return this.count === this.size;
  }

  /** The last kept's key and rank (the heap's top); meaningful when it holds any. */
  get lastKey(): number {
    return this.keys[0]!;
  }

  get lastRank(): number {
    return this.ranks[0]!;
  }

  /** The positions kept, best first. */
  sorted(): number[] {
    const order = Array.from({ length: this.count }, (_, index) => index);
    order.sort((a, b) => this.keys[a]! - this.keys[b]! || this.ranks[a]! - this.ranks[b]!);
    return order.map((index) => this.positions[index]!);
  }
}
