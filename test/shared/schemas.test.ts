import { describe, expect, it } from 'vitest';
import { CreateOrderBody, PageQuery, ProductListQuery } from '../../shared/schemas';
import { ApiKey, ServiceUrl } from '../../shared/bridge/session';
import { bridgeContract } from '../../shared/bridge/contract';

const validOrder = {
  supplier_id: 'sup_abc123',
  items: [{ product_id: 'prod_x1', quantity: 2 }],
  shipping_address: { street1: '1 Main St', city: 'Napa', state: 'CA', zip: '94558' },
};

describe('query schemas', () => {
  it('defaults page and per_page', () => {
    expect(PageQuery.parse({})).toEqual({ page: 1, per_page: 50 });
  });

  it.each(['0', '-1', '1.5', 'abc', '101', '1e2', ' 5'])('refuses per_page=%s and names the parameter', (value) => {
    const result = PageQuery.safeParse({ per_page: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['per_page']);
  });

  it('refuses unknown query parameters and sort values', () => {
    expect(ProductListQuery.safeParse({ colour: 'red' }).success).toBe(false);
    expect(ProductListQuery.safeParse({ sort: 'cheapest' }).success).toBe(false);
    expect(ProductListQuery.parse({ sort: 'price_asc', per_page: '100' })).toMatchObject({ sort: 'price_asc', per_page: 100 });
  });
});

describe('order body', () => {
  it('accepts a well-formed order', () => {
    expect(CreateOrderBody.safeParse(validOrder).success).toBe(true);
  });

  it.each([
    ['a zero quantity', { ...validOrder, items: [{ product_id: 'prod_x1', quantity: 0 }] }],
    ['a fractional quantity', { ...validOrder, items: [{ product_id: 'prod_x1', quantity: 1.5 }] }],
    ['no items', { ...validOrder, items: [] }],
    ['a repeated product', { ...validOrder, items: [{ product_id: 'prod_x1', quantity: 1 }, { product_id: 'prod_x1', quantity: 2 }] }],
    ['an unknown field', { ...validOrder, coupon: 'FREE' }],
    ['a bad ZIP', { ...validOrder, shipping_address: { ...validOrder.shipping_address, zip: 'ABCDE' } }],
    ['a supplier id of another kind', { ...validOrder, supplier_id: 'prod_x1' }],
  ])('refuses %s', (_label, body) => {
    expect(CreateOrderBody.safeParse(body).success).toBe(false);
  });
});

describe('service connection input', () => {
  it('requires https except on loopback, and the /api/v1 suffix', () => {
    expect(ServiceUrl.safeParse('https://wine.example.com/api/v1').success).toBe(true);
    expect(ServiceUrl.parse('http://127.0.0.1:4000/api/v1/')).toBe('http://127.0.0.1:4000/api/v1');
    expect(ServiceUrl.safeParse('http://wine.example.com/api/v1').success).toBe(false);
    expect(ServiceUrl.safeParse('https://wine.example.com/').success).toBe(false);
    expect(ServiceUrl.safeParse('https://user:pw@wine.example.com/api/v1').success).toBe(false);
    expect(ServiceUrl.safeParse('javascript:alert(1)').success).toBe(false);
  });

  it('refuses keys with spaces or of absurd length', () => {
    expect(ApiKey.safeParse('cw_live_0123456789').success).toBe(true);
    expect(ApiKey.safeParse('has space inside').success).toBe(false);
    expect(ApiKey.safeParse('x'.repeat(600)).success).toBe(false);
  });
});

describe('bridge contract', () => {
  it('gives every method an input schema that refuses unknown keys', () => {
    for (const [name, spec] of Object.entries(bridgeContract)) {
      const result = spec.input.safeParse({ __proto__: null, surpriseField: 1 });
      expect(result.success, name).toBe(false);
    }
  });
});
