import { WEEKDAYS, type DeliveryDateReason, type DeliveryRoute, type DeliveryTerms, type Weekday } from './schemas/delivery-terms';

/**
 * The delivery-date rule, one for the app and the service: which dates a supplier can deliver an
 * order on, and by when the order must be in. Dates are calendar dates (`YYYY-MM-DD`) and times of
 * day are the supplier's, in its IANA time zone; every conversion between a wall-clock time there
 * and an instant goes through `Intl`, so daylight saving time follows the zone's own rules (no
 * offsets written here). A date the terms list as closed (`closed_dates`: public holidays,
 * closures) is neither a delivery day nor a weekday counted in `lead_days`.
 */

/** How far ahead a delivery date may be asked for, in days after today (the supplier's today). */
export const DELIVERY_DATE_HORIZON_DAYS = 60;

/** One date the supplier can deliver on, and the instant an order for it must be in by. */
export interface DeliveryOption {
  /** `YYYY-MM-DD`. */
  date: string;
  /** ISO 8601 UTC. */
  cutoffAt: string;
}

export type DeliveryDateCheck =
  | { ok: true; cutoffAt: string }
  | { ok: false; reason: DeliveryDateReason; next: DeliveryOption | null };

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Throws a RangeError for a zone this runtime does not know. */
function wallClock(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether this runtime's `Intl` knows the zone. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    wallClock(zone);
    return true;
  } catch {
    return false;
  }
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTimeAt(zone: string, epochMs: number): WallTime {
  const parts: Record<string, number> = {};
  for (const part of wallClock(zone).formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant (negative west of Greenwich). */
function offsetAt(zone: string, epochMs: number): number {
  const wall = wallTimeAt(zone, epochMs);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/**
 * The instant at which the zone's clocks show `time` on `date`. A time skipped when clocks go
 * forward is read with the offset of before the change (an hour earlier); a time that happens
 * twice when they go back is its first occurrence.
 */
export function instantInZone(zone: string, date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = offsetAt(zone, wall);
  let instant = wall - first;
  const second = offsetAt(zone, instant);
  if (second !== first) instant = wall - second;
  return new Date(instant);
}

/** The calendar date it is in the zone at an instant. */
export function dateInZone(zone: string, at: Date): string {
  const wall = wallTimeAt(zone, at.getTime());
  return civilDate(Date.UTC(wall.year, wall.month - 1, wall.day));
}

/** Calendar arithmetic on dates alone (no zone involved): `YYYY-MM-DD` ⇄ days since 1970-01-01. */
const dayNumber = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const civilDate = (epochMs: number): string => new Date(epochMs).toISOString().slice(0, 10);
export const addDays = (date: string, days: number): string => civilDate((dayNumber(date) + days) * DAY_MS);

/** The weekday of a calendar date. */
export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(dayNumber(date) * DAY_MS).getUTCDay() + 6) % 7] as Weekday;
}

/** Whether the terms list the date as closed. */
export const isClosedDate = (terms: Pick<DeliveryTerms, 'closed_dates'>, date: string): boolean => terms.closed_dates?.includes(date) ?? false;

/** A weekday counted in `lead_days`: Monday to Friday, the supplier open. */
const isWorkday = (terms: Pick<DeliveryTerms, 'closed_dates'>, date: string) => weekdayOf(date) !== 'sat' && weekdayOf(date) !== 'sun' && !isClosedDate(terms, date);

/** The route of the state the order is delivered to, if the supplier delivers there. */
export function routeFor(terms: DeliveryTerms, state: string): DeliveryRoute | null {
  return terms.routes.find((route) => route.state === state.trim().toUpperCase()) ?? null;
}

/** The weekday `lead_days` weekdays before `date`, closed dates not counted (the date itself for 0). */
export function orderDayFor(terms: Pick<DeliveryTerms, 'closed_dates'>, route: DeliveryRoute, date: string): string {
  let day = date;
  for (let counted = 0; counted < route.lead_days; ) {
    day = addDays(day, -1);
    if (isWorkday(terms, day)) counted += 1;
  }
  return day;
}

/** The instant an order for delivery on `date` must reach the service by. */
export function cutoffFor(terms: DeliveryTerms, route: DeliveryRoute, date: string): Date {
  return instantInZone(terms.time_zone, orderDayFor(terms, route, date), terms.order_cutoff);
}

/**
 * The next `count` dates the supplier can deliver to `state` on, for an order placed at `now`,
 * within the horizon; none when it does not deliver there or its zone is unknown here.
 */
