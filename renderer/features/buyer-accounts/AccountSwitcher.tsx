import * as Dialog from '@radix-ui/react-dialog';
import { routeHref } from '../../app/routes';
import { useUiStore } from '../../app/uiStore';
import { navigate } from '../../app/useRoute';
import { errorMessage } from '../../lib/bridgeErrors';
import { useSessionChange } from '../settings/useSessionChange';
import { queuedLabel, serviceLabel } from './accountLabels';
import { useSwitchBuyerAccount } from './mutations';
import { useBuyerAccounts } from './queries';

/** The shortcut that opens the switcher, as `aria-keyshortcuts` and the help dialog name it. */
export const SWITCH_ACCOUNT_SHORTCUT = 'Control+Shift+A';

/**
 * The account switcher in the header: every buyer account on this computer, the active one marked;
 * choosing another switches to it in one step. Opens with Ctrl/Cmd+Shift+A.
 */
export function AccountSwitcher() {
  const open = useUiStore((state) => state.accountSwitcherOpen);
  const setOpen = useUiStore((state) => state.setAccountSwitcherOpen);
  const onSessionChange = useSessionChange();
  const accounts = useBuyerAccounts();
  const switchTo = useSwitchBuyerAccount((session) => {
    onSessionChange(session);
    setOpen(false);
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          switchTo.reset();
          void accounts.refetch();
        }
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="ghost" aria-keyshortcuts={SWITCH_ACCOUNT_SHORTCUT}>
          Switch account
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog-title">Switch buyer account</Dialog.Title>
          <Dialog.Description className="dialog-description">
            Each account keeps its own cart, addresses, favourites and queued orders. Orders of every account are sent in the
            background, each under its own account.
          </Dialog.Description>
          {accounts.isError ? (
            <p className="field-error" role="alert">The accounts could not be read: {errorMessage(accounts.error)}</p>
          ) : (
            <ul className="account-choices" aria-label="Buyer accounts">
              {(accounts.data?.accounts ?? []).map((account) => {
                const queued = queuedLabel(account.queuedOrders);
                return (
                  <li key={account.id}>
                    <button
                      type="button"
                      className={account.active ? 'account-choice active' : 'account-choice'}
                      aria-current={account.active ? 'true' : undefined}
                      disabled={switchTo.isPending}
                      onClick={() => (account.active ? setOpen(false) : switchTo.mutate(account.id))}
                    >
                      <span className="account-name">{account.name}</span>
                      <span className="muted">
                        {' '}
                        · {serviceLabel(account)}
                        {queued ? ` · ${queued}` : ''}
                        {account.active ? ' · active' : ''}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {switchTo.isError ? <p className="field-error" role="alert">Could not switch: {errorMessage(switchTo.error)}</p> : null}
          <div className="dialog-actions">
            <a
              href={routeHref({ screen: 'settings' })}
              onClick={(event) => {
                event.preventDefault();
                setOpen(false);
                navigate({ screen: 'settings' });
              }}
            >
              Add or remove accounts
            </a>
            <Dialog.Close asChild>
              <button type="button">Close</button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
