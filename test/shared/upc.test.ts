import { describe, expect, it } from 'vitest';
import { isValidUpc, upcCheckDigit } from '../../shared/upc';

describe('UPC-A', () => {
  it('computes the check digit of known codes', () => {
    expect(upcCheckDigit('03600029145')).toBe(2); // 036000291452
    expect(upcCheckDigit('01234567890')).toBe(5); // 012345678905
  });

  it('accepts valid codes and refuses wrong check digits, lengths and letters', () => {
    expect(isValidUpc('036000291452')).toBe(true);
    expect(isValidUpc('036000291453')).toBe(false);
    expect(isValidUpc('03600029145')).toBe(false);
    expect(isValidUpc('03600029145A')).toBe(false);
  });
});