export function upcomingDeliveries(terms: DeliveryTerms, state: string, now: Date, count = 1): DeliveryOption[] {
  const route = routeFor(terms, state);
  if (!route || !isKnownTimeZone(terms.time_zone)) return [];
  const today = dateInZone(terms.time_zone, now);
  const options: DeliveryOption[] = [];
  for (let ahead = 0; ahead <= DELIVERY_DATE_HORIZON_DAYS && options.length < count; ahead += 1) {
    const date = addDays(today, ahead);
    if (!route.days.includes(weekdayOf(date)) || isClosedDate(terms, date)) continue;
    const cutoff = cutoffFor(terms, route, date);
    if (cutoff.getTime() > now.getTime()) options.push({ date, cutoffAt: cutoff.toISOString() });
  }
  return options;
}

/** The earliest date the supplier can deliver to `state` on, for an order placed at `now`. */
export const nextDelivery = (terms: DeliveryTerms, state: string, now: Date): DeliveryOption | null =>
  upcomingDeliveries(terms, state, now, 1)[0] ?? null;

/**
 * Whether an order placed at `now` can ask for delivery on `date` (a well-formed calendar date):
 * the supplier has delivery terms and delivers to `state`, the date is neither past nor beyond the
 * horizon, it is one of the route's days and not a closed date, and its cutoff has not passed. A refusal names the next
 * possible date (null when there is none: no terms, no route).
 */
export function checkDeliveryDate(terms: DeliveryTerms | null, state: string, date: string, now: Date): DeliveryDateCheck {
  if (!terms) return { ok: false, reason: 'no_terms', next: null };
  const route = routeFor(terms, state);
  if (!route || !isKnownTimeZone(terms.time_zone)) return { ok: false, reason: 'no_route', next: null };
  const refuse = (reason: DeliveryDateReason): DeliveryDateCheck => ({ ok: false, reason, next: nextDelivery(terms, state, now) });
  const today = dateInZone(terms.time_zone, now);
  if (date < today) return refuse('past');
  if (date > addDays(today, DELIVERY_DATE_HORIZON_DAYS)) return refuse('too_far');
  if (!route.days.includes(weekdayOf(date))) return refuse('closed_day');
  if (isClosedDate(terms, date)) return refuse('closed_date');
  const cutoff = cutoffFor(terms, route, date);
  if (now.getTime() >= cutoff.getTime()) return refuse('past_cutoff');
  return { ok: true, cutoffAt: cutoff.toISOString() };
}

const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Tuesday, March 17, 2026": a calendar date, whatever the reader's zone. */
export const formatDeliveryDate = (date: string): string => longDate.format(Date.parse(`${date}T00:00:00Z`));

/** "Mon, Wed and Fri"-style list of a route's days, in week order. */
export function formatDeliveryDays(days: readonly Weekday[]): string {
  const names = WEEKDAYS.filter((day) => days.includes(day)).map((day) => WEEKDAY_NAMES[day]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "2:00 PM PDT on Monday, March 16": an instant as the supplier's clocks show it. */
export function formatCutoff(zone: string, at: string): string {
  const time = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(Date.parse(at));
  const day = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long', month: 'long', day: 'numeric' }).format(Date.parse(at));
  return `${time} on ${day}`;
}

/** "2 days 4 h", "3 h 20 min", "45 min", "less than a minute": how long until a cutoff. */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} ${days === 1 ? 'day' : 'days'} ${hours} h` : `${days} ${days === 1 ? 'day' : 'days'}`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/**
 * Why a date cannot be had, in plain words that name the next possible date: the service's
 * refusal and the app's own review of a queued order say the same.
 */
export function describeDeliveryRefusal(
  refusal: { reason: DeliveryDateReason; next: DeliveryOption | null },
  date: string,
  terms: DeliveryTerms | null,
  state: string,
  supplierName: string,
): string {
  const asked = formatDeliveryDate(date);
  const stateCode = state.trim().toUpperCase();
  if (!terms) return `${supplierName} has not published delivery days, so no delivery date can be asked for; place the order without one.`;
  const route = routeFor(terms, state);
  const why: Record<DeliveryDateReason, () => string> = {
    no_terms: () => '',
    no_route: () => `${supplierName} does not deliver to ${stateCode} on set days, so no delivery date can be asked for there; place the order without one.`,
    past: () => `${asked} is in the past.`,
    too_far: () => `${asked} is more than ${DELIVERY_DATE_HORIZON_DAYS} days ahead.`,
    closed_day: () => `${supplierName} does not deliver to ${stateCode} on ${WEEKDAY_NAMES[weekdayOf(date)]}s${route ? ` (it delivers on ${formatDeliveryDays(route.days)})` : ''}.`,
    closed_date: () => `${supplierName} is closed on ${asked} and does not deliver that day.`,
    past_cutoff: () =>
      `The order cutoff for delivery on ${asked} has passed (${route ? formatCutoff(terms.time_zone, cutoffFor(terms, route, date).toISOString()) : terms.order_cutoff}).`,
  };
  const next = refusal.next ? ` The next possible delivery date is ${formatDeliveryDate(refusal.next.date)} (order by ${formatCutoff(terms.time_zone, refusal.next.cutoffAt)}).` : '';
  return `${why[refusal.reason]()}${next}`;
}
