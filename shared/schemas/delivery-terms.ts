import { z } from 'zod';
import { UsState } from './address';
import { CalendarDate } from './common';

/**
 * A supplier's delivery terms (issue 26, an extension): the days it delivers to each state, and the
 * order cutoff, a time of day in its own time zone. The rule that reads them is
 * shared/delivery-days.ts, one for the app and the service.
 */

/** Days of the week as delivery terms name them, Monday first. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const Weekday = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof Weekday>;

/** A time of day on a 24-hour clock, `HH:MM` (`14:00`). */
export const TimeOfDay = z.string().regex(/^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/, 'must be a time of day written HH:MM on a 24-hour clock, like 14:00');

/**
 * An IANA time zone name (`America/Los_Angeles`). Its shape is checked here; whether the zone is
 * known is up to the reader's `Intl` (shared/delivery-days.ts reads an unknown one as no route).
 */
export const TimeZoneName = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/, 'must be an IANA time zone name, like America/Los_Angeles');

/** Most weekdays before the delivery day an order may have to be in by (a week and a half). */
export const LEAD_DAYS_MAX = 8;

/** The days a supplier delivers to one state, and how many weekdays ahead an order must be in. */
export const DeliveryRoute = z.object({
  state: UsState,
  days: z.array(Weekday).min(1).max(7),
  lead_days: z
    .number()
    .int()
    .min(0)
    .max(LEAD_DAYS_MAX)
    .meta({
      description:
        'Weekdays (Monday to Friday) between the order cutoff and the delivery day: an order for delivery on a day must reach the service before `order_cutoff` on the weekday this many weekdays before it (0: the delivery day itself).',
    }),
});
export type DeliveryRoute = z.infer<typeof DeliveryRoute>;

/** Most dates a supplier may list as closed (public holidays and closures of about two years). */
export const CLOSED_DATES_MAX = 60;

export const DeliveryTerms = z
  .object({
    time_zone: TimeZoneName.meta({ description: "The supplier's IANA time zone: `order_cutoff` is a time of day there." }),
    order_cutoff: TimeOfDay.meta({ description: 'The time of day, in `time_zone`, by which an order must reach the service (see `lead_days`).' }),
    routes: z
      .array(DeliveryRoute)
      .max(60)
      .refine((routes) => new Set(routes.map((route) => route.state)).size === routes.length, { message: 'lists a state more than once' }),
    closed_dates: z
      .array(CalendarDate)
      .max(CLOSED_DATES_MAX)
      .optional()
      .meta({
        description:
          'Dates the supplier is closed (public holidays, stock-taking), `YYYY-MM-DD`: no delivery on them, and they do not count as weekdays of `lead_days`. Absent or empty: none.',
      }),
  })
  .meta({
    'x-caseworks-extension': true,
    description:
      "Extension: when the supplier delivers. For each state it delivers to, the weekdays of delivery and the lead time; one order cutoff in the supplier's time zone. An order may ask for a delivery date (`requested_delivery_date` of POST /orders) that is one of these days and not one of its `closed_dates`, not in the past, at most 60 days ahead, and whose cutoff has not passed. Absent when the supplier has not published delivery terms.",
  });
export type DeliveryTerms = z.infer<typeof DeliveryTerms>;

/** Why a delivery date cannot be had: the `delivery_date_reason` of a delivery_date_unavailable problem. */
export const DELIVERY_DATE_REASONS = ['no_terms', 'no_route', 'past', 'too_far', 'closed_day', 'closed_date', 'past_cutoff'] as const;
export const DeliveryDateReason = z.enum(DELIVERY_DATE_REASONS);
export type DeliveryDateReason = z.infer<typeof DeliveryDateReason>;

/** Extension of the order body and the order: the day the buyer asks the order to be delivered on. */
export const RequestedDeliveryDate = CalendarDate.meta({
  'x-caseworks-extension': true,
  description:
    "Extension: the day the order is to be delivered, `YYYY-MM-DD`. It must be one of the supplier's delivery days for the ship-to state (`delivery_terms` of the supplier in GET /suppliers), not one of its closed dates, not in the past, at most 60 days ahead, and its order cutoff must not have passed; otherwise 422 delivery_date_unavailable, whose `next_delivery_date` names the next possible date. A supplier without delivery terms takes no date (422 delivery_date_unavailable, reason `no_terms`). Without it the order is placed as before, with no date asked for. Not a date written YYYY-MM-DD, or a day that does not exist (2026-02-30): 400 validation_failed.",
});

/** The problem code of a refused delivery date, and of a queued order put to review for one. */
export const DELIVERY_DATE_REVIEW_CODE = 'delivery_date_unavailable' as const;
