import { describe, expect, it } from 'vitest';
import { DeliveryTerms, weekdayOf } from '../../../shared';
import { demoClosedDates } from '../../../server/demo/closed-dates';

describe("the demo marketplace's closed dates", () => {
  it('are the six holidays of the year of now and the next, a weekend one also on the weekday it is observed', () => {
    expect(demoClosedDates(new Date('2026-11-26T18:00:00Z'))).toEqual([
      '2026-01-01',
      '2026-05-25', // the last Monday of May
      '2026-07-03', // Independence Day is a Saturday in 2026: the Friday before too
      '2026-07-04',
      '2026-09-07', // the first Monday of September
      '2026-11-26', // the fourth Thursday of November
      '2026-12-25',
      '2027-01-01',
      '2027-05-31', // May 31 is itself the last Monday
      '2027-07-04', // a Sunday: the Monday after too
      '2027-07-05',
      '2027-09-06',
      '2027-11-25',
      '2027-12-24', // Christmas is a Saturday in 2027
      '2027-12-25',
    ]);
  });

  it('fit the delivery terms for any year: sorted, distinct, within the schema’s limit, the stated weekdays', () => {
    for (let year = 2024; year <= 2060; year++) {
      const dates = demoClosedDates(new Date(Date.UTC(year, 5, 1)));
      expect([...dates].sort()).toEqual(dates);
      expect(new Set(dates).size).toBe(dates.length);
      expect(DeliveryTerms.parse({ time_zone: 'UTC', order_cutoff: '12:00', routes: [], closed_dates: dates }).closed_dates).toEqual(dates);
      const thanksgiving = dates.filter((date) => date.startsWith(`${year}-11`) && weekdayOf(date) === 'thu');
      expect(thanksgiving, String(year)).toHaveLength(1);
      expect(Number(thanksgiving[0]!.slice(8))).toBeGreaterThanOrEqual(22);
      expect(Number(thanksgiving[0]!.slice(8))).toBeLessThanOrEqual(28);
    }
  });
});
