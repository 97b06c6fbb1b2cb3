import { describe, expect, it } from 'vitest';
import { formatAge, formatCalendarDate, formatCases, formatCents, formatNumber } from '../../shared/format';

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
});
