import { describe, expect, it } from 'vitest';
import { STORABLE_TEXT, US_STATES, US_STATE_CODES, UsState, followsTextRule, multiLineText, oneLineText } from '../../shared';

describe('the text rule', () => {
  const line = oneLineText(5);
  const lines = multiLineText(8);

  it('one line: no control characters, not blank, at most the limit in characters, trimmed after the checks', () => {
    expect(line.parse(' Nap ')).toBe('Nap');
    expect(line.parse('🍷🍷🍷🍷🍷')).toBe('🍷🍷🍷🍷🍷');
    for (const refused of ['', '   ', 'a\u0000', 'a\tb', 'a\nb', '\u001b', 'abcdef', ' abcde', 'a\ud800']) {
      expect(line.safeParse(refused).success, JSON.stringify(refused)).toBe(false);
    }
  });

  it('several lines: tab and line breaks allowed, other control characters and lone surrogates not', () => {
    expect(lines.parse('a\tb\r\nc\n')).toBe('a\tb\r\nc\n');
    expect(lines.parse('')).toBe('');
    for (const refused of ['a\u0000', 'a\u000b', 'a\u001f', '\udc00', 'x'.repeat(9)]) {
      expect(lines.safeParse(refused).success, JSON.stringify(refused)).toBe(false);
    }
  });

  it('gives the same verdict to forms that check characters as they are typed', () => {
    expect(followsTextRule('Dock 4')).toBe(true);
    expect(followsTextRule('Dock\t4')).toBe(false);
    expect(followsTextRule('Dock\t4\n', true)).toBe(true);
    expect(STORABLE_TEXT.test('any\ttext\n')).toBe(true);
    expect(STORABLE_TEXT.test('nul\u0000')).toBe(false);
  });
});

describe('US states', () => {
  it('are the 50 states, DC and the five inhabited territories, by USPS code', () => {
    expect(US_STATE_CODES).toHaveLength(56);
    expect(US_STATES.DC).toBe('District of Columbia');
    expect(US_STATE_CODES).toEqual(expect.arrayContaining(['CA', 'NY', 'PR', 'GU', 'VI', 'AS', 'MP']));
    expect(US_STATE_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    for (const refused of ['Zz9', 'ca', 'California', 'AA', 'AE', 'AP', 'FM', 'MH', 'PW', '']) expect(UsState.safeParse(refused).success, refused).toBe(false);
  });
});
