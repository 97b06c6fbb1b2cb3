import { useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import type { Webhook } from '../../../shared/schemas';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataAge } from '../../components/DataAge';
import { EmptyState } from '../../components/QueryStates';
import { QueryView } from '../../components/QueryView';
import { useDeleteWebhook } from './mutations';
import { useWebhooks } from './queries';
import { RegisterWebhookForm } from './RegisterWebhookForm';
import { WebhookActivity } from './WebhookActivity';
import { FailureNote } from '../../components/FailureNote';

export default function WebhooksScreen() {
  const query = useWebhooks();
  // Webhooks deleted on this screen: the secret of one just registered goes with it.
  const [deleted, setDeleted] = useState<readonly string[]>([]);
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <p className="muted">The service posts order events (confirmed, shipped, delivered, and cancelled where it offers it) to these addresses.</p>
      <QueryView query={query} loading="Loading webhooks…" errorTitle="Webhooks could not be loaded">
        {({ items, freshness }) => (
          <>
            <DataAge freshness={freshness} label="Webhooks" />
            {items.length === 0 ? (
              <EmptyState title="No webhooks registered" />
            ) : (
              <ul className="webhook-list">
                {items.map((webhook) => (
                  <WebhookRow key={webhook.id} webhook={webhook} onDeleted={() => setDeleted((ids) => [...ids, webhook.id])} />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryView>
      <RegisterWebhookForm deleted={deleted} />
    </section>
  );
}

function WebhookRow({ webhook, onDeleted }: { webhook: Webhook; onDeleted(): void }) {
  const remove = useDeleteWebhook(webhook.id, onDeleted);
  return (
    <li className="webhook">
      <p className="webhook-url">{webhook.url}</p>
      <p>
        Listens to: {webhook.events.join(', ') || 'none'} · <span className={webhook.active ? 'verified' : 'muted'}>{webhook.active ? 'Active' : 'Inactive'}</span> ·
        registered {formatDateTime(webhook.created_at)}
      </p>
      <WebhookActivity webhook={webhook} />
      <ConfirmDialog
        trigger={
          <button type="button" className="danger" disabled={remove.isPending} aria-label={`Delete webhook ${webhook.url}`}>
            Delete
          </button>
        }
        title="Delete this webhook?"
        description={
          <p>
            The service will stop sending events to <strong>{webhook.url}</strong>. This cannot be undone.
          </p>
        }
        confirmLabel="Delete webhook"
        onConfirm={() => remove.mutate()}
      />
      <FailureNote error={remove.error} lead="Could not delete it" />
    </li>
  );
}
