import { useRef, useState, type FormEvent } from 'react';
import { errorCode, errorMessage } from '../../lib/bridgeErrors';
import { connectionErrorsFrom, validateConnection, type ConnectionErrors } from './connectionForm';
import { CheckedInput } from '../../components/CheckedInput';

export interface ServiceKeyInput {
  baseUrl: string;
  apiKey: string;
  allowWeakKeyStorage: boolean;
}

interface Props {
  /** Prefix of the fields' ids, so two forms can share a screen. */
  idPrefix: string;
  initialUrl: string;
  weakStorageAvailable: boolean;
  submitLabel: string;
  /** Sends the checked input; a failure is shown next to the field it concerns. */
  submit(input: ServiceKeyInput): Promise<unknown>;
}

/** A service URL and API key, checked as main checks them, then tested by main before anything is kept. */
export function ServiceKeyForm({ idPrefix, initialUrl, weakStorageAvailable, submitLabel, submit }: Props) {
  const [baseUrl, setBaseUrl] = useState(initialUrl);
  const [apiKey, setApiKey] = useState('');
  const [allowWeak, setAllowWeak] = useState(false);
  const [errors, setErrors] = useState<ConnectionErrors>({});
  const [pending, setPending] = useState(false);
  const urlRef = useRef<HTMLInputElement>(null);
  const keyRef = useRef<HTMLInputElement>(null);
  const ids = { url: `${idPrefix}-url`, key: `${idPrefix}-key` };
  /** Puts the focus on the first field with a problem, so its message is read out. */
  const showErrors = (next: ConnectionErrors) => {
    setErrors(next);
    if (next.baseUrl) urlRef.current?.focus();
    else if (next.apiKey) keyRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = validateConnection(baseUrl, apiKey);
    if (!check.ok) {
      showErrors(check.errors);
      return;
    }
    setErrors({});
    setPending(true);
    submit({ baseUrl: check.baseUrl, apiKey: check.apiKey, allowWeakKeyStorage: allowWeak })
      .then(
        () => setApiKey(''),
        (error: unknown) => showErrors(connectionErrorsFrom(errorCode(error), errorMessage(error))),
      )
      .finally(() => setPending(false));
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <CheckedInput id={ids.url} label="Service URL" hint="https:// and ending in /api/v1 (http:// only for this computer)." error={errors.baseUrl}>
        {(described) => (
          <input
            ref={urlRef}
            id={ids.url}
            type="url"
            value={baseUrl}
            placeholder="https://orders.example.com/api/v1"
            autoComplete="url"
            onChange={(event) => setBaseUrl(event.target.value)}
            {...described}
          />
        )}
      </CheckedInput>
      <CheckedInput id={ids.key} label="API key" error={errors.apiKey}>
        {(described) => (
          <input
            ref={keyRef}
            id={ids.key}
            type="password"
            value={apiKey}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setApiKey(event.target.value)}
            {...described}
          />
        )}
      </CheckedInput>
      {weakStorageAvailable ? (
        <label className="checkbox">
          <input type="checkbox" checked={allowWeak} onChange={(event) => setAllowWeak(event.target.checked)} /> Keep the key on this computer
          without system encryption (otherwise it is kept in memory only and asked for again after a restart)
        </label>
      ) : null}
      <button type="submit" className="primary" disabled={pending}>
        {pending ? 'Testing the connection…' : submitLabel}
      </button>
      {errors.form ? <p className="field-error" role="alert">{errors.form}</p> : null}
    </form>
  );
}
