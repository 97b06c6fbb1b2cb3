import type { FastifyRequest } from 'fastify';
import { API_BASE_PATH, endpoints } from '../../shared';
import { notFound } from './problem';

/**
 * Collections whose items are addressed as `<collection>/:id`. The router ignores a trailing slash,
 * which would make `GET /products/` the list; it names the item with an empty id instead, so it is
 * not found, whatever the method (`DELETE /webhooks/` too).
 */
const EMPTY_ID_PATHS = new Set(
  Object.values(endpoints)
    .map((spec) => spec.path)
    .filter((path) => path.endsWith('/:id'))
    .map((path) => `${API_BASE_PATH}${path.slice(0, -':id'.length)}`),
);

/** onRequest hook: 404 for an item path whose id is empty. */
export async function emptyIdHook(request: FastifyRequest): Promise<void> {
  const mark = request.url.indexOf('?');
  const path = mark === -1 ? request.url : request.url.slice(0, mark);
  if (EMPTY_ID_PATHS.has(path)) throw notFound(`The path ${path} names no item: the id after the last slash is empty.`);
}
