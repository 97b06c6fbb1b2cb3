import { isTimeZone, ORDER_HISTORY_FILTER_MESSAGES, OrderHistoryFilter } from '../../../shared/bridge';
import type { OrderStatus } from '../../../shared/schemas';
import type { HistoryFilterFields } from './historyFilterStore';

export type HistoryFilterErrors = Partial<Record<'from' | 'to' | 'search', string>>;

export type HistoryFilterCheck = { ok: true; filter: OrderHistoryFilter } | { ok: false; errors: HistoryFilterErrors };

/** The buyer's time zone, so "a day" in the date range is the buyer's day. */
export function buyerTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

/**
 * The fields as the bridge's filter, or what is wrong with them in plain words per field. The rules
 * are the contract's own (`OrderHistoryFilter`), so main refuses exactly what is reported here.
 */
export function checkHistoryFilter(fields: HistoryFilterFields, status: OrderStatus | 'all', timeZone: string): HistoryFilterCheck {
  const search = fields.search.trim();
  const candidate: OrderHistoryFilter = {
    timeZone,
    ...(status === 'all' ? {} : { status }),
    ...(fields.supplierId ? { supplierId: fields.supplierId } : {}),
    ...(fields.from ? { from: fields.from } : {}),
    ...(fields.to ? { to: fields.to } : {}),
    ...(search ? { search } : {}),
  };
  const errors: HistoryFilterErrors = {};
  if (fields.fromIncomplete) errors.from = ORDER_HISTORY_FILTER_MESSAGES.badDate;
  if (fields.toIncomplete) errors.to = ORDER_HISTORY_FILTER_MESSAGES.badDate;
  const parsed = OrderHistoryFilter.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      // The range's own rule is the contract's custom issue; any other issue of a date is its format.
      if (field === 'from' || field === 'to') errors[field] ??= issue.code === 'custom' ? issue.message : ORDER_HISTORY_FILTER_MESSAGES.badDate;
      else if (field === 'search') errors.search ??= issue.message;
    }
  }
  return Object.keys(errors).length > 0 || !parsed.success ? { ok: false, errors } : { ok: true, filter: candidate };
}

/** True when some part of the filter narrows the orders (the status tab aside). */
export const isFiltering = (fields: HistoryFilterFields) =>
  Boolean(fields.supplierId || fields.from || fields.to || fields.search.trim() || fields.fromIncomplete || fields.toIncomplete);
