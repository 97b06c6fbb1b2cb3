import { describe, expect, it } from 'vitest';
import { calendarDayIn, filterOrderHistory, historyOrders, historySuppliers } from '../../../electron/core/order-history';
import { OrderHistoryFilter } from '../../../shared/bridge/order-history';
import { sampleHistory } from './history-fixtures';

const numbers = (input: Parameters<typeof OrderHistoryFilter.parse>[0]) =>
  filterOrderHistory(sampleHistory(), OrderHistoryFilter.parse(input)).map((entry) => entry.order.order_number);

describe('the order history filter', () => {
  it('lets every order through when empty, newest first', () => {
    expect(numbers({})).toEqual(['CW-240404', 'CW-240301', 'CW-240215', 'CW-240110']);
  });

  it('keeps the orders of one supplier, of one status', () => {
    expect(numbers({ supplierId: 'sup_sonoma' })).toEqual(['CW-240404', 'CW-240301']);
    expect(numbers({ status: 'delivered' })).toEqual(['CW-240215', 'CW-240110']);
    expect(numbers({ supplierId: 'sup_sonoma', status: 'delivered' })).toEqual([]);
  });

  it('counts both ends of the date range as days in the buyer’s time zone', () => {
    expect(numbers({ from: '2026-02-15', to: '2026-03-01', timeZone: 'UTC' })).toEqual(['CW-240301', 'CW-240215']);
    // 2026-03-01T02:30Z is still 28 February in California.
    expect(numbers({ from: '2026-02-15', to: '2026-02-28', timeZone: 'America/Los_Angeles' })).toEqual(['CW-240301', 'CW-240215']);
    expect(numbers({ from: '2026-03-01', timeZone: 'America/Los_Angeles' })).toEqual(['CW-240404']);
    expect(numbers({ to: '2026-01-10' })).toEqual(['CW-240110']);
    expect(numbers({ from: '2026-01-11', to: '2026-02-14' })).toEqual([]);
  });

  it('searches order numbers and product names: every word, any case, accents or not', () => {
    expect(numbers({ search: '240215' })).toEqual(['CW-240215']);
    expect(numbers({ search: 'cw-2403' })).toEqual(['CW-240301']);
    expect(numbers({ search: 'pinot' })).toEqual(['CW-240404', 'CW-240301']);
    expect(numbers({ search: 'chateau reserve' })).toEqual(['CW-240301']);
    expect(numbers({ search: '  RIDGE   cabernet ' })).toEqual(['CW-240215']);
    expect(numbers({ search: 'pinot merlot' })).toEqual([]);
    expect(numbers({ search: '   ' })).toEqual(['CW-240404', 'CW-240301', 'CW-240215', 'CW-240110']);
  });

  it('combines every part', () => {
    expect(numbers({ supplierId: 'sup_sonoma', from: '2026-01-01', to: '2026-03-31', search: 'pinot', status: 'shipped' })).toEqual(['CW-240301']);
  });

  it('lists each supplier once, by name', () => {
    expect(historySuppliers(sampleHistory())).toEqual([
      { id: 'sup_napa', name: 'Napa Ridge Cellars' },
      { id: 'sup_sonoma', name: 'Sonoma Coast Wines' },
    ]);
  });

  it('pairs the list with the stored details, newest first', () => {
    const entries = sampleHistory();
    const paired = historyOrders(
      [...entries].reverse().map((entry) => entry.order),
      (id) => entries.find((entry) => entry.order.id === id)?.detail ?? null,
    );
    expect(paired.map((entry) => [entry.order.order_number, entry.detail !== null])).toEqual([
      ['CW-240404', true],
      ['CW-240301', true],
      ['CW-240215', true],
      ['CW-240110', false],
    ]);
  });

  it('names the calendar day of an instant in a time zone', () => {
    expect(calendarDayIn('2026-03-01T02:30:00.000Z', 'UTC')).toBe('2026-03-01');
    expect(calendarDayIn('2026-03-01T02:30:00.000Z', 'America/Los_Angeles')).toBe('2026-02-28');
    expect(calendarDayIn('2026-12-31T23:30:00.000Z', 'Asia/Tokyo')).toBe('2027-01-01');
  });
});
