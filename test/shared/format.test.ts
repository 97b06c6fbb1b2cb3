import { describe, expect, it } from 'vitest';
import { formatAge, formatBottlePrices, formatCalendarDate, formatCases, formatCents, formatCount, formatNumber, formatWineName } from '../../shared/format';

describe('formatting', () => {
  it('formats cents as dollars', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
  });

  it('counts cases in words', () => {
    expect(formatCases(1)).toBe('1 case');
    expect(formatCases(0)).toBe('0 cases');
    expect(formatCases(12)).toBe('12 cases');
    expect(formatCases(1200)).toBe('1,200 cases');
  });

  it('writes counts and litres with separators, as the renderer shows them', () => {
    expect(formatNumber(50_000)).toBe('50,000');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1.5)).toBe('1.5');
  });

  it('says how old data is', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(formatAge('2026-11-22T11:59:30Z', now)).toBe('just now');
    expect(formatAge('2026-11-22T11:55:00Z', now)).toBe('5 min ago');
    expect(formatAge('2026-11-22T09:00:00Z', now)).toBe('3 h ago');
    expect(formatAge('2026-11-21T12:00:00Z', now)).toBe('1 day ago');
    expect(formatAge('not a date', now)).toBe('unknown');
  });

  it('shows a calendar date as that day in any time zone', () => {
    expect(formatCalendarDate('2026-12-01')).toBe('Dec 1, 2026');
  });

  it('puts counts and words in the form English needs, through Intl.PluralRules', () => {
    expect(formatCount(1, 'queued order', 'queued orders')).toBe('1 queued order');
    expect(formatCount(0, 'queued order', 'queued orders')).toBe('0 queued orders');
    expect(formatCount(2_500, 'product', 'products')).toBe('2,500 products');
  });

  it('names a wine with its vintage and bottle size, so two wines of the same name can be told apart', () => {
    expect(formatWineName({ name: 'Ashby Pinot Noir', vintage: 2019, sizeMl: 750 })).toBe('Ashby Pinot Noir 2019 · 750 ml');
    expect(formatWineName({ name: 'Ashby Pinot Noir', vintage: 2021, sizeMl: 1500 })).toBe('Ashby Pinot Noir 2021 · 1.5 L');
    expect(formatWineName({ name: 'Ashby Brut', vintage: null, sizeMl: 375 })).toBe('Ashby Brut NV · 375 ml');
    // A vintage the name already has is not said twice.
    expect(formatWineName({ name: 'Ridge Cabernet 2019', vintage: 2019, sizeMl: 750 })).toBe('Ridge Cabernet 2019 · 750 ml');
    // Without the product (an order line whose product could not be read): the name alone.
    expect(formatWineName({ name: 'Ashby Pinot Noir' })).toBe('Ashby Pinot Noir');
  });

  it('says what a bottle costs by the case and alone, and what the case saves', () => {
    expect(formatBottlePrices({ casePriceCents: 17_000, bottlePriceCents: 1_575, packSize: 12 })).toBe(
      '$14.17 a bottle by the case; $15.75 a single bottle — the case saves 10 %',
    );
    expect(formatBottlePrices({ casePriceCents: 18_000, bottlePriceCents: 1_500, packSize: 12 })).toBe('$15.00 a bottle, by the case or single');
    expect(formatBottlePrices({ casePriceCents: 19_200, bottlePriceCents: 1_500, packSize: 12 })).toBe(
      '$16.00 a bottle by the case; $15.00 a single bottle — single bottles cost less',
    );
    expect(formatBottlePrices({ casePriceCents: 17_990, bottlePriceCents: 1_500, packSize: 12 })).toBe(
      '$14.99 a bottle by the case; $15.00 a single bottle — the case saves less than 1 %',
    );
    // The saving is rounded down: 19.9 % is "19 %", never more than the case saves.
    expect(formatBottlePrices({ casePriceCents: 9_612, bottlePriceCents: 1_000, packSize: 12 })).toBe(
      '$8.01 a bottle by the case; $10.00 a single bottle — the case saves 19 %',
    );
  });
});
