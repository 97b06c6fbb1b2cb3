import { describe, expect, it } from 'vitest';
import { FLAG_LIVE, type CatalogColumns } from '../../../electron/core/search/catalog-columns';
import { createKeyOrders } from '../../../electron/core/search/key-orders';

/** Columns of `count` positions holding the given prices and ranks (every other column 0), live unless listed dead. */
function columnsOf(prices: number[], ranks: number[], dead: number[] = []): CatalogColumns {
  const count = prices.length;
  const columns = {
    varietal: new Uint16Array(count),
    region: new Uint16Array(count),
    country: new Uint16Array(count),
    supplier: new Uint16Array(count),
    vintage: new Uint16Array(count),
    price: Uint32Array.from(prices),
    created: Uint32Array.from(prices, (price) => 0xffffffff - price),
    rank: Uint32Array.from(ranks),
    flags: Uint8Array.from(prices, (_, position) => (dead.includes(position) ? 0 : FLAG_LIVE)),
  };
  return { columns, capacity: count } as unknown as CatalogColumns;
}

describe('key orders', () => {
  it('sorts live positions by the key, ties by name rank, over all 32 bits of both', () => {
    const prices = [0xfffffff0, 5, 0x80000000, 5, 0, 5, 0x00010000];
    const ranks = [7, 0xfffffffe, 3, 0x10, 9, 0x80000001, 1];
    const orders = createKeyOrders(columnsOf(prices, ranks, [6]));
    expect([...orders.order('price').positions]).toEqual([4, 3, 5, 1, 2, 0]);
    expect([...orders.order('rank').positions]).toEqual([2, 0, 4, 3, 5, 1]);
    // created = 0xffffffff - price: the reverse of the price order, ties again by rank.
    expect([...orders.order('created').positions]).toEqual([0, 2, 3, 5, 1, 4]);
  });

  it('lists each position written after an order was made once, and drops the orders past the limit', () => {
    const orders = createKeyOrders(columnsOf([3, 1, 2, 4], [1, 2, 3, 4]), { maxChanged: 2 });
    orders.touch(0);
    expect(orders.order('price').changedList).toEqual([]);
    orders.touch(2);
    orders.touch(2);
    orders.touch(1);
    const order = orders.order('price');
    expect(order.changedList).toEqual([2, 1]);
    expect(order.changed[0]).toBe(0b110);
    orders.touch(3);
    // Past the limit: dropped, made again from the columns with nothing changed.
    expect(orders.order('price').changedList).toEqual([]);
    expect([...orders.order('price').positions]).toEqual([1, 2, 0, 3]);
  });
});
