import { beforeEach, describe, expect, it } from 'vitest';
import { parsePastedOrder } from '../../../shared/pasted-order';
import type { CatalogProduct } from '../../../shared/schemas';
import { toCartProduct } from '../../../renderer/features/cart/cartProduct';
import { useCartStore } from '../../../renderer/features/cart/cartStore';
import { codesToMatch, corrected, entriesOf, reviewRows, summaryOf, toAdd } from '../../../renderer/features/cart/paste/pastedOrderReview';
import * as fixtures from '../support/fixtures';
import { resetClientState } from '../support/render';

const catalog = (id: string): CatalogProduct => fixtures.toCatalogProduct(fixtures.product(id));
const entries = (text: string) => {
  const parsed = parsePastedOrder(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return entriesOf(parsed.lines);
};
const nothingInCart = () => 0;

describe('the review of a pasted order', () => {
  const matches = new Map([
    ['A', [catalog('prod_cab')]],
    ['B', [catalog('prod_cab')]],
    ['AMB', [catalog('prod_cab'), catalog('prod_merlot')]],
    ['NONE', []],
  ]);

  it('asks the catalog for each code once, and only for codes not matched yet', () => {
    expect(codesToMatch(entries('A 2\nX 1\nX 3\nB, 0\nY'), new Map([['A', []]]))).toEqual(['X', 'Y']);
  });

  it('adds nothing while a line waits for the buyer or for the catalog, and each product once with its lines summed', () => {
    const waiting = reviewRows(entries('A 2\nNONE 1'), matches, nothingInCart);
    expect(toAdd(waiting)).toEqual([]);
    expect(toAdd(reviewRows(entries('A 2\nLATER 1'), matches, nothingInCart))).toEqual([]);
    const [first, second] = entries('A 2\nNONE 1\nB 3');
    const fixed = [first!, { ...second!, dropped: true }, entries('x\nB 3')[1]!];
    expect(toAdd(reviewRows(fixed, matches, nothingInCart))).toEqual([{ product: catalog('prod_cab'), quantity: 5 }]);
  });

  it('waits for a choice on an ambiguous code, and forgets it when the line is corrected', () => {
    const [entry] = entries('AMB 2');
    expect(reviewRows([entry!], matches, nothingInCart)[0]?.state.kind).toBe('choose');
    const chosen = { ...entry!, choice: 'prod_merlot' };
    expect(reviewRows([chosen], matches, nothingInCart)[0]?.state).toMatchObject({ kind: 'ready', product: { id: 'prod_merlot' }, quantity: 2 });
    expect(corrected(chosen, 'AMB 3')).toMatchObject({ choice: null, dropped: false, read: { line: 1, code: 'AMB', quantity: 3 } });
  });

  it('checks the sum of lines of one product, and what the cart holds, against the stock', () => {
    const rows = reviewRows(entries('A 20\nB 15\nA 10'), matches, (id) => (id === 'prod_cab' ? 1 : 0));
    expect(rows.map((row) => row.state.kind)).toEqual(['ready', 'ready', 'fix']);
    expect(rows[2]?.state).toEqual({ kind: 'fix', message: 'Only 40 cases available. (36 cases of it already in the cart or on lines above.)' });
    expect(summaryOf(rows)).toMatchObject({ ready: 2, cases: 35, waiting: 1 });
  });
});

describe('adding a reviewed paste to the cart', () => {
  beforeEach(resetClientState);

  it('adds every line in one change, or none when one fails its check', () => {
    const cab = toCartProduct(fixtures.product('prod_cab'));
    const merlot = toCartProduct(fixtures.product('prod_merlot'));
    expect(useCartStore.getState().addMany([{ product: merlot, quantity: 2 }, { product: cab, quantity: 41 }])).toEqual({ ok: false, productId: 'prod_cab', message: 'Only 40 cases available.' });
    expect(useCartStore.getState().lines).toEqual([]);
    useCartStore.getState().add(cab, 2);
    expect(useCartStore.getState().addMany([{ product: merlot, quantity: 2 }, { product: cab, quantity: 3 }])).toEqual({ ok: true });
    expect(useCartStore.getState().lines.map((line) => [line.productId, line.quantity])).toEqual([
      ['prod_cab', 5],
      ['prod_merlot', 2],
    ]);
  });
});
