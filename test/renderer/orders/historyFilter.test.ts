import { describe, expect, it } from 'vitest';
import { ORDER_HISTORY_FILTER_MESSAGES } from '../../../shared/bridge';
import { checkHistoryFilter, isFiltering } from '../../../renderer/features/orders/historyFilter';
import { EMPTY_HISTORY_FILTER } from '../../../renderer/features/orders/historyFilterStore';

const check = (fields: Partial<typeof EMPTY_HISTORY_FILTER>, status: 'all' | 'shipped' = 'all') =>
  checkHistoryFilter({ ...EMPTY_HISTORY_FILTER, ...fields }, status, 'Europe/Paris');

describe('checking the order history filter', () => {
  it('turns the fields into the bridge’s filter, leaving out what is empty', () => {
    expect(check({})).toEqual({ ok: true, filter: { timeZone: 'Europe/Paris' } });
    expect(check({ supplierId: 'sup_napa', from: '2026-01-01', to: '2026-01-01', search: '  pinot  ' }, 'shipped')).toEqual({
      ok: true,
      filter: { timeZone: 'Europe/Paris', status: 'shipped', supplierId: 'sup_napa', from: '2026-01-01', to: '2026-01-01', search: 'pinot' },
    });
  });

  it('names the field that is wrong, in plain words', () => {
    expect(check({ from: '2026-03-01', to: '2026-02-01' })).toEqual({ ok: false, errors: { to: ORDER_HISTORY_FILTER_MESSAGES.toBeforeFrom } });
    expect(check({ from: '2026-02-30' })).toEqual({ ok: false, errors: { from: ORDER_HISTORY_FILTER_MESSAGES.badDate } });
    expect(check({ toIncomplete: true })).toEqual({ ok: false, errors: { to: ORDER_HISTORY_FILTER_MESSAGES.badDate } });
    expect(check({ search: 'a\tb' })).toEqual({ ok: false, errors: { search: ORDER_HISTORY_FILTER_MESSAGES.searchControl } });
    expect(check({ search: 'é'.repeat(201) })).toEqual({ ok: false, errors: { search: ORDER_HISTORY_FILTER_MESSAGES.searchTooLong } });
    expect(check({ search: 'é'.repeat(200) }).ok).toBe(true);
  });

  it('knows when the filter narrows the orders', () => {
    expect(isFiltering(EMPTY_HISTORY_FILTER)).toBe(false);
    expect(isFiltering({ ...EMPTY_HISTORY_FILTER, search: '   ' })).toBe(false);
    expect(isFiltering({ ...EMPTY_HISTORY_FILTER, fromIncomplete: true })).toBe(true);
    expect(isFiltering({ ...EMPTY_HISTORY_FILTER, supplierId: 'sup_napa' })).toBe(true);
  });
});
