import type { DatasetName } from '../../../shared/bridge/datasets';
import { succeed } from '../../core/failure';
import type { HandlerGroup } from '../handler-types';
import type { ReadContext } from './read-context';
import { callService, freshOrCached } from './service-calls';

export interface WebhookHandlerDeps extends ReadContext {
  /** A change was made on the service: refresh that part of the offline copy. */
  changed(dataset: DatasetName): void;
}

/** Webhook registrations are listed from the service when it answers; creating and deleting need the service. */
export function createWebhookHandlers(deps: WebhookHandlerDeps) {
  return {
    async listWebhooks() {
      const read = await freshOrCached({
        online: deps.online(),
        live: async () => {
          const listed = await callService(deps.client(), 'listWebhooks');
          return listed.ok ? succeed(listed.data.data) : listed;
        },
        cached: () => deps.offline.webhooks(),
        now: deps.now,
      });
      return read.ok ? succeed({ items: read.data.data, freshness: read.data.freshness }) : read;
    },
    async createWebhook(input) {
      const created = await callService(deps.client(), 'createWebhook', { body: input });
      if (created.ok) deps.changed('webhooks');
      return created;
    },
    async deleteWebhook({ id }) {
      const result = await callService(deps.client(), 'deleteWebhook', { params: { id } });
      if (!result.ok) return result;
      deps.changed('webhooks');
      return succeed({ deleted: result.data.success });
    },
  } satisfies HandlerGroup<'listWebhooks' | 'createWebhook' | 'deleteWebhook'>;
}
