import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_DATE_HORIZON_DAYS,
  DeliveryTerms,
  WEEKDAYS,
  addDays,
  checkDeliveryDate,
  cutoffFor,
  dateInZone,
  describeDeliveryRefusal,
  formatTimeLeft,
  instantInZone,
  nextDelivery,
  upcomingDeliveries,
  weekdayOf,
  CalendarDate,
  CreateOrderBody,
} from '../../shared';

/** Napa-style terms: delivers to CA on Tuesdays and Fridays, order by 14:00 Pacific the weekday before. */
const NAPA: DeliveryTerms = {
  time_zone: 'America/Los_Angeles',
  order_cutoff: '14:00',
  routes: [
    { state: 'CA', days: ['tue', 'fri'], lead_days: 1 },
    { state: 'NV', days: ['wed'], lead_days: 2 },
  ],
};

const NEW_YORK: DeliveryTerms = { time_zone: 'America/New_York', order_cutoff: '14:00', routes: [{ state: 'NY', days: ['mon', 'tue', 'wed', 'thu', 'fri'], lead_days: 1 }] };

describe('calendar dates', () => {
  it('knows weekdays and adds days across months and leap years', () => {
    expect(weekdayOf('2026-11-26')).toBe('thu');
    expect(weekdayOf('2026-03-08')).toBe('sun');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('refuses malformed and impossible dates', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '2026-2-3', '26-02-03', '2026-02-03T00:00', '', 'tomorrow', '2026-04-31']) {
      expect(CalendarDate.safeParse(bad).success, bad).toBe(false);
    }
    expect(CalendarDate.safeParse('2028-02-29').success).toBe(true);
    // The order body refuses the same (400 validation_failed at the service).
    const body = (date: string) => ({
      supplier_id: 'sup_1',
      items: [{ product_id: 'prod_1', quantity: 1 }],
      shipping_address: { street1: '1 Main St', city: 'Napa', state: 'CA', zip: '94558' },
      requested_delivery_date: date,
    });
    expect(CreateOrderBody.safeParse(body('2026-02-30')).success).toBe(false);
    expect(CreateOrderBody.safeParse(body('12/01/2026')).success).toBe(false);
    expect(CreateOrderBody.safeParse(body('2026-12-01')).success).toBe(true);
  });
});

describe('delivery terms', () => {
  it('refuses a state listed twice, a bad cutoff and a bad zone', () => {
    expect(DeliveryTerms.safeParse({ ...NAPA, routes: [NAPA.routes[0], NAPA.routes[0]] }).success).toBe(false);
    expect(DeliveryTerms.safeParse({ ...NAPA, order_cutoff: '24:00' }).success).toBe(false);
    expect(DeliveryTerms.safeParse({ ...NAPA, order_cutoff: '2pm' }).success).toBe(false);
    expect(DeliveryTerms.safeParse({ ...NAPA, time_zone: '../etc/passwd' }).success).toBe(false);
    expect(DeliveryTerms.safeParse(NAPA).success).toBe(true);
  });
});

