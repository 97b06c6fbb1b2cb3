import { z } from 'zod';
import { SupplierId } from './common';
import { ProductSort } from './product';
import { oneLineText } from './text';
import { OrderStatus } from './order';

export const PER_PAGE_DEFAULT = 50;
export const PER_PAGE_MAX = 100;
export const PAGE_MAX = 1_000_000;
export const QUERY_TEXT_MAX = 200;

/** Query values arrive as strings; only plain positive decimal integers are accepted. */
const positiveIntegerParam = (max: number, name: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, `${name} must be a positive whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1).max(max, `${name} must be at most ${max}`));

const textParam = oneLineText(QUERY_TEXT_MAX);

export const PageQuery = z.strictObject({
  page: positiveIntegerParam(PAGE_MAX, 'page').default(1),
  per_page: positiveIntegerParam(PER_PAGE_MAX, 'per_page').default(PER_PAGE_DEFAULT),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const SupplierListQuery = PageQuery.extend({
  q: textParam.optional(),
  region: textParam.optional(),
});
export type SupplierListQuery = z.infer<typeof SupplierListQuery>;
export type SupplierListQueryInput = z.input<typeof SupplierListQuery>;

export const ProductListQuery = PageQuery.extend({
  q: textParam.optional(),
  varietal: textParam.optional(),
  region: textParam.optional(),
  country: textParam.optional(),
  supplier_id: SupplierId.optional(),
  sort: ProductSort.optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;
export type ProductListQueryInput = z.input<typeof ProductListQuery>;

export const OrderListQuery = PageQuery.extend({ status: OrderStatus.optional() });
export type OrderListQuery = z.infer<typeof OrderListQuery>;
export type OrderListQueryInput = z.input<typeof OrderListQuery>;

export const NoQuery = z.strictObject({});
