import type { SessionInfo } from '../../../shared/bridge';
import { errorMessage } from '../../lib/bridgeErrors';
import { useAddDemoBuyer } from './mutations';
import { useDemoBuyers } from './queries';

/**
 * The demo marketplace's buyers, each added with one button: its key comes from the demo, so there
 * is none to find, and the account follows the demo whatever port it runs on. Nothing is shown
 * before the demo ever ran (there is no list yet).
 */
export function DemoBuyersList({ onAdded }: { onAdded(session: SessionInfo): void }) {
  const buyers = useDemoBuyers();
  const add = useAddDemoBuyer(onAdded);
  const list = buyers.data?.buyers ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="demo-buyers-title" className="demo-buyers">
      <h3 id="demo-buyers-title">Buyers of the demo marketplace</h3>
      <p className="muted">Add one to try several accounts: no key is needed, and it works whatever port the demo runs on.</p>
      <ul className="buyer-accounts" aria-labelledby="demo-buyers-title">
        {list.map((buyer) => (
          <li key={buyer.accountId}>
            <span className="account-name">{buyer.name}</span>{' '}
            {buyer.added ? (
              <span className="muted">· added</span>
            ) : (
              <button type="button" onClick={() => add.mutate(buyer.accountId)} disabled={add.isPending} aria-label={`Add ${buyer.name}`}>
                Add
              </button>
            )}
          </li>
        ))}
      </ul>
      {add.isError ? (
        <p className="field-error" role="alert">
          Could not add that buyer: {errorMessage(add.error)}
        </p>
      ) : null}
    </section>
  );
}
