import type { DatasetName } from '../../../shared/bridge/datasets';
import type { HandlerGroup } from '../handler-types';
import type { ReadContext } from './offline-reads';
import { callService, freshOrCached } from './service-calls';

export interface WebhookHandlerDeps extends ReadContext {
  /** A change was made on the service: refresh that part of the offline copy. */
  changed(dataset: DatasetName): void;
}

/** Webhook registrations are listed from the service when it answers; creating and deleting need the service. */
export function createWebhookHandlers(deps: WebhookHandlerDeps) {
  return {
    async listWebhooks() {
      const { data, freshness } = await freshOrCached({
        online: deps.online(),
        live: async () => (await callService(deps.client(), 'listWebhooks')).data,
        cached: () => deps.offline.webhooks(),
        now: deps.now,
      });
      return { items: data, freshness };
    },
    async createWebhook(input) {
      const created = await callService(deps.client(), 'createWebhook', { body: input });
      deps.changed('webhooks');
      return created;
    },
    async deleteWebhook({ id }) {
      const result = await callService(deps.client(), 'deleteWebhook', { params: { id } });
      deps.changed('webhooks');
      return { deleted: result.success };
    },
  } satisfies HandlerGroup<'listWebhooks' | 'createWebhook' | 'deleteWebhook'>;
}
