import type { EndpointName, EndpointResponse } from '../../../shared/api/endpoints';
import type { DatasetName } from '../../../shared/bridge/datasets';
import type { ServiceExtension } from '../../../shared/bridge/extensions';
import type { CallArgs, ExtensionRegistry } from '../../core/api';
import { failWith, succeed, type Outcome } from '../../core/failure';
import type { HandlerGroup } from '../handler-types';
import type { ReadContext } from './read-context';
import { NOT_CONNECTED } from './service-calls';

export interface ExtensionHandlerDeps extends ReadContext {
  /** A change was made on the service: refresh that part of the offline copy. */
  changed(dataset: DatasetName): void;
  extensions: ExtensionRegistry;
}

const WHAT: Record<ServiceExtension, string> = {
  cancelOrder: 'cancelling orders',
  webhookDeliveries: "showing a webhook's deliveries",
  webhookTest: 'sending test events',
  webhookPause: 'pausing webhooks',
  orderCancelledEvent: 'the order.cancelled event',
  orderBackups: 'backups on order lines',
};

export const OFFLINE_CANCEL = 'You are offline: an order can be cancelled only while Caseworks is connected to the service. Nothing was changed.';

/**
 * The service extensions (issue 15), each called only where the connected service offers it. A
 * service that answers an extension's call 404/405 without having said it offers it is
 * remembered as not offering it.
 */
export function createExtensionHandlers(deps: ExtensionHandlerDeps) {
  async function callExtension<N extends EndpointName>(extension: ServiceExtension, name: N, ...args: CallArgs<N>): Promise<Outcome<EndpointResponse<N>>> {
    const client = deps.client();
    if (!client) return failWith('not_configured', NOT_CONNECTED);
    const known = await deps.extensions.known(client.baseUrl);
    const notOffered = () => failWith('not_found', `This service does not offer ${WHAT[extension]}.`);
    if (known[extension] === false) return notOffered();
    const result = await client.call(name, ...args);
    if (!result.ok) {
      const { status } = result.error;
      if ((status === 404 || status === 405) && known[extension] !== true) {
        deps.extensions.refused(client.baseUrl, extension);
        return notOffered();
      }
      return { ok: false, error: result.error };
    }
    if (result.notModified) return failWith('bad_response', 'The service answered "not modified" to a request without a validator.', true);
    return succeed(result.data);
  }

  return {
    async getServiceExtensions() {
      const client = deps.client();
      if (!client) return succeed({ cancelOrder: false, webhookDeliveries: false, webhookTest: false, webhookPause: false, orderCancelledEvent: false, orderBackups: false });
      return succeed(await deps.extensions.offered(client.baseUrl));
    },
    async cancelOrder({ id }) {
      if (!deps.online()) return failWith('offline', OFFLINE_CANCEL, true);
      const order = await callExtension('cancelOrder', 'cancelOrder', { params: { id } });
      if (!order.ok) {
        // The service refused because the order moved on (shipped or delivered) since the offline
        // copy last had it: the copy's orders are brought up to date now, not at the next sync.
        if (order.error.problemCode === 'order_not_cancellable') deps.changed('orders');
        return order;
      }
      // Best-effort: the service cancelled it; a copy that refuses to keep the cancelled order (a full
      // disk…) must not tell the buyer the cancelling failed. The next sync brings it.
      await deps.offline.keepOrderDetail(order.data);
      // The list, the status notification and the catalog's restored stock come with the next sync.
      deps.changed('orders');
      deps.changed('catalog');
      return order;
    },
    async listWebhookDeliveries({ id, page, perPage }) {
      const result = await callExtension('webhookDeliveries', 'listWebhookDeliveries', { params: { id }, query: { page, per_page: perPage } });
      return result.ok ? succeed({ items: result.data.data, meta: result.data.meta }) : result;
    },
    async sendWebhookTest({ id }) {
      return callExtension('webhookTest', 'testWebhook', { params: { id } });
    },
    async setWebhookActive({ id, active }) {
      const webhook = await callExtension('webhookPause', 'updateWebhook', { params: { id }, body: { active } });
      if (webhook.ok) deps.changed('webhooks');
      return webhook;
    },
  } satisfies HandlerGroup<'getServiceExtensions' | 'cancelOrder' | 'listWebhookDeliveries' | 'sendWebhookTest' | 'setWebhookActive'>;
}
