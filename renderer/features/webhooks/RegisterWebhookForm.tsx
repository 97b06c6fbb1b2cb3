import { useState, type FormEvent } from 'react';
import { CreateWebhookBody, WEBHOOK_EVENTS, type CreatedWebhook, type WebhookEventName } from '../../../shared/schemas';
import { errorCode, errorMessage } from '../../lib/bridgeErrors';
import { useServiceExtensions } from '../../lib/useServiceExtensions';
import { useCreateWebhook } from './mutations';

/** What is wrong with a webhook address the contract refuses, in the buyer's words. */
function urlProblem(url: string): string {
  if (!/^https?:\/\//i.test(url)) return 'Enter a full address starting with https:// (or http:// for testing).';
  return 'This address cannot receive events: write it like https://hooks.example.com/orders, with spaces as %20, at most one #, and a port up to 65535.';
}

/** `deleted`: webhooks deleted since; the secret of one of them is no use any more and is not shown. */
export function RegisterWebhookForm({ deleted = [] }: { deleted?: readonly string[] }) {
  const [url, setUrl] = useState('');
  // order.cancelled is an extension: offered only where the service accepts it.
  const { orderCancelledEvent } = useServiceExtensions();
  const offeredEvents = WEBHOOK_EVENTS.filter((event) => event !== 'order.cancelled' || orderCancelledEvent);
  const [events, setEvents] = useState<WebhookEventName[]>([...WEBHOOK_EVENTS]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const create = useCreateWebhook((webhook) => {
    setCreated(webhook);
    setUrl('');
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    const parsed = CreateWebhookBody.safeParse({ url: url.trim(), events: events.filter((event) => offeredEvents.includes(event)) });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'url') next.url = urlProblem(url.trim());
        if (issue.path[0] === 'events') next.events = 'Choose at least one event.';
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };

  const toggle = (name: WebhookEventName, on: boolean) =>
    setEvents((current) => (on ? WEBHOOK_EVENTS.filter((event) => event === name || current.includes(event)) : current.filter((event) => event !== name)));

  return (
    <section aria-labelledby="webhook-register" className="register-webhook">
      <h2 id="webhook-register">Register a webhook</h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="webhook-url">Address that receives events</label>
          <input
            id="webhook-url"
            type="url"
            value={url}
            placeholder="https://example.com/hooks/caseworks"
            onChange={(event) => setUrl(event.target.value)}
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={errors.url ? 'webhook-url-error' : undefined}
          />
          {errors.url ? <p id="webhook-url-error" className="field-error">{errors.url}</p> : null}
        </div>
        <fieldset aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
          <legend>Events</legend>
          {offeredEvents.map((name) => (
            <label key={name} className="checkbox">
              <input type="checkbox" checked={events.includes(name)} onChange={(event) => toggle(name, event.target.checked)} /> {name}
            </label>
          ))}
          {errors.events ? <p id="webhook-events-error" className="field-error">{errors.events}</p> : null}
        </fieldset>
        <button type="submit" className="primary" disabled={create.isPending}>
          Register webhook
        </button>
        {create.isError ? (
          <p className="field-error" role="alert">
            {errorCode(create.error) === 'not_found'
              ? 'This service does not support registering webhooks from the app.'
              : `The webhook was not registered: ${errorMessage(create.error)}`}
          </p>
        ) : null}
      </form>
      {created && !deleted.includes(created.id) ? <CreatedSecret created={created} onHide={() => setCreated(null)} /> : null}
    </section>
  );
}

function CreatedSecret({ created, onHide }: { created: CreatedWebhook; onHide(): void }) {
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);
  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <div className="secret" role="status">
      <p>
        Registered <strong>{created.url}</strong>. Its signing secret is shown only this once; copy it into the receiving system now.
      </p>
      <div className="field">
        <label htmlFor="webhook-secret">Signing secret</label>
        <input id="webhook-secret" readOnly value={created.secret} onFocus={(event) => event.target.select()} size={48} />
      </div>
      <div className="actions">
        <button type="button" onClick={() => void copySecret()}>
          Copy secret
        </button>
        <button type="button" className="ghost" onClick={onHide}>
          I have saved it, hide the secret
        </button>
      </div>
      <p aria-live="polite" className="field-hint">
        {copy === 'copied' ? 'Copied to the clipboard.' : copy === 'failed' ? 'Copying is not allowed here; select the secret and copy it by hand.' : ''}
      </p>
    </div>
  );
}