describe('checkDeliveryDate', () => {
  // Wednesday 25 November 2026, 10:00 in Napa (18:00 UTC).
  const now = new Date('2026-11-25T18:00:00Z');

  it('accepts a delivery day whose cutoff is ahead, and says when the cutoff is', () => {
    // Friday 27th: cutoff Thursday 26th 14:00 PST = 22:00 UTC.
    expect(checkDeliveryDate(NAPA, 'CA', '2026-11-27', now)).toEqual({ ok: true, cutoffAt: '2026-11-26T22:00:00.000Z' });
    expect(checkDeliveryDate(NAPA, ' ca ', '2026-11-27', now).ok).toBe(true);
  });

  it('refuses a closed day, naming the next possible date', () => {
    const check = checkDeliveryDate(NAPA, 'CA', '2026-11-26', now);
    expect(check).toEqual({ ok: false, reason: 'closed_day', next: { date: '2026-11-27', cutoffAt: '2026-11-26T22:00:00.000Z' } });
    const words = describeDeliveryRefusal(check as Extract<typeof check, { ok: false }>, '2026-11-26', NAPA, 'CA', 'Vineyard Co');
    expect(words).toContain('does not deliver to CA on Thursdays (it delivers on Tuesday and Friday)');
    expect(words).toContain('The next possible delivery date is Friday, November 27, 2026');
  });

  it('refuses a date in the past, and today once its cutoff has gone', () => {
    expect(checkDeliveryDate(NAPA, 'CA', '2026-11-24', now)).toMatchObject({ ok: false, reason: 'past', next: { date: '2026-11-27' } });
    // Tuesday 24th is past in Napa even at 23:30 UTC on the 24th? No: it is 15:30 there, the same day — past its cutoff.
    expect(checkDeliveryDate(NAPA, 'CA', '2026-11-24', new Date('2026-11-24T23:30:00Z'))).toMatchObject({ ok: false, reason: 'past_cutoff' });
  });

  it('refuses a date past its cutoff, one minute after and not one minute before', () => {
    expect(checkDeliveryDate(NAPA, 'CA', '2026-11-27', new Date('2026-11-26T21:59:00Z')).ok).toBe(true);
    expect(checkDeliveryDate(NAPA, 'CA', '2026-11-27', new Date('2026-11-26T22:00:00Z'))).toMatchObject({
      ok: false,
      reason: 'past_cutoff',
      next: { date: '2026-12-01', cutoffAt: '2026-11-30T22:00:00.000Z' },
    });
  });

  it('counts lead days in weekdays: a Wednesday delivery with 2 lead days closes on Monday', () => {
    expect(checkDeliveryDate(NAPA, 'NV', '2026-12-02', now)).toEqual({ ok: true, cutoffAt: '2026-11-30T22:00:00.000Z' });
    // With 1 lead day a Tuesday closes on the Monday, a Monday on the Friday before (weekends skipped).
    expect(cutoffFor(NAPA, NAPA.routes[0]!, '2026-12-01').toISOString()).toBe('2026-11-30T22:00:00.000Z');
    expect(cutoffFor(NAPA, NAPA.routes[0]!, '2026-11-30').toISOString()).toBe('2026-11-27T22:00:00.000Z');
  });

  it('refuses a date beyond the horizon, a state without a route, and a supplier without terms', () => {
    expect(checkDeliveryDate(NAPA, 'CA', addDays('2026-11-25', DELIVERY_DATE_HORIZON_DAYS + 3), now)).toMatchObject({ ok: false, reason: 'too_far' });
    expect(checkDeliveryDate(NAPA, 'OR', '2026-11-27', now)).toEqual({ ok: false, reason: 'no_route', next: null });
    expect(checkDeliveryDate(null, 'CA', '2026-11-27', now)).toEqual({ ok: false, reason: 'no_terms', next: null });
    expect(describeDeliveryRefusal({ reason: 'no_terms', next: null }, '2026-11-27', null, 'CA', 'Vineyard Co')).toContain('has not published delivery days');
  });

  it('reads an unknown time zone as no route rather than throwing', () => {
    const unknown = { ...NAPA, time_zone: 'Mars/Olympus_Mons' };
    expect(checkDeliveryDate(unknown, 'CA', '2026-11-27', now)).toEqual({ ok: false, reason: 'no_route', next: null });
    expect(nextDelivery(unknown, 'CA', now)).toBeNull();
  });
});

