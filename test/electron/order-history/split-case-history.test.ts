import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { lastOrderedByProduct, orderHistoryCsv, orderHistoryTotals } from '../../../electron/core/order-history';
import { historyOrder } from './history-fixtures';

/**
 * An order with a line of bottles (a split case, issue 26) beside a line of cases of the same wine:
 * the history never counts its bottles as cases.
 */
function withBottles() {
  const entry = historyOrder({
    id: 'ord_split',
    number: 'CW-5',
    createdAt: '2026-11-20T12:00:00.000Z',
    items: [
      { productId: 'prod_cab', name: 'Ridge Cabernet 2019', quantity: 2, unitCents: 36_000 },
      { productId: 'prod_cab', name: 'Ridge Cabernet 2019', quantity: 5, unitCents: 3_000 },
    ],
  });
  const detail = entry.detail!;
  detail.items[1] = { ...detail.items[1]!, unit: 'bottle', split_case_fee_cents: 3_300 };
  return entry;
}

describe('order history with a line of bottles (issue 26)', () => {
  it('the CSV puts the bottles in their own column, never under cases', () => {
    const [headers, cases, bottles] = Papa.parse<string[]>(orderHistoryCsv([withBottles()], () => null, 'UTC').csv, { skipEmptyLines: true }).data;
    const at = (name: string) => headers!.indexOf(name);
    expect([cases![at('Quantity (cases)')], cases![at('Bottles (split case)')]]).toEqual(['2', '']);
    expect([bottles![at('Quantity (cases)')], bottles![at('Bottles (split case)')], bottles![at('Unit price (USD)')]]).toEqual(['', '5', '30.00']);
  });

  it('counts cases without the bottles, and "last ordered" gives the line of cases', () => {
    expect(orderHistoryTotals([withBottles()]).cases).toBe(2);
    expect(lastOrderedByProduct([withBottles()])).toEqual([expect.objectContaining({ productId: 'prod_cab', quantity: 2, unitPriceCents: 36_000 })]);
  });
});
