import { ErrorMessage, Loading } from '../../components/QueryStates';
import { useSession } from '../../lib/useSession';
import { AddressBookSection } from '../addresses/AddressBookSection';
import { BuyerAccountsSection } from '../buyer-accounts/BuyerAccountsSection';
import { FavouritesNotice } from '../favourites/FavouritesNotice';
import { ConnectForm } from './ConnectForm';
import { SignOut } from './SignOut';
import { OfflineChoicePanel } from './OfflineChoicePanel';
import { SyncPanel } from './SyncPanel';

const MODE_LABELS = { demo: 'the demo service on this computer', custom: 'your service', none: 'no service' } as const;

export default function SettingsScreen() {
  const session = useSession();
  return (
    <section aria-labelledby="settings-title" className="settings">
      <h1 id="settings-title">Settings</h1>
      <section aria-labelledby="connection-title">
        <h2 id="connection-title">Connection</h2>
        {session.isPending ? (
          <Loading label="Reading the connection…" />
        ) : session.isError ? (
          <ErrorMessage error={session.error} title="The connection could not be read" onRetry={() => void session.refetch()} />
        ) : (
          <dl className="facts">
            <div><dt>Connected to</dt><dd>{MODE_LABELS[session.data.mode]}{session.data.baseUrl ? ` (${session.data.baseUrl})` : ''}</dd></div>
            <div><dt>Signed in as</dt><dd>{session.data.account?.name ?? 'nobody'}</dd></div>
            <div><dt>Where the key is kept</dt><dd>{session.data.keyStorageDescription}</dd></div>
          </dl>
        )}
        <ConnectForm session={session.data} />
      </section>
      <BuyerAccountsSection session={session.data} />
      {session.data?.account ? <AddressBookSection /> : null}
      {session.data?.account ? <FavouritesNotice /> : null}
      <SyncPanel />
      {session.data && session.data.mode !== 'none' ? <OfflineChoicePanel /> : null}
      {session.data && session.data.mode !== 'none' ? <SignOut /> : null}
    </section>
  );
}
