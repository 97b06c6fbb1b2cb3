import { useId } from 'react';
import { US_STATE_CODES, US_STATES, usStateCodeOf, type AccountAddress } from '../../../shared/schemas';
import { useCartStore } from './cartStore';
import { EMPTY_ADDRESS, fromAccountAddress, SHIP_TO_FIELDS, type ShipToField } from './shipTo';

interface Props {
  accountAddress: AccountAddress | undefined;
  errors: Partial<Record<ShipToField, string>>;
}

export function ShipToForm({ accountAddress, errors }: Props) {
  const shipTo = useCartStore((state) => state.shipTo);
  const setShipTo = useCartStore((state) => state.setShipTo);
  const id = useId();
  const stateCode = shipTo ? (usStateCodeOf(shipTo.state) ?? shipTo.state) : '';
  const accountLine = accountAddress
    ? Object.values(fromAccountAddress(accountAddress)).join(', ')
    : 'not synced yet';

  return (
    <fieldset className="ship-to">
      <legend>Ship to</legend>
      <label className="radio">
        <input type="radio" name={`${id}-choice`} checked={shipTo === null} onChange={() => setShipTo(null)} />
        The account's address ({accountLine})
      </label>
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
        <div className="address-fields">
          {SHIP_TO_FIELDS.map(({ field, label, autoComplete }) => (
            <div className="field" key={field}>
              <label htmlFor={`${id}-${field}`}>{label}</label>
              {field === 'state' ? (
                <select
                  id={`${id}-${field}`}
                  value={stateCode}
                  autoComplete={autoComplete}
                  onChange={(event) => setShipTo({ ...shipTo, state: event.target.value })}
                  aria-invalid={errors[field] ? true : undefined}
                  aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
                >
                  {Object.hasOwn(US_STATES, stateCode) ? null : <option value={stateCode}>Choose a state</option>}
                  {US_STATE_CODES.map((code) => (
                    <option key={code} value={code}>
                      {US_STATES[code]} ({code})
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`${id}-${field}`}
                  value={shipTo[field]}
                  autoComplete={autoComplete}
                  onChange={(event) => setShipTo({ ...shipTo, [field]: event.target.value })}
                  aria-invalid={errors[field] ? true : undefined}
                  aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
                />
              )}
              {errors[field] ? (
                <p id={`${id}-${field}-error`} className="field-error">
                  {errors[field]}
                </p>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
