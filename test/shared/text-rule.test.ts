import { describe, expect, it } from 'vitest';
import { STORABLE_TEXT, US_STATES, US_STATE_CODES, UsState, followsTextRule, multiLineText, oneLineText, usStateCodeOf } from '../../shared';
import { OutboxEntry } from '../../shared/bridge';

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

describe('orders queued before states were a closed list', () => {
  const entry = (state: string) => ({
    id: 'outbox-1',
    idempotencyKey: 'key-1',
    accountId: 'org_1',
    order: { supplier_id: 'sup_a', items: [{ product_id: 'prod_a', quantity: 1 }], shipping_address: { street1: '1 Main St', city: 'Napa', state, zip: '94558' } },
    supplierName: 'Supplier',
    estimatedTotalCents: 100,
    state: 'queued',
    attempts: 0,
    createdAt: '2026-11-23T00:00:00.000Z',
    updatedAt: '2026-11-23T00:00:00.000Z',
    nextAttemptAt: null,
    lastError: null,
    review: null,
    confirmed: null,
  });

  it('are read with the state written as its code when it was a name or in lower case', () => {
    expect(usStateCodeOf('California')).toBe('CA');
    expect(usStateCodeOf(' new  york ')).toBe('NY');
    expect(usStateCodeOf('or')).toBe('OR');
    expect(usStateCodeOf('Zz9')).toBeNull();
    for (const [written, code] of [['California', 'CA'], ['ca', 'CA'], [' CA ', 'CA'], ['District of Columbia', 'DC'], ['WA', 'WA']]) {
      expect(OutboxEntry.parse(entry(written!)).order.shipping_address.state).toBe(code);
    }
    expect(OutboxEntry.safeParse(entry('Zz9')).success).toBe(false);
  });
});
