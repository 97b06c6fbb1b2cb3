import { useState } from 'react';
import type { SavedAddress } from '../../../shared/bridge';
import { QueryView } from '../../components/QueryView';
import { errorMessage } from '../../lib/bridgeErrors';
import { useAccount } from '../account/queries';
import { accountAddressLine } from './accountAddressLine';
import { addressLine } from './addressLine';
import { useDeleteAddress, useSetDefaultAddress } from './mutations';
import { useAddressBook } from './queries';
import { SavedAddressEditor } from './SavedAddressEditor';

/** Settings: the account's address (read-only), then the saved ones: add, edit, delete, make default. */
export function AddressBookSection() {
  const book = useAddressBook();
  const account = useAccount();
  const setDefault = useSetDefaultAddress();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const accountAddress = account.data?.data.address;

  return (
    <section aria-labelledby="addresses-title" className="address-book">
      <h2 id="addresses-title">Ship-to addresses</h2>
      <QueryView query={book} loading="Reading the address book…" errorTitle="The address book could not be read">
        {(saved) => (
          <>
            {saved.problem ? (
              <p className="notice" role="status">
                {saved.problem}
              </p>
            ) : null}
            <ul className="address-list" aria-label="Ship-to addresses">
              <li>
                <strong>The account's address</strong> (from the service; change it with the marketplace){' '}
                {saved.defaultId === null ? <span className="badge">Default</span> : null}
                <div>{accountAddressLine(accountAddress, account.isPending)}</div>
                {saved.defaultId !== null ? (
                  <button type="button" onClick={() => setDefault.mutate(null)} disabled={setDefault.isPending}>
                    Make default
                  </button>
                ) : null}
              </li>
              {saved.items.map((item) =>
                editing === item.id ? (
                  <li key={item.id}>
                    <SavedAddressEditor editing={item} onDone={() => setEditing(null)} />
                  </li>
                ) : (
                  <SavedAddressRow
                    key={item.id}
                    item={item}
                    isDefault={saved.defaultId === item.id}
                    onEdit={() => setEditing(item.id)}
                    onMakeDefault={() => setDefault.mutate(item.id)}
                  />
                ),
              )}
            </ul>
            {setDefault.isError ? <p className="field-error" role="alert">The default was not changed: {errorMessage(setDefault.error)}</p> : null}
            {editing === 'new' ? (
              <SavedAddressEditor onDone={() => setEditing(null)} />
            ) : (
              <button type="button" onClick={() => setEditing('new')}>
                Add an address
              </button>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}

function SavedAddressRow(props: { item: SavedAddress; isDefault: boolean; onEdit(): void; onMakeDefault(): void }) {
  const { item, isDefault } = props;
  const remove = useDeleteAddress();
  const [confirming, setConfirming] = useState(false);
  return (
    <li aria-label={item.label}>
      <strong>{item.label}</strong> {isDefault ? <span className="badge">Default</span> : null}
      <div>{addressLine(item.address)}</div>
      {confirming ? (
        <div role="group" aria-label={`Delete ${item.label}?`}>
          Delete “{item.label}”?{' '}
          <button type="button" className="danger" onClick={() => remove.mutate(item.id)} disabled={remove.isPending}>
            Delete
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <div className="actions">
          <button type="button" onClick={props.onEdit} aria-label={`Edit ${item.label}`}>
            Edit
          </button>
          <button type="button" onClick={() => setConfirming(true)} aria-label={`Delete ${item.label}`}>
            Delete
          </button>
          {isDefault ? null : (
            <button type="button" onClick={props.onMakeDefault} aria-label={`Make ${item.label} the default`}>
              Make default
            </button>
          )}
        </div>
      )}
      {remove.isError ? <p className="field-error" role="alert">Not deleted: {errorMessage(remove.error)}</p> : null}
    </li>
  );
}
