import { formatDateTime } from '../../../shared/format';
import { DataAge } from '../../components/DataAge';
import { QueryView } from '../../components/QueryView';
import { formatNumber } from '../../../shared/format';
import { useAddressBook } from '../addresses/queries';
import { useFavourites } from '../favourites/queries';
import { useOrderGuides } from '../guides/queries';
import { useAccount } from './queries';

export default function AccountScreen() {
  const query = useAccount();
  return (
    <QueryView
      query={query}
      loading="Loading the account…"
      errorTitle="The account could not be loaded"
      renderError={(message) => (
        <section aria-labelledby="account-title">
          <h1 id="account-title">Account</h1>
          {message}
        </section>
      )}
    >
      {({ data: account, freshness }) => (
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
                <div><dt>Number</dt><dd>{account.license.number}</dd></div>
                <div><dt>State</dt><dd>{account.license.state}</dd></div>
                <div><dt>Type</dt><dd>{account.license.type}</dd></div>
                <div>
                  <dt>Verification</dt>
                  <dd className={account.license.verified ? 'verified' : 'stock-problem'}>
                    {account.license.verified
                      ? `Verified${account.license.verified_at ? ` on ${formatDateTime(account.license.verified_at)}` : ''}`
                      : 'Not verified yet'}
                  </dd>
                </div>
              </dl>
            </section>
            <section aria-labelledby="account-address">
              <h2 id="account-address">Address</h2>
              <address>
                {account.address.street1}
                {account.address.street2 ? (
                  <>
                    <br />
                    {account.address.street2}
                  </>
                ) : null}
                <br />
                {account.address.city}, {account.address.state} {account.address.zip}
              </address>
            </section>
            <section aria-labelledby="account-stats">
              <h2 id="account-stats">On the marketplace</h2>
              <p className="field-hint">As the service counts them for this account, its own address book and favourites included.</p>
              <dl className="facts">
                <div><dt>Orders</dt><dd>{account.stats.total_orders}</dd></div>
                <div><dt>Shipping addresses</dt><dd>{account.stats.shipping_addresses}</dd></div>
                <div><dt>Favourites</dt><dd>{account.stats.favorites}</dd></div>
              </dl>
            </section>
            <OnThisComputer />
          </div>
        </section>
      )}
    </QueryView>
  );
}

/** "—" while a count is being read (or could not be). */
const countOf = (items: readonly unknown[] | undefined) => (items ? formatNumber(items.length) : '—');

/**
 * What Caseworks keeps for this account on this computer: the numbers the app's own screens go by,
 * which are not the service's (the marketplace keeps an address book and favourites of its own).
 */
function OnThisComputer() {
  const addresses = useAddressBook();
  const favourites = useFavourites();
  const guides = useOrderGuides();
  return (
    <section aria-labelledby="account-local">
      <h2 id="account-local">In Caseworks on this computer</h2>
      <p className="field-hint">What the cart, the catalog&apos;s star and the guides use; kept per account, offline too.</p>
      <dl className="facts">
        <div><dt>Saved ship-to addresses</dt><dd>{countOf(addresses.data?.items)}</dd></div>
        <div><dt>Favourites</dt><dd>{countOf(favourites.data?.productIds)}</dd></div>
        <div><dt>Order guides</dt><dd>{countOf(guides.data?.items)}</dd></div>
      </dl>
    </section>
  );
}
