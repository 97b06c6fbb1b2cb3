import { useState } from 'react';
import type { BuyerAccount, SessionInfo } from '../../../shared/bridge';
import { formatCount } from '../../../shared/format';
import { showToast } from '../../app/toastStore';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorMessage, Loading } from '../../components/QueryStates';
import { errorMessage } from '../../lib/bridgeErrors';
import { ServiceKeyForm } from '../settings/ServiceKeyForm';
import { useSessionChange } from '../settings/useSessionChange';
import { queuedLabel, serviceLabel } from './accountLabels';
import { DemoBuyersList } from './DemoBuyersList';
import { useAddBuyerAccount, useRemoveBuyerAccount, useSwitchBuyerAccount } from './mutations';
import { useBuyerAccounts } from './queries';

/** Settings: the buyer accounts on this computer (a rep's customers), to add, switch to and remove. */
export function BuyerAccountsSection({ session }: { session: SessionInfo | undefined }) {
  const accounts = useBuyerAccounts();
  const onSessionChange = useSessionChange();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const add = useAddBuyerAccount({
    onSuccess: (next) => {
      setAdded(next.account?.name ?? 'the account');
      setAdding(false);
      onSessionChange(next);
    },
  });
  const switchTo = useSwitchBuyerAccount(onSessionChange);

  return (
    <section aria-labelledby="buyer-accounts-title">
      <h2 id="buyer-accounts-title">Buyer accounts</h2>
      <p className="muted">
        Sign in as several buyers at once, on one service or on several. Each account keeps its own key, cart, addresses, favourites and
        queued orders on this computer; the catalog of a service is shared by its accounts. Queued orders of every account are sent in
        the background, each with its own account&apos;s key.
      </p>
      {session?.keysInMemoryOnly ? (
        <p className="notice">
          This browser shell keeps the list of accounts in its data folder, but never a key (it has no safe place for one). After{' '}
          <code>npm run web</code> restarts, an account you added with a key needs it again: add it again, and its queued orders go out
          then. The demo&apos;s buyers, and the account of <code>CASEWORKS_API_KEY</code>, come back by themselves.
        </p>
      ) : null}
      {accounts.isPending ? (
        <Loading label="Reading the accounts…" />
      ) : accounts.isError ? (
        <ErrorMessage error={accounts.error} title="The accounts could not be read" onRetry={() => void accounts.refetch()} />
      ) : (
        <ul className="buyer-accounts" aria-label="Buyer accounts on this computer">
          {accounts.data.accounts.map((account) => (
            <li key={account.id}>
              <span className="account-name">{account.name}</span>{' '}
              <span className="muted">
                · {serviceLabel(account)}
                {queuedLabel(account.queuedOrders) ? ` · ${queuedLabel(account.queuedOrders)}` : ''}
              </span>{' '}
              {account.active ? (
                <strong>Active</strong>
              ) : (
                <button type="button" onClick={() => switchTo.mutate(account.id)} disabled={switchTo.isPending} aria-label={`Switch to ${account.name}`}>
                  Switch to
                </button>
              )}{' '}
              <RemoveAccount account={account} onRemoved={() => onSessionChange()} />
            </li>
          ))}
        </ul>
      )}
      {switchTo.isError ? <p className="field-error" role="alert">Could not switch: {errorMessage(switchTo.error)}</p> : null}
      {adding ? (
        <section aria-labelledby="add-account-title" className="add-account">
          <h3 id="add-account-title">Add a buyer account</h3>
          <p className="muted">The key is tested with the service before anything is kept; the new account becomes the active one.</p>
          <ServiceKeyForm
            idPrefix="add-account"
            initialUrl={session?.baseUrl ?? ''}
            weakStorageAvailable={session?.weakStorageAvailable ?? false}
            submitLabel="Test and add"
            submit={(input) => {
              setAdded(null);
              return add.mutateAsync(input);
            }}
          />
          <button type="button" onClick={() => setAdding(false)}>
            Cancel
          </button>
        </section>
      ) : (
        <button type="button" onClick={() => setAdding(true)}>
          Add a buyer account
        </button>
      )}
      <DemoBuyersList
        onAdded={(next) => {
          setAdded(next.account?.name ?? 'the account');
          onSessionChange(next);
        }}
      />
      {added ? (
        <p role="status" className="success">
          Added {added}; it is the active account now.
        </p>
      ) : null}
    </section>
  );
}

function RemoveAccount({ account, onRemoved }: { account: BuyerAccount; onRemoved(): void }) {
  const remove = useRemoveBuyerAccount((result) => {
    showToast({
      tone: 'info',
      title: `Removed ${account.name}`,
      description:
        result.keptQueuedOrders > 0
          ? `${formatCount(result.keptQueuedOrders, 'queued order was', 'queued orders were')} kept and will be sent after you add this account again.`
          : undefined,
    });
    onRemoved();
  });
  return (
    <>
      <ConfirmDialog
        trigger={
          <button type="button" className="danger" disabled={remove.isPending} aria-label={`Remove ${account.name}`}>
            Remove
          </button>
        }
        title={`Remove ${account.name}?`}
        description={
          <>
            <p>
              Its API key and its saved private data (orders, account, webhooks) are removed from this computer. Its addresses and
              favourites stay, for when you add it again.
            </p>
            {account.queuedOrders > 0 ? (
              <p className="notice">
                <strong>{formatCount(account.queuedOrders, 'order of this account is', 'orders of this account are')} still waiting in the outbox.</strong>{' '}
                They are kept and sent when you add this account again; they will not be sent until then.
              </p>
            ) : null}
          </>
        }
        confirmLabel="Remove account"
        onConfirm={() => remove.mutate(account.id)}
      />
      {remove.isError ? <p className="field-error" role="alert">Could not remove {account.name}: {errorMessage(remove.error)}</p> : null}
    </>
  );
}
