import { formatCount } from '../../../shared/format';
import { showToast } from '../../app/toastStore';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/bridgeErrors';
import { useOutbox } from '../cart/outbox/queries';
import { useSignOut } from './mutations';
import { useSessionChange } from './useSessionChange';

export function SignOut() {
  const outbox = useOutbox();
  const onSessionChange = useSessionChange();
  const waiting = outbox.data?.filter((entry) => entry.state !== 'confirmed').length ?? 0;
  const signOut = useSignOut((result) => {
    showToast({
      tone: 'info',
      title: 'Signed out',
      description:
        result.keptQueuedOrders > 0
          ? `${formatCount(result.keptQueuedOrders, 'queued order was', 'queued orders were')} kept and will be sent after you sign in again.`
          : undefined,
    });
    onSessionChange();
  });
  return (
    <section aria-labelledby="signout-title">
      <h2 id="signout-title">Sign out</h2>
      <ConfirmDialog
        trigger={
          <button type="button" className="danger" disabled={signOut.isPending}>
            Sign out
          </button>
        }
        title="Sign out?"
        description={
          <>
            <p>
              The API key and this account's saved private data (orders, account, webhooks) are removed from this computer. The shared
              catalog stays (suppliers, products and their photos), so it is there when you sign in again.
            </p>
            {waiting > 0 ? (
              <p className="notice">
                <strong>
                  {formatCount(waiting, 'order is', 'orders are')} still waiting in the outbox.
                </strong>{' '}
                They are kept and sent when you sign in to this account again; they will not be sent while you are signed out.
              </p>
            ) : null}
          </>
        }
        confirmLabel="Sign out"
        onConfirm={() => signOut.mutate()}
      />
      {signOut.isError ? <p className="field-error" role="alert">Could not sign out: {errorMessage(signOut.error)}</p> : null}
    </section>
  );
}