describe('time zones and daylight saving time', () => {
  it('puts a cutoff at 14:00 New York time on either side of the spring change (8 March 2026)', () => {
    // Monday 9 March delivery closes Friday 6 March at 14:00 EST (19:00 UTC).
    expect(checkDeliveryDate(NEW_YORK, 'NY', '2026-03-09', new Date('2026-03-05T12:00:00Z'))).toEqual({ ok: true, cutoffAt: '2026-03-06T19:00:00.000Z' });
    // Tuesday 10 March delivery closes Monday 9 March at 14:00 EDT (18:00 UTC).
    expect(checkDeliveryDate(NEW_YORK, 'NY', '2026-03-10', new Date('2026-03-05T12:00:00Z'))).toEqual({ ok: true, cutoffAt: '2026-03-09T18:00:00.000Z' });
    expect(checkDeliveryDate(NEW_YORK, 'NY', '2026-03-10', new Date('2026-03-09T18:00:00Z'))).toMatchObject({ ok: false, reason: 'past_cutoff' });
    expect(checkDeliveryDate(NEW_YORK, 'NY', '2026-03-10', new Date('2026-03-09T17:59:59Z')).ok).toBe(true);
  });

  it('puts a cutoff right on either side of the autumn change (1 November 2026)', () => {
    // Monday 2 November closes Friday 30 October 14:00 EDT (18:00 UTC); Tuesday 3rd closes Monday 2nd 14:00 EST (19:00 UTC).
    expect(checkDeliveryDate(NEW_YORK, 'NY', '2026-11-02', new Date('2026-10-29T12:00:00Z'))).toEqual({ ok: true, cutoffAt: '2026-10-30T18:00:00.000Z' });
    expect(checkDeliveryDate(NEW_YORK, 'NY', '2026-11-03', new Date('2026-10-29T12:00:00Z'))).toEqual({ ok: true, cutoffAt: '2026-11-02T19:00:00.000Z' });
  });

  it('reads a skipped wall time an hour earlier and a repeated one as its first occurrence', () => {
    expect(instantInZone('America/New_York', '2026-03-08', '02:30').toISOString()).toBe('2026-03-08T06:30:00.000Z');
    expect(instantInZone('America/New_York', '2026-11-01', '01:30').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('takes "today" in the supplier’s zone, not in UTC or the reader’s', () => {
    // 03:00 UTC on the 26th is still the 25th in Los Angeles, already the 26th in Auckland.
    expect(dateInZone('America/Los_Angeles', new Date('2026-11-26T03:00:00Z'))).toBe('2026-11-25');
    expect(dateInZone('Pacific/Auckland', new Date('2026-11-25T12:00:00Z'))).toBe('2026-11-26');
    // A Thursday delivery with no lead closes 14:00 on the day itself, Auckland time (NZDT, UTC+13).
    const auckland: DeliveryTerms = { time_zone: 'Pacific/Auckland', order_cutoff: '14:00', routes: [{ state: 'CA', days: ['thu'], lead_days: 0 }] };
    expect(checkDeliveryDate(auckland, 'CA', '2026-11-26', new Date('2026-11-25T12:00:00Z'))).toEqual({ ok: true, cutoffAt: '2026-11-26T01:00:00.000Z' });
    expect(checkDeliveryDate(auckland, 'CA', '2026-11-25', new Date('2026-11-25T12:00:00Z'))).toMatchObject({ ok: false, reason: 'past' });
  });
});

describe('closed dates', () => {
  // Wednesday 10:00 in Napa, the day before Thanksgiving 2026.
  const wednesday = new Date('2026-11-25T18:00:00Z');

  it('refuses a closed date as such, naming the next open delivery day', () => {
    const closedFriday: DeliveryTerms = { ...NAPA, closed_dates: ['2026-11-27'] };
    expect(checkDeliveryDate(closedFriday, 'CA', '2026-11-27', wednesday)).toEqual({
      ok: false,
      reason: 'closed_date',
      next: { date: '2026-12-01', cutoffAt: '2026-11-30T22:00:00.000Z' },
    });
    expect(upcomingDeliveries(closedFriday, 'CA', wednesday, 2).map((option) => option.date)).toEqual(['2026-12-01', '2026-12-04']);
    expect(describeDeliveryRefusal(checkDeliveryDate(closedFriday, 'CA', '2026-11-27', wednesday) as never, '2026-11-27', closedFriday, 'CA', 'Napa Ridge')).toBe(
      'Napa Ridge is closed on Friday, November 27, 2026 and does not deliver that day. The next possible delivery date is Tuesday, December 1, 2026 (order by 2:00 PM PST on Monday, November 30).',
    );
  });

  it('does not count a closed date as a weekday of the lead time', () => {
    // Friday's delivery needs its order a weekday before: Thursday, unless Thursday is closed.
    expect(checkDeliveryDate(NAPA, 'CA', '2026-11-27', wednesday)).toEqual({ ok: true, cutoffAt: '2026-11-26T22:00:00.000Z' });
    const thanksgiving: DeliveryTerms = { ...NAPA, closed_dates: ['2026-11-26'] };
    expect(checkDeliveryDate(thanksgiving, 'CA', '2026-11-27', wednesday)).toEqual({ ok: true, cutoffAt: '2026-11-25T22:00:00.000Z' });
    expect(cutoffFor(thanksgiving, thanksgiving.routes[0]!, '2026-11-27').toISOString()).toBe('2026-11-25T22:00:00.000Z');
  });

  it('are accepted in the terms only as calendar dates, at most 60 of them', () => {
    expect(DeliveryTerms.safeParse({ ...NAPA, closed_dates: ['2026-11-31'] }).success).toBe(false);
    expect(DeliveryTerms.safeParse({ ...NAPA, closed_dates: Array.from({ length: 61 }, (_, i) => addDays('2026-01-01', i)) }).success).toBe(false);
    expect(DeliveryTerms.safeParse({ ...NAPA, closed_dates: [] }).success).toBe(true);
  });
});

describe('formatTimeLeft', () => {
  it('says days, hours and minutes plainly', () => {
    expect(formatTimeLeft(30_000)).toBe('less than a minute');
    expect(formatTimeLeft(45 * 60_000)).toBe('45 min');
    expect(formatTimeLeft((3 * 60 + 20) * 60_000)).toBe('3 h 20 min');
    expect(formatTimeLeft((26 * 60 + 5) * 60_000)).toBe('1 day 2 h');
  });
});

/** Random terms: zones on both hemispheres and without DST, any cutoff minute, any days, any lead. */
const ZONES = ['America/Los_Angeles', 'America/New_York', 'America/Chicago', 'America/Phoenix', 'Pacific/Honolulu', 'Pacific/Auckland', 'Europe/Paris', 'UTC'];
const termsArb = fc.record({
  time_zone: fc.constantFrom(...ZONES),
  order_cutoff: fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  routes: fc.tuple(fc.subarray([...WEEKDAYS], { minLength: 1 }), fc.integer({ min: 0, max: 8 })).map(([days, lead]) => [{ state: 'CA' as const, days, lead_days: lead }]),
});
/** Instants across 2026–2028, DST changes included. */
const nowArb = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 11, 31) }).map((ms) => new Date(ms));

