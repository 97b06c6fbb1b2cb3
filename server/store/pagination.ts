import type { PageQuery, Paginated } from '../../shared';

export function pageOffset(query: PageQuery): number {
  return (query.page - 1) * query.per_page;
}

export function paginate<T>(data: T[], total: number, query: PageQuery): Paginated<T> {
  return {
    data,
    meta: { total, page: query.page, per_page: query.per_page, total_pages: Math.ceil(total / query.per_page) },
  };
}
