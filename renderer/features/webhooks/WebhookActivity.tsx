import { formatDateTime } from '../../../shared/format';
import type { Webhook, WebhookDeliveryRecord } from '../../../shared/schemas';
import { errorMessage } from '../../lib/bridgeErrors';
import { useServiceExtensions } from '../../lib/useServiceExtensions';
import { useSendWebhookTest, useSetWebhookActive } from './mutations';
import { useWebhookDeliveries } from './queries';

const RECENT_DELIVERIES = 10;

/** One attempt's outcome in plain words. */
export function deliveryOutcome(delivery: WebhookDeliveryRecord): string {
  if (delivery.state === 'delivered') return `Delivered (HTTP ${delivery.status_code ?? '2xx'})`;
  const why = delivery.status_code !== null ? `HTTP ${delivery.status_code}` : (delivery.error ?? 'no answer');
  if (delivery.state === 'failed') return `Failed: ${why}`;
  if (delivery.attempts === 0) return 'Waiting to be sent';
  const last = delivery.last_attempt_at ? `, last tried ${formatDateTime(delivery.last_attempt_at)}` : '';
  return `Retrying (${why})${last}${delivery.next_retry_at ? `, next at ${formatDateTime(delivery.next_retry_at)}` : ''}`;
}

/**
 * Newest event first, by the time the Time column shows: when the event was raised. (The service
 * lists them so; a retried old event keeps its place instead of jumping by its last attempt.)
 */
export function byEventTime(deliveries: readonly WebhookDeliveryRecord[]): WebhookDeliveryRecord[] {
  return [...deliveries].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

const failing = (delivery: WebhookDeliveryRecord) => delivery.state === 'failed' || (delivery.state === 'pending' && delivery.attempts > 0);

/**
 * What the service did for one registration, where it offers it (extensions): pause/resume, a
 * test event and its result, and the recent deliveries (a failing one stands out).
 */
export function WebhookActivity({ webhook }: { webhook: Webhook }) {
  const offered = useServiceExtensions();
  const toggle = useSetWebhookActive(webhook.id);
  const test = useSendWebhookTest(webhook.id);
  const deliveries = useWebhookDeliveries(webhook.id, RECENT_DELIVERIES, offered.webhookDeliveries);

  return (
    <div className="webhook-activity">
      <div className="webhook-actions">
        {offered.webhookPause ? (
          <button type="button" disabled={toggle.isPending} onClick={() => toggle.mutate(!webhook.active)} aria-label={`${webhook.active ? 'Pause' : 'Resume'} webhook ${webhook.url}`}>
            {webhook.active ? 'Pause' : 'Resume'}
          </button>
        ) : null}
        {offered.webhookTest ? (
          <button type="button" disabled={test.isPending || !webhook.active} onClick={() => test.mutate()} aria-label={`Send test event to ${webhook.url}`}>
            {test.isPending ? 'Sending…' : 'Send test event'}
          </button>
        ) : null}
      </div>
      {offered.webhookPause && !webhook.active ? (
        <p className="muted">Paused: nothing is sent to it. Events raised while paused are not sent after it resumes.</p>
      ) : null}
      {toggle.isError ? <p className="field-error" role="alert">Could not change it: {errorMessage(toggle.error)}</p> : null}
      {test.data ? (
        <p role="status" className={failing(test.data) ? 'delivery-failing' : 'verified'}>
          Test event: {deliveryOutcome(test.data)}
          {test.data.duration_ms !== null ? ` in ${test.data.duration_ms} ms` : ''}
        </p>
      ) : null}
      {test.isError ? <p className="field-error" role="alert">The test event was not sent: {errorMessage(test.error)}</p> : null}
      {offered.webhookDeliveries ? (
        <details className="webhook-deliveries" open>
          <summary>Recent deliveries{deliveries.data ? ` (${deliveries.data.meta.total})` : ''}</summary>
          {deliveries.isError ? (
            <p className="field-error">Deliveries could not be loaded: {errorMessage(deliveries.error)}</p>
          ) : deliveries.data && deliveries.data.items.length === 0 ? (
            <p className="muted">Nothing sent yet.</p>
          ) : deliveries.data ? (
            <table className="orders-table" aria-label={`Deliveries to ${webhook.url}`}>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col" aria-sort="descending">Time</th>
                  <th scope="col" className="num">Attempts</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {byEventTime(deliveries.data.items).map((delivery) => (
                  <tr key={delivery.webhook_id} className={failing(delivery) ? 'delivery-failing' : undefined} data-state={delivery.state}>
                    <td>{delivery.event}</td>
                    <td><time dateTime={delivery.created_at}>{formatDateTime(delivery.created_at)}</time></td>
                    <td className="num">{delivery.attempts}</td>
                    <td>{deliveryOutcome(delivery)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </details>
      ) : null}
    </div>
  );
}
