import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { orderHistoryCsv } from '../../../electron/core/order-history';
import { historyOrder } from './history-fixtures';

/** An order whose first line the service filled with its backup (issue 26), beside a line sent as asked. */
function withSubstitution() {
  const entry = historyOrder({
    id: 'ord_backup',
    number: 'CW-6',
    createdAt: '2026-11-20T12:00:00.000Z',
    items: [
      { productId: 'prod_merlot', name: 'Valley Merlot 2020', quantity: 2, unitCents: 24_000 },
      { productId: 'prod_cab', name: 'Ridge Cabernet 2019', quantity: 1, unitCents: 36_000 },
    ],
  });
  const detail = entry.detail!;
  detail.items[0] = { ...detail.items[0]!, substitution: { requested_product_id: 'prod_reserve', requested_product_name: 'Reserve Cabernet 2018', reason: 'out_of_stock' } };
  return entry;
}

describe('order history with a line filled with its backup (issue 26)', () => {
  it('the CSV names the wine sent in Product and the wine asked for in “Sent instead of”', () => {
    const [headers, substituted, asked] = Papa.parse<string[]>(orderHistoryCsv([withSubstitution()], () => null, 'UTC').csv, { skipEmptyLines: true }).data;
    const at = (name: string) => headers!.indexOf(name);
    expect(at('Sent instead of')).toBeGreaterThan(-1);
    expect([substituted![at('Product')], substituted![at('Sent instead of')]]).toEqual(['Valley Merlot 2020', 'Reserve Cabernet 2018']);
    expect([asked![at('Product')], asked![at('Sent instead of')]]).toEqual(['Ridge Cabernet 2019', '']);
  });
});
