import { useShellLink } from '../../bridge';
import { useSession } from '../../lib/useSession';
import { useOutbox } from '../cart/outbox/queries';
import { useOnline } from './useOnline';

export function OfflineBanner() {
  const online = useOnline();
  const outbox = useOutbox();
  const shell = useShellLink();
  const problem = useSession().data?.problem ?? null;
  if (shell === 'stopped') return <ShellStoppedBanner />;
  if (online) return null;
  const waiting = outbox.data?.filter((entry) => entry.state === 'queued' || entry.state === 'sending').length ?? 0;
  const count = waiting > 0 ? ` (${waiting} waiting now)` : '';
  // The first contact found the service silent or out of reach: said as it is, with what happens now.
  if (problem?.code === 'not_answering' || problem?.code === 'unreachable') {
    return (
      <div className="offline-banner" role="status" aria-live="polite">
        <strong>You are offline. {problem.message}</strong> {problem.fix}
        {count}
      </div>
    );
  }
  return (
    <div className="offline-banner" role="status" aria-live="polite">
      <strong>You are offline.</strong> Browsing the saved copy of the catalog; each screen shows how old its data is.
      {' '}Orders you place wait in the outbox and go out when the connection returns
      {count}.
    </div>
  );
}

/** The browser shell behind this page has stopped: nothing on the page can load until it runs again. */
function ShellStoppedBanner() {
  return (
    <div className="offline-banner" role="alert">
      <strong>Caseworks has stopped.</strong> This page cannot reach it any more. Start it again with{' '}
      <code>npm run web</code> in a terminal, then open the link it prints. Queued orders are kept.
    </div>
  );
}
