import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noteChange, termChangeOf, type TermLog } from '../../../electron/core/search/term-changes';

/** Each position's last change, in the order positions were first changed: what the index wrote before the log. */
function lastChanges(changes: Array<[number, boolean]>) {
  const last = new Map<number, boolean>();
  for (const [position, added] of changes) last.set(position, added);
  return { added: [...last].filter(([, added]) => added).map(([position]) => position), removed: [...last].filter(([, added]) => !added).map(([position]) => position) };
}

const position = fc.integer({ min: 0, max: 5_000 });
/** Random changes, or positions added in increasing order (a page of new products). */
const changes = fc.oneof(
  fc.array(fc.tuple(position, fc.boolean()), { maxLength: 60 }),
  fc.uniqueArray(position, { maxLength: 60 }).map((positions) => positions.sort((a, b) => a - b).map((at): [number, boolean] => [at, true])),
);

describe('termChangeOf', () => {
  it("gives each position's last change, as a map of changes did", () => {
    fc.assert(
      fc.property(changes, (made) => {
        const log: TermLog = [];
        for (const [at, added] of made) noteChange(log, at, added);
        expect(termChangeOf(log)).toEqual(lastChanges(made));
      }),
      { numRuns: 2_000 },
    );
  });

  it('tells position 0 added from removed, and a position added again after its removal', () => {
    const log: TermLog = [];
    noteChange(log, 0, true);
    noteChange(log, 0, false);
    expect(termChangeOf(log)).toEqual({ added: [], removed: [0] });
    noteChange(log, 0, true);
    expect(termChangeOf(log)).toEqual({ added: [0], removed: [] });
    expect(termChangeOf([])).toEqual({ added: [], removed: [] });
  });
});
