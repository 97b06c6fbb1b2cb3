import { formatDateTime } from '../../../shared/format';
import { DataAge } from '../../components/DataAge';
import { ErrorMessage, Loading } from '../../components/QueryStates';
import { useAccount } from './queries';

export default function AccountScreen() {
  const query = useAccount();
  if (query.isPending) return <Loading label="Loading the account…" />;
  if (query.isError) {
    return (
      <section aria-labelledby="account-title">
        <h1 id="account-title">Account</h1>
        <ErrorMessage error={query.error} title="The account could not be loaded" onRetry={() => void query.refetch()} />
      </section>
    );
  }
  const { data: account, freshness } = query.data;
  const { license, address, stats } = account;
  return (
    <section aria-labelledby="account-title" className="account">
      <h1 id="account-title">{account.name}</h1>
      {account.dba_name ? <p className="muted">Doing business as {account.dba_name}</p> : null}
      <DataAge freshness={freshness} label="Account" />
      <div className="account-grid">
        <section aria-labelledby="account-org">
          <h2 id="account-org">Organisation</h2>
          <dl className="facts">
            <div><dt>Account type</dt><dd>{account.type}</dd></div>
            <div><dt>Account id</dt><dd>{account.id}</dd></div>
            <div><dt>Member since</dt><dd>{formatDateTime(account.created_at)}</dd></div>
          </dl>
        </section>
        <section aria-labelledby="account-contact">
          <h2 id="account-contact">Contact</h2>
          <dl className="facts">
            <div><dt>Email</dt><dd>{account.email}</dd></div>
            <div><dt>Phone</dt><dd>{account.phone}</dd></div>
          </dl>
        </section>
        <section aria-labelledby="account-license">
          <h2 id="account-license">Licence</h2>
          <dl className="facts">
            <div><dt>Number</dt><dd>{license.number}</dd></div>
            <div><dt>State</dt><dd>{license.state}</dd></div>
            <div><dt>Type</dt><dd>{license.type}</dd></div>
            <div>
              <dt>Verification</dt>
              <dd className={license.verified ? 'verified' : 'stock-problem'}>
                {license.verified
                  ? `Verified${license.verified_at ? ` on ${formatDateTime(license.verified_at)}` : ''}`
                  : 'Not verified yet'}
              </dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="account-address">
          <h2 id="account-address">Address</h2>
          <address>
            {address.street1}
            {address.street2 ? (
              <>
                <br />
                {address.street2}
              </>
            ) : null}
            <br />
            {address.city}, {address.state} {address.zip}
          </address>
        </section>
        <section aria-labelledby="account-stats">
          <h2 id="account-stats">Activity</h2>
          <dl className="facts">
            <div><dt>Orders</dt><dd>{stats.total_orders}</dd></div>
            <div><dt>Shipping addresses</dt><dd>{stats.shipping_addresses}</dd></div>
            <div><dt>Favourites</dt><dd>{stats.favorites}</dd></div>
          </dl>
        </section>
      </div>
    </section>
  );
}
