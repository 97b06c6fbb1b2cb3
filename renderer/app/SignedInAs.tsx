import { AccountSwitcher } from '../features/buyer-accounts/AccountSwitcher';
import { useBuyerAccounts } from '../features/buyer-accounts/queries';
import { useSession } from '../lib/useSession';
import { routeHref } from './routes';

/** Whose account orders go to, always in view: a buyer may manage several, and switches here. */
export function SignedInAs() {
  const session = useSession();
  const accounts = useBuyerAccounts();
  const account = session.data?.account;
  if (!account) {
    // Signed out of one account while others stay on this computer: they are one switch away.
    if (!accounts.data?.accounts.length) return null;
    return (
      <p className="signed-in-as">
        <span className="muted">Signed out</span> <AccountSwitcher />
      </p>
    );
  }
  return (
    <p className="signed-in-as">
      <a href={routeHref({ screen: 'account' })} title={account.name}>
        {account.name}
      </a>
      {session.data?.mode === 'demo' ? <span className="muted"> · demo marketplace</span> : null} <AccountSwitcher />
    </p>
  );
}
