import { addDays, weekdayOf } from '../../shared/delivery-days';
import type { Weekday } from '../../shared';

/**
 * The demo marketplace's closed dates (issue 26's delivery terms): the six public holidays most US
 * wine distributors close on — New Year's Day, Memorial Day, Independence Day, Labor Day,
 * Thanksgiving and Christmas Day — in the year of `now` and the next, so a demo folder seeded today
 * knows them for the 60 days a delivery date may be asked ahead through the year after. A holiday
 * on a Saturday is also closed the Friday before, one on a Sunday the Monday after (as the federal
 * holidays are observed). Written here rather than taken from a holiday library: six rules, for the
 * demo's data only; the rule that reads closed dates (shared/delivery-days.ts) knows no calendar.
 */
export function demoClosedDates(now: Date): string[] {
  const year = now.getUTCFullYear();
  const dates = [year, year + 1].flatMap((y) => holidaysOf(y).flatMap(withObserved));
  return [...new Set(dates)].sort();
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The `nth` (1-based) given weekday of a month; `nth` -1 is the last. */
function nthWeekday(year: number, month: number, weekday: Weekday, nth: number): string {
  if (nth > 0) {
    let date = dateOf(year, month, 1);
    while (weekdayOf(date) !== weekday) date = addDays(date, 1);
    return addDays(date, 7 * (nth - 1));
  }
  let date = addDays(dateOf(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1), -1);
  while (weekdayOf(date) !== weekday) date = addDays(date, -1);
  return date;
}

function holidaysOf(year: number): string[] {
  return [
    dateOf(year, 1, 1),
    nthWeekday(year, 5, 'mon', -1),
    dateOf(year, 7, 4),
    nthWeekday(year, 9, 'mon', 1),
    nthWeekday(year, 11, 'thu', 4),
    dateOf(year, 12, 25),
  ];
}

function withObserved(date: string): string[] {
  const day = weekdayOf(date);
  if (day === 'sat') return [date, addDays(date, -1)];
  if (day === 'sun') return [date, addDays(date, 1)];
  return [date];
}
