import { useOutbox } from '../../lib/useSession';
import { useOnline } from './useOnline';

export function OfflineBanner() {
  const online = useOnline();
  const outbox = useOutbox();
  if (online) return null;
  const waiting = outbox.data?.filter((entry) => entry.state === 'queued' || entry.state === 'sending').length ?? 0;
  return (
    <div className="offline-banner" role="status" aria-live="polite">
      <strong>You are offline.</strong> Browsing the saved copy of the catalog; each screen shows how old its data is.
      {' '}Orders you place wait in the outbox and go out when the connection returns
      {waiting > 0 ? ` (${waiting} waiting now)` : ''}.
    </div>
  );
}
