import { AccountSwitcher } from '../features/buyer-accounts/AccountSwitcher';
import { useSession } from '../lib/useSession';
import { routeHref } from './routes';

/** Whose account orders go to, always in view: a buyer may manage several. */
export function SignedInAs() {
  const session = useSession();
  const account = session.data?.account;
  if (!account) return null;
  return (
    <p className="signed-in-as">
      <a href={routeHref({ screen: 'account' })}>{account.name}</a>
      {session.data?.mode === 'demo' ? <span className="muted"> · demo marketplace</span> : null} <AccountSwitcher />
    </p>
  );
}
