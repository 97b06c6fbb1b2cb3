import { describe, expect, it } from 'vitest';
import { US_STATE_CODES } from '../../shared/schemas';
import { statesOfZip, ZIP_PREFIX_RANGES, zipStateMismatch } from '../../shared/zip-prefixes';

describe('the ZIP code prefix table', () => {
  it('is in order, without overlaps, inside 000–999', () => {
    let last = -1;
    for (const [from, to] of ZIP_PREFIX_RANGES) {
      expect(from).toBeGreaterThan(last);
      expect(to).toBeGreaterThanOrEqual(from);
      expect(to).toBeLessThanOrEqual(999);
      last = to;
    }
  });

  it('gives every state, DC and territory orders ship to at least one prefix', () => {
    const covered = new Set(ZIP_PREFIX_RANGES.flatMap(([, , states]) => (typeof states === 'string' ? [states] : states)));
    expect(US_STATE_CODES.filter((code) => !covered.has(code))).toEqual([]);
  });

  it.each([
    ['94607', 'CA'], // Oakland
    ['10001', 'NY'],
    ['00501', 'NY'], // Holtsville
    ['02108', 'MA'],
    ['02903', 'RI'],
    ['05501', 'MA'], // Andover
    ['20001', 'DC'],
    ['20166', 'VA'], // Dulles
    ['33101', 'FL'],
    ['73301', 'TX'], // Austin
    ['73102', 'OK'],
    ['88510', 'TX'], // El Paso
    ['96799', 'AS'],
    ['96813', 'HI'],
    ['96910', 'GU'],
    ['99501', 'AK'],
    ['00901', 'PR'],
    ['00802', 'VI'],
    ['98101-1234', 'WA'],
  ])('knows %s is in %s', (zip, state) => {
    expect(statesOfZip(zip)).toContain(state);
  });

  it('knows no state for military and unused prefixes, and nothing of what is not a ZIP code', () => {
    expect(statesOfZip('09012')).toEqual([]);
    expect(statesOfZip('34001')).toEqual([]);
    expect(statesOfZip('96301')).toEqual([]);
    expect(statesOfZip('00012')).toEqual([]);
    expect(statesOfZip('9460')).toBeNull();
    expect(statesOfZip('ABCDE')).toBeNull();
  });
});

describe('one rule: ZIP code and state disagree', () => {
  it('flags "Oakland, NY 94607": the ZIP code is California\'s', () => {
    expect(zipStateMismatch({ zip: '94607', state: 'NY' })).toEqual({ zip: '94607', state: 'NY', zipStates: ['CA'] });
  });

  it('lets a ZIP code and its own state through, a state written as its name too', () => {
    expect(zipStateMismatch({ zip: '94607', state: 'CA' })).toBeNull();
    expect(zipStateMismatch({ zip: ' 94607 ', state: 'California' })).toBeNull();
    expect(zipStateMismatch({ zip: '96799', state: 'AS' })).toBeNull();
    expect(zipStateMismatch({ zip: '96799', state: 'HI' })).toBeNull();
  });

  it('says nothing while the ZIP code or the state is incomplete (the form says that)', () => {
    expect(zipStateMismatch({ zip: '946', state: 'NY' })).toBeNull();
    expect(zipStateMismatch({ zip: '94607', state: '' })).toBeNull();
  });

  it('flags a ZIP code of no state in the list, whatever the state', () => {
    expect(zipStateMismatch({ zip: '09012', state: 'NY' })).toEqual({ zip: '09012', state: 'NY', zipStates: [] });
  });
});
