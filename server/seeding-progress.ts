/** Catalogs from this size are told about while they are seeded: smaller ones take seconds. */
export const SEEDING_PROGRESS_FROM = 100_000;

/**
 * What the CLI says while it seeds a large demo catalog, given the products written so far: a
 * line at each tenth of the catalog passed (the last one saying that the indexes come next), and
 * nothing in between or for a small catalog. Kept per seeding: `next` remembers the tenth due.
 */
export function seedingProgress(): (written: number, total: number) => string | null {
  let next = 1;
  return (written, total) => {
    if (total < SEEDING_PROGRESS_FROM || written * 10 < next * total) return null;
    while (written * 10 >= next * total) next += 1;
    const line = `seeding the demo catalog: ${written.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} products written`;
    return written >= total ? `${line}; building its indexes (a minute at a million)` : line;
  };
}
