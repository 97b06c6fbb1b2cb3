import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH } from '../../shared';
import type { Store } from '../store/types';
import { HttpProblem } from './problem';
import { sendProblem, unavailableProblem } from './errors';
import type { StorageWatch } from '../db/storage-watch';

/** Readiness answers within this even when the database does not. */
export const READINESS_TIMEOUT_MS = 2_000;

export const HEALTH_PATHS = {
  live: `${API_BASE_PATH}/health/live`,
  ready: `${API_BASE_PATH}/health/ready`,
  /** The conventional liveness path, for load balancers configured by habit. */
  healthz: '/healthz',
} as const;

const notReady = () => new HttpProblem(503, 'service_unavailable', 'The database is not answering; retry shortly.', undefined, { 'retry-after': '1' });

/** Resolves when `check` does, rejects after `ms`; never leaves a timer behind. */
async function within<T>(check: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers and orchestrators, without an API key and outside the rate limit:
 * liveness (the process answers; no database) and readiness (the database answers within
 * READINESS_TIMEOUT_MS, and its disk is not known full; 503 problem JSON otherwise). A stopping
 * instance answers 503 to both, as to everything else, from the moment it stops taking requests.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  store: Pick<Store, 'ping'>,
  storage: Pick<StorageWatch, 'check'>,
  readinessTimeoutMs: number = READINESS_TIMEOUT_MS,
): void {
  const options = { config: { public: true, rateLimit: false } };
  const live = async () => ({ status: 'live' });
  app.get(HEALTH_PATHS.live, options, live);
  app.get(HEALTH_PATHS.healthz, options, live);
  app.get(HEALTH_PATHS.ready, options, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    let storageState: 'ok' | 'full';
    try {
      await within(store.ping(), readinessTimeoutMs);
      storageState = await within(storage.check(), readinessTimeoutMs);
    } catch {
      return sendProblem(reply, notReady());
    }
    if (storageState === 'full') return sendProblem(reply, unavailableProblem('storage_full'));
    return { status: 'ready' };
  });
}
