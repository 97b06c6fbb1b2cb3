import { getTableColumns, sql, type AnyColumn } from 'drizzle-orm';
import { orders } from '../../db/schema';

/**
 * Text the buyer typed, read back exactly: PGlite decodes every text value with
 * `TextDecoder('utf-8')`, which drops a leading U+FEFF (the WHATWG default), so "\ufeffNapa" came
 * back "Napa". Read through `to_json`, the text sits inside a JSON string that is decoded whole;
 * both drivers parse json values, so the column reads as the string that was stored.
 */
const asStored = <T extends string | null>(column: AnyColumn) => sql<T>`to_json(${column})`;

/**
 * An order row's columns, the buyer's notes read as stored; use it wherever an order row is read or
 * returned. (The address's one-line fields are trimmed on the way in, U+FEFF included, so none starts with one.)
 */
export const orderColumns = {
  ...getTableColumns(orders),
  buyerNotes: asStored<string | null>(orders.buyerNotes),
};
