import type { FastifyInstance } from 'fastify';
import { DEMO_RECEIVER_PATH } from '../webhooks/demo-receiver';

/**
 * Sandbox mode only: the receiver the demo's webhook registrations point at (see
 * server/webhooks/demo-receiver.ts). Accepts every delivery with 204 and keeps nothing; no key,
 * no rate limit, outside /api/v1 (it is not part of the interface).
 */
export function registerDemoReceiver(app: FastifyInstance): void {
  app.post(DEMO_RECEIVER_PATH, { config: { public: true, rateLimit: false } }, async (_request, reply) => reply.code(204).send());
}
