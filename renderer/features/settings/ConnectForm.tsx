import { useState } from 'react';
import type { SessionInfo } from '../../../shared/bridge';
import { errorMessage } from '../../lib/bridgeErrors';
import { useConnectService, useDemoService } from './mutations';
import { ServiceKeyForm } from './ServiceKeyForm';
import { useSessionChange } from './useSessionChange';

export function ConnectForm({ session }: { session: SessionInfo | undefined }) {
  const onSessionChange = useSessionChange();
  const [connectedTo, setConnectedTo] = useState<string | null>(null);

  const connect = useConnectService({
    onSuccess: (next) => {
      setConnectedTo(next.account?.name ?? next.baseUrl ?? 'the service');
      onSessionChange(next);
    },
  });
  const demo = useDemoService((next) => {
    setConnectedTo(next.account?.name ?? 'the demo service');
    onSessionChange(next);
  });

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
        <ServiceKeyForm
          idPrefix="service"
          initialUrl={session?.mode === 'custom' ? (session.baseUrl ?? '') : ''}
          weakStorageAvailable={session?.weakStorageAvailable ?? false}
          submitLabel="Test and save"
          submit={(input) => {
            setConnectedTo(null);
            return connect.mutateAsync(input);
          }}
        />
      </section>
      {connectedTo ? (
        <p role="status" className="success">
          Connected to {connectedTo}.
        </p>
      ) : null}
    </div>
  );
}
