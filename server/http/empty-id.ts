import type { FastifyRequest } from 'fastify';
import { API_BASE_PATH, endpoints } from '../../shared';
import { notFound } from './problem';

/**
 * Paths that name an item, or something of an item, with an empty id: `/products/`,
 * `/suppliers//products`, `/webhooks//deliveries`. The router ignores a trailing slash, which would
 * make `GET /products/` the list; they name no item instead, so they are not found, whatever the
 * method (`DELETE /webhooks/` too) and before the key is asked for, like any other unknown path.
 */
const EMPTY_ID_PATHS = new Set(
  Object.values(endpoints)
    .map((spec) => spec.path)
    .filter((path) => path.includes('/:id'))
    .flatMap((path) => {
      const empty = `${API_BASE_PATH}${path.replace('/:id', '/')}`;
      return empty.endsWith('/') ? [empty] : [empty, `${empty}/`];
    }),
);

/** onRequest hook: 404 for an item path whose id is empty. */
export async function emptyIdHook(request: FastifyRequest): Promise<void> {
  const mark = request.url.indexOf('?');
  const path = mark === -1 ? request.url : request.url.slice(0, mark);
  if (EMPTY_ID_PATHS.has(path)) throw notFound(`The path ${path} names no item: the id after the last slash is empty.`);
}
