import { useId } from 'react';
import type { AddressBook } from '../../../shared/bridge';
import type { AccountAddress } from '../../../shared/schemas';
import { accountAddressLine } from '../addresses/accountAddressLine';
import { addressLine } from '../addresses/addressLine';
import { AddressFields } from '../addresses/AddressFields';
import { ZipStateNotice, type useZipStateCheck } from '../addresses/ZipStateNotice';
import { useCartStore } from './cartStore';
import { chosenSavedAddress, EMPTY_ADDRESS, fromAccountAddress, type ShipToField } from './shipTo';

interface Props {
  accountAddress: AccountAddress | undefined;
  /** Whether the account is still being read (its address then shows as being read, not as missing). */
  accountReading: boolean;
  /** The saved addresses; undefined while they are read (or could not be). */
  addressBook: AddressBook | undefined;
  errors: Partial<Record<ShipToField | 'label', string>>;
  /** Whether the chosen address's ZIP code and state agree, or the buyer said it is right as written. */
  zipState: ReturnType<typeof useZipStateCheck>;
}

/** The account's address first (read-only), then the saved ones, then a one-off address with "save for later". */
export function ShipToForm({ accountAddress, accountReading, addressBook, errors, zipState }: Props) {
  const shipTo = useCartStore((state) => state.shipTo);
  const choice = useCartStore((state) => state.shipToChoice);
  const saveShipTo = useCartStore((state) => state.saveShipTo);
  const setShipTo = useCartStore((state) => state.setShipTo);
  const chooseShipTo = useCartStore((state) => state.chooseShipTo);
  const setSaveShipTo = useCartStore((state) => state.setSaveShipTo);
  const id = useId();
  const saved = chosenSavedAddress(choice, addressBook);
  const accountLine = accountAddressLine(accountAddress, accountReading);

  return (
    <fieldset className="ship-to">
      <legend>Ship to</legend>
      <label className="radio">
        <input type="radio" name={`${id}-choice`} checked={shipTo === null && saved === null} onChange={() => chooseShipTo('account')} />
        The account's address ({accountLine})
      </label>
      {addressBook?.items.map((item) => (
        <label className="radio" key={item.id}>
          <input type="radio" name={`${id}-choice`} checked={shipTo === null && saved?.id === item.id} onChange={() => chooseShipTo(item.id)} />
          {item.label} ({addressLine(item.address)})
        </label>
      ))}
      <label className="radio">
        <input
          type="radio"
          name={`${id}-choice`}
          checked={shipTo !== null}
          onChange={() => setShipTo(accountAddress ? fromAccountAddress(accountAddress) : EMPTY_ADDRESS)}
        />
        Another address
      </label>
      {shipTo ? (
        <>
          <AddressFields idPrefix={id} value={shipTo} onChange={setShipTo} errors={errors} />
          <label className="checkbox">
            <input type="checkbox" checked={saveShipTo.save} onChange={(event) => setSaveShipTo({ ...saveShipTo, save: event.target.checked })} />
            Save for later
          </label>
          {saveShipTo.save ? (
            <div className="field">
              <label htmlFor={`${id}-label`}>Label for the saved address</label>
              <input
                id={`${id}-label`}
                value={saveShipTo.label}
                placeholder="Downtown bar"
                onChange={(event) => setSaveShipTo({ ...saveShipTo, label: event.target.value })}
                aria-invalid={errors.label ? true : undefined}
                aria-describedby={errors.label ? `${id}-label-error` : undefined}
              />
              {errors.label ? (
                <p id={`${id}-label-error`} className="field-error">
                  {errors.label}
                </p>
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}
      <ZipStateNotice check={zipState} />
    </fieldset>
  );
}
