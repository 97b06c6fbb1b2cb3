import { describe, expect, it } from 'vitest';
import { warmUp, warmUpTexts } from '../../../electron/core/search/search-warm-up';

/** Steps queued as `setImmediate` would queue them, run one at a time by the test. */
function turns() {
  const queued: (() => void)[] = [];
  return {
    later: (step: () => void) => void queued.push(step),
    runOne: () => queued.shift()?.(),
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
    warmUp(['a', 'ab', 'abc'], (text) => searched.push(text), { later: loop.later, stopped: () => false });
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
    warmUp(['a', 'ab', 'abc'], (text) => searched.push(text), { later: loop.later, stopped: () => closed });
    loop.runOne();
    closed = true;
    loop.runOne();
    expect(searched).toEqual(['a']);
    expect(loop.waiting).toBe(0);

    const failing = turns();
    warmUp(['a', 'ab'], () => {
      throw new Error('the database is closed');
    }, { later: failing.later, stopped: () => false });
    expect(() => failing.runOne()).not.toThrow();
    expect(failing.waiting).toBe(0);
  });
});
