import { describe, expect, it } from 'vitest';
import { planLine, type CountedLine } from '../../../renderer/features/guides/linePlan';
import { MAX_CASES_PER_LINE } from '../../../renderer/lib/quantityRules';
import * as fixtures from '../support/fixtures';

const product = (minimum: number, stock: number) =>
  fixtures.toCatalogProduct(fixtures.makeProduct({ id: 'prod_x', name: 'X', minimum_order: minimum, inventory_available: stock }));
const line = (par: number, onHand: string, minimum = 1, stock = 40): CountedLine => ({ productId: 'prod_x', par, product: product(minimum, stock), onHand });

describe('count and order: the rounding rule', () => {
  it('orders par − on hand', () => {
    expect(planLine(line(6, '2'))).toEqual({ kind: 'order', quantity: 4, note: null });
    expect(planLine(line(6, ' 0 '))).toEqual({ kind: 'order', quantity: 6, note: null });
  });

  it('rounds up to the minimum order', () => {
    expect(planLine(line(6, '5', 3))).toEqual({ kind: 'order', quantity: 3, note: 'Rounded up from 1 to the minimum order of 3 cases.' });
  });

  it('caps by the stock and says how short it is', () => {
    expect(planLine(line(10, '2', 1, 5))).toEqual({ kind: 'order', quantity: 5, note: 'Only 5 cases available: 3 cases short of the par.' });
  });

  it('caps by the largest line the service takes', () => {
    const plan = planLine({ ...line(10_000, '0', 1, MAX_CASES_PER_LINE + 5), par: MAX_CASES_PER_LINE + 3 });
    expect(plan).toMatchObject({ kind: 'order', quantity: MAX_CASES_PER_LINE });
  });

  it('cannot fill what is out of stock, or in stock below its minimum', () => {
    expect(planLine(line(6, '0', 1, 0))).toEqual({ kind: 'unfilled', message: 'Out of stock.' });
    expect(planLine(line(6, '0', 3, 2))).toEqual({ kind: 'unfilled', message: 'Only 2 cases in stock, below the minimum order of 3.' });
  });

  it('orders nothing at or above par, and says so when on hand is more than the par', () => {
    expect(planLine(line(6, '6'))).toEqual({ kind: 'enough', message: 'At par: nothing to order.' });
    expect(planLine(line(6, '8'))).toEqual({ kind: 'enough', message: 'On hand (8) is more than the par (6): nothing to order.' });
    expect(planLine(line(0, '0'))).toMatchObject({ kind: 'enough' });
  });

  it('leaves out a line not counted or no longer in the catalog', () => {
    expect(planLine(line(6, ''))).toEqual({ kind: 'unfilled', message: 'Not counted: enter what is on hand to order it.' });
    expect(planLine({ productId: 'prod_gone', par: 6, product: null, onHand: '1' })).toEqual({ kind: 'unfilled', message: 'No longer in the catalog on this computer.' });
  });

  it.each(['1.5', '-1', 'six', '1e3', '10001'])('refuses an on-hand count of %s', (typed) => {
    expect(planLine(line(6, typed))).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/^On hand /) });
  });
});
