import { useRef, useState, type FormEvent } from 'react';
import type { SessionInfo } from '../../../shared/bridge';
import { errorCode, errorMessage } from '../../lib/bridgeErrors';
import { useConnectService, useDemoService } from './mutations';
import { connectionErrorsFrom, validateConnection, type ConnectionErrors } from './connectionForm';
import { useSessionChange } from './useSessionChange';

export function ConnectForm({ session }: { session: SessionInfo | undefined }) {
  const onSessionChange = useSessionChange();
  const [baseUrl, setBaseUrl] = useState(session?.mode === 'custom' ? (session.baseUrl ?? '') : '');
  const [apiKey, setApiKey] = useState('');
  const [allowWeak, setAllowWeak] = useState(false);
  const [errors, setErrors] = useState<ConnectionErrors>({});
  const [connectedTo, setConnectedTo] = useState<string | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const keyRef = useRef<HTMLInputElement>(null);
  /** Puts the focus on the first field with a problem, so its message is read out. */
  const showErrors = (next: ConnectionErrors) => {
    setErrors(next);
    if (next.baseUrl) urlRef.current?.focus();
    else if (next.apiKey) keyRef.current?.focus();
  };

  const connect = useConnectService({
    onSuccess: (next) => {
      setApiKey('');
      setConnectedTo(next.account?.name ?? next.baseUrl ?? 'the service');
      onSessionChange(next);
    },
    onError: (error) => showErrors(connectionErrorsFrom(errorCode(error), errorMessage(error))),
  });
  const demo = useDemoService((next) => {
    setConnectedTo(next.account?.name ?? 'the demo service');
    onSessionChange(next);
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setConnectedTo(null);
    const check = validateConnection(baseUrl, apiKey);
    if (!check.ok) {
      showErrors(check.errors);
      return;
    }
    setErrors({});
    connect.mutate({ baseUrl: check.baseUrl, apiKey: check.apiKey, allowWeakKeyStorage: allowWeak });
  };

  return (
    <div className="connect">
      <section aria-labelledby="connect-demo">
        <h3 id="connect-demo">Demo marketplace</h3>
        <p>A complete marketplace that runs on this computer, signed in as a demo buyer. Nothing you order is real.</p>
        <button type="button" onClick={() => demo.mutate()} disabled={demo.isPending || session?.mode === 'demo'}>
          {session?.mode === 'demo' ? 'Using the demo service' : 'Use the demo service'}
        </button>
        {demo.isError ? <p className="field-error" role="alert">The demo could not start: {errorMessage(demo.error)}</p> : null}
      </section>
      <section aria-labelledby="connect-custom">
        <h3 id="connect-custom">My service</h3>
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="service-url">Service URL</label>
            <input
              ref={urlRef}
              id="service-url"
              type="url"
              value={baseUrl}
              placeholder="https://orders.example.com/api/v1"
              autoComplete="url"
              onChange={(event) => setBaseUrl(event.target.value)}
              aria-invalid={errors.baseUrl ? true : undefined}
              aria-describedby={`service-url-hint${errors.baseUrl ? ' service-url-error' : ''}`}
            />
            <p id="service-url-hint" className="field-hint">https:// and ending in /api/v1 (http:// only for this computer).</p>
            {errors.baseUrl ? <p id="service-url-error" className="field-error">{errors.baseUrl}</p> : null}
          </div>
          <div className="field">
            <label htmlFor="service-key">API key</label>
            <input
              ref={keyRef}
              id="service-key"
              type="password"
              value={apiKey}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setApiKey(event.target.value)}
              aria-invalid={errors.apiKey ? true : undefined}
              aria-describedby={errors.apiKey ? 'service-key-error' : undefined}
            />
            {errors.apiKey ? <p id="service-key-error" className="field-error">{errors.apiKey}</p> : null}
          </div>
          {session?.weakStorageAvailable ? (
            <label className="checkbox">
              <input type="checkbox" checked={allowWeak} onChange={(event) => setAllowWeak(event.target.checked)} /> Keep the key on this computer
              without system encryption (otherwise it is kept in memory only and asked for again after a restart)
            </label>
          ) : null}
          <button type="submit" className="primary" disabled={connect.isPending}>
            {connect.isPending ? 'Testing the connection…' : 'Test and save'}
          </button>
          {errors.form ? <p className="field-error" role="alert">{errors.form}</p> : null}
        </form>
      </section>
      {connectedTo ? (
        <p role="status" className="success">
          Connected to {connectedTo}.
        </p>
      ) : null}
    </div>
  );
}
