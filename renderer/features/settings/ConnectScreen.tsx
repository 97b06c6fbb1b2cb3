import { useSession } from '../../lib/useSession';
import { ConnectForm } from './ConnectForm';

/** Shown in place of any screen while no service is configured (after sign-out). */
export default function ConnectScreen() {
  const session = useSession();
  return (
    <section aria-labelledby="connect-title" className="settings">
      <h1 id="connect-title">Connect to a marketplace</h1>
      <p>Choose the demo marketplace to look around, or connect to your wholesale ordering service with its URL and an API key.</p>
      <ConnectForm session={session.data} />
    </section>
  );
}
