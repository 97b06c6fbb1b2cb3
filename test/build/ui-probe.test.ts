import { describe, expect, it } from 'vitest';
import { expectedFromReplies, keystrokeTimings, type ExpectedResults, type TimedCall, type TimedState } from '../../bench/ui-probe';

const before = (count: number): ExpectedResults => ({ count, first: '#/product/a', searching: false, tookMs: 5 });
const state = (at: number, count: number): TimedState => ({ count, first: '#/product/a', searching: false, at, paintedAt: at + 10 });

describe('bench:ui keystroke timings while the catalog grows (BENCH_UI_TYPE_AFTER=first-results)', () => {
  it("wants the reply to the keystroke's own search, not the bench's search made before the typing", () => {
    const calls: TimedCall[] = [{ text: 'c', sentAt: 2, repliedAt: 40, count: 120, first: '#/product/a' }];
    const { expected } = expectedFromReplies([0], ['c'], calls, [before(100)]);
    expect(expected[0]).toMatchObject({ count: 120 });
    const [timing] = keystrokeTimings([0], ['c'], expected, [state(45, 120)], calls);
    expect(timing).toEqual({ total: 55, toCall: 2, roundTrip: 38, toDom: 5, toPaint: 10 });
  });

  it('times a keystroke to the reply of its text searched again when that one is shown (the page searched again as the catalog grew)', () => {
    const calls: TimedCall[] = [
      { text: 'c', sentAt: 2, repliedAt: 40, count: 120, first: '#/product/a' },
      { text: 'c', sentAt: 30, repliedAt: 70, count: 180, first: '#/product/a' },
    ];
    const { expected, alternatives } = expectedFromReplies([0], ['c'], calls, [before(100)]);
    const [timing] = keystrokeTimings([0], ['c'], expected, [state(75, 180)], calls, alternatives);
    expect(timing).toEqual({ total: 85, toCall: 30, roundTrip: 40, toDom: 5, toPaint: 10 });
    expect(() => keystrokeTimings([0], ['c'], expected, [state(75, 180)], calls)).toThrow('never showed its results');
  });

  it('gives a keystroke whose trimmed text is the one before (a space) what the one before wanted', () => {
    const calls: TimedCall[] = [{ text: 'pinot', sentAt: 2, repliedAt: 40, count: 120, first: '#/product/a' }];
    const { expected } = expectedFromReplies([0, 150], ['pinot', 'pinot'], calls, [before(100), before(100)]);
    expect(expected[1]).toBe(expected[0]);
  });
});
