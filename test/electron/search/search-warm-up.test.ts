import { describe, expect, it } from 'vitest';
import { warmUp, warmUpTexts } from '../../../electron/core/search/search-warm-up';

/** Steps queued as `setImmediate` and `setTimeout` would queue them, run one at a time by the test. */
function turns() {
  const queued: (() => void)[] = [];
  const waits: number[] = [];
  return {
    later: (step: () => void) => void queued.push(step),
    after: (ms: number, step: () => void) => {
      waits.push(ms);
      queued.push(step);
    },
    givingWay: () => 0,
    runOne: () => queued.shift()?.(),
    waits,
    get waiting() {
      return queued.length;
    },
  };
}

describe('the search warm-up', () => {
  it('types the first varietals a letter at a time, lower-cased, at most ten letters of each', () => {
    expect(warmUpTexts(['Pinot Noir', 'Cabernet Sauvignon', 'Syrah', 'Merlot'])).toEqual([
      'p', 'pi', 'pin', 'pino', 'pinot', 'pinot n', 'pinot no', 'pinot noi', 'pinot noir',
      'c', 'ca', 'cab', 'cabe', 'caber', 'cabern', 'caberne', 'cabernet', 'cabernet s',
      's', 'sy', 'syr', 'syra', 'syrah',
    ]);
    expect(warmUpTexts([])).toEqual([]);
  });

  it('searches one text a turn, none before the first turn, so a search sent meanwhile is answered between them', () => {
    const searched: string[] = [];
    const loop = turns();
    warmUp(['a', 'ab', 'abc'], (text) => searched.push(text), { ...loop, stopped: () => false });
    expect(searched, 'nothing searched in the call that read the index').toEqual([]);
    loop.runOne();
    expect(searched).toEqual(['a']);
    loop.runOne();
    loop.runOne();
    expect(searched).toEqual(['a', 'ab', 'abc']);
    expect(loop.waiting, 'nothing left once every text was searched').toBe(0);
  });

  it('stops once it is no longer wanted (the copy closed), and at the first search that throws, without throwing', () => {
    const searched: string[] = [];
    let closed = false;
    const loop = turns();
    warmUp(['a', 'ab', 'abc'], (text) => searched.push(text), { ...loop, stopped: () => closed });
    loop.runOne();
    closed = true;
    loop.runOne();
    expect(searched).toEqual(['a']);
    expect(loop.waiting).toBe(0);

    const failing = turns();
    warmUp(['a', 'ab'], () => {
      throw new Error('the database is closed');
    }, { ...failing, stopped: () => false });
    expect(() => failing.runOne()).not.toThrow();
    expect(failing.waiting).toBe(0);
  });

  it('gives way while the buyer searches: no search until the buyer has been quiet, then on where it was', () => {
    const searched: string[] = [];
    const loop = turns();
    let buyerQuietIn = 0;
    warmUp(['a', 'ab', 'abc'], (text) => searched.push(text), { ...loop, givingWay: () => buyerQuietIn, stopped: () => false });
    loop.runOne();
    expect(searched).toEqual(['a']);
    // The buyer searched: the next turn waits for as long as it still gives way, searching nothing.
    buyerQuietIn = 80;
    loop.runOne();
    expect(searched).toEqual(['a']);
    expect(loop.waits).toEqual([80]);
    // The buyer searched again meanwhile: it waits again.
    buyerQuietIn = 30;
    loop.runOne();
    expect(searched).toEqual(['a']);
    expect(loop.waits).toEqual([80, 30]);
    buyerQuietIn = -5;
    loop.runOne();
    loop.runOne();
    expect(searched).toEqual(['a', 'ab', 'abc']);
    expect(loop.waiting).toBe(0);
  });
});
