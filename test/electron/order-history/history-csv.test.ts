import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ORDER_HISTORY_CSV_HEADERS, csvProductIds, orderHistoryCsv, orderHistoryFileName } from '../../../electron/core/order-history';
import { historyOrder, sampleHistory } from './history-fixtures';

const FACTS: Record<string, { vintage: number | null; sizeMl: number }> = {
  prod_pinot: { vintage: 2021, sizeMl: 750 },
  prod_chard: { vintage: null, sizeMl: 1500 },
  prod_cab: { vintage: 2019, sizeMl: 750 },
};

function parsed(csv: string): string[][] {
  const result = Papa.parse<string[]>(csv, { skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result.data;
}

describe('the order history CSV', () => {
  it('has one row per line item, with the order’s columns on each, read back as written', () => {
    const { csv, rows } = orderHistoryCsv(sampleHistory().slice(0, 3), (id) => FACTS[id] ?? null, 'America/Los_Angeles');
    expect(csv.startsWith('\uFEFFOrder number,Date,')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const [headers, ...data] = parsed(csv);
    expect(headers).toEqual([...ORDER_HISTORY_CSV_HEADERS]);
    expect(headers).toEqual([
      'Order number', 'Date', 'Status', 'Supplier', 'Product', 'Vintage', 'Size (ml)', 'Quantity (cases)',
      'Unit price (USD)', 'Line price (USD)', 'Shipping (USD)', 'Fee (USD)', 'Order total (USD)', 'Bottles (split case)',
      'Sent instead of',
    ]);
    expect(rows).toBe(4);
    expect(data).toEqual([
      ['CW-240404', '2026-04-04', 'cancelled', 'Sonoma Coast Wines', 'Coast Pinot Noir', '2021', '750', '5', '300.00', '1500.00', '25.00', '37.50', '1562.50', '', ''],
      ['CW-240301', '2026-02-28', 'shipped', 'Sonoma Coast Wines', 'Coast Pinot Noir', '2021', '750', '3', '290.00', '870.00', '25.00', '26.25', '1101.25', '', ''],
      ['CW-240301', '2026-02-28', 'shipped', 'Sonoma Coast Wines', 'Château Côte, "Réserve"', 'NV', '1500', '1', '180.00', '180.00', '25.00', '26.25', '1101.25', '', ''],
      ['CW-240215', '2026-02-15', 'delivered', 'Napa Ridge Cellars', 'Ridge Cabernet 2019', '2019', '750', '2', '360.00', '720.00', '25.00', '18.00', '763.00', '', ''],
    ]);
    // RFC 4180: a field with a comma or a quote is quoted, its quotes doubled.
    expect(csv).toContain('"Château Côte, ""Réserve"""');
  });

  it('writes an order whose lines are not in the offline copy as one row with the product columns empty', () => {
    const { csv, rows } = orderHistoryCsv(sampleHistory().slice(3), () => null, 'UTC');
    expect(rows).toBe(1);
    expect(parsed(csv)[1]).toEqual(['CW-240110', '2026-01-10', 'delivered', 'Napa Ridge Cellars', '', '', '', '', '', '', '', '', expect.stringMatching(/^\d+\.\d\d$/), '', '']);
  });

  it('leaves vintage and size empty for a product it knows nothing of', () => {
    const { csv } = orderHistoryCsv(sampleHistory().slice(2, 3), () => null, 'UTC');
    expect(parsed(csv)[1]!.slice(4, 8)).toEqual(['Ridge Cabernet 2019', '', '', '2']);
  });

  it('never lets a product name run as a spreadsheet formula, and keeps line breaks inside their field', () => {
    const risky = historyOrder({
      id: 'ord_x', number: 'CW-1', createdAt: '2026-01-01T12:00:00.000Z',
      items: [
        { productId: 'prod_a', name: '=HYPERLINK("http://evil.example","Click")', quantity: 1, unitCents: 100 },
        { productId: 'prod_b', name: 'Two\nlines', quantity: 1, unitCents: 100 },
      ],
    });
    const [, formula, twoLines] = parsed(orderHistoryCsv([risky], () => null, 'UTC').csv);
    expect(formula![4]).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(twoLines![4]).toBe('Two\nlines');
  });

  it('is the headers alone when no order matches', () => {
    const { csv, rows } = orderHistoryCsv([], () => null, 'UTC');
    expect(rows).toBe(0);
    expect(parsed(csv)).toEqual([[...ORDER_HISTORY_CSV_HEADERS]]);
  });

  it('asks for the facts of each product once', () => {
    expect(csvProductIds(sampleHistory()).sort()).toEqual(['prod_cab', 'prod_chard', 'prod_pinot']);
  });

  it('names the file after the date range', () => {
    expect(orderHistoryFileName({ from: '2026-01-01', to: '2026-03-31' })).toBe('orders-2026-01-01-to-2026-03-31.csv');
    expect(orderHistoryFileName({ from: '2026-01-01' })).toBe('orders-from-2026-01-01.csv');
    expect(orderHistoryFileName({ to: '2026-03-31' })).toBe('orders-until-2026-03-31.csv');
    expect(orderHistoryFileName({})).toBe('orders.csv');
  });
});