// Each run formats dates through Intl many times: on a loaded 2-core machine a property takes seconds.
describe('the delivery rule (properties)', { timeout: 60_000 }, () => {
  it('every upcoming date is accepted, in order, with its cutoff ahead; no accepted date comes before the next one', () => {
    fc.assert(
      fc.property(termsArb, nowArb, (terms, now) => {
        const upcoming = upcomingDeliveries(terms, 'CA', now, 4);
        for (const [i, option] of upcoming.entries()) {
          expect(checkDeliveryDate(terms, 'CA', option.date, now)).toEqual({ ok: true, cutoffAt: option.cutoffAt });
          expect(Date.parse(option.cutoffAt)).toBeGreaterThan(now.getTime());
          if (i > 0) expect(option.date > upcoming[i - 1]!.date).toBe(true);
        }
        const next = upcoming[0];
        if (!next) return;
        const today = dateInZone(terms.time_zone, now);
        for (let date = addDays(today, -1); date < next.date; date = addDays(date, 1)) {
          expect(checkDeliveryDate(terms, 'CA', date, now).ok).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('no upcoming date and no cutoff day with a lead falls on a closed date; a closed route day is refused as closed', () => {
    fc.assert(
      fc.property(termsArb, nowArb, fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 12 }), (open, now, offsets) => {
        const today = dateInZone(open.time_zone, now);
        const closed = offsets.map((offset) => addDays(today, offset));
        const terms: DeliveryTerms = { ...open, closed_dates: closed };
        const route = terms.routes[0]!;
        for (const option of upcomingDeliveries(terms, 'CA', now, 4)) {
          expect(closed).not.toContain(option.date);
          expect(checkDeliveryDate(terms, 'CA', option.date, now)).toEqual({ ok: true, cutoffAt: option.cutoffAt });
          if (route.lead_days > 0) expect(closed).not.toContain(dateInZone(terms.time_zone, cutoffFor(terms, route, option.date)));
        }
        for (const date of closed) {
          const check = checkDeliveryDate(terms, 'CA', date, now);
          expect(check.ok).toBe(false);
          if (!check.ok && date >= today && route.days.includes(weekdayOf(date))) expect(check.reason).toBe('closed_date');
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a refusal names a date that is accepted, the earliest one', () => {
    fc.assert(
      fc.property(termsArb, nowArb, fc.integer({ min: -5, max: 70 }), (terms, now, ahead) => {
        const date = addDays(dateInZone(terms.time_zone, now), ahead);
        const check = checkDeliveryDate(terms, 'CA', date, now);
        if (check.ok) return;
        expect(check.next).toEqual(nextDelivery(terms, 'CA', now));
        if (check.next) expect(checkDeliveryDate(terms, 'CA', check.next.date, now).ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('a cutoff is the order cutoff on the supplier’s clock, on a weekday on or before the delivery day', () => {
    fc.assert(
      fc.property(termsArb, nowArb, (terms, now) => {
        const route = terms.routes[0]!;
        for (const option of upcomingDeliveries(terms, 'CA', now, 3)) {
          const cutoff = cutoffFor(terms, route, option.date);
          const day = dateInZone(terms.time_zone, cutoff);
          expect(day <= option.date).toBe(true);
          const wall = new Intl.DateTimeFormat('en-GB', { timeZone: terms.time_zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(cutoff);
          // Only a cutoff that falls in a skipped hour (clocks forward) reads an hour off.
          const [h, m] = terms.order_cutoff.split(':').map(Number) as [number, number];
          const [wh, wm] = wall.split(':').map(Number) as [number, number];
          const diff = Math.abs(wh * 60 + wm - (h * 60 + m));
          expect([0, 60]).toContain(diff);
          if (route.lead_days > 0) expect(['sat', 'sun']).not.toContain(weekdayOf(day));
        }
      }),
      { numRuns: 200 },
    );
  });
});
