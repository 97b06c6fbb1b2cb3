import { US_STATE_CODES, US_STATES, usStateCodeOf, type ShippingAddress } from '../../../shared/schemas';
import { SHIP_TO_FIELDS, type ShipToField } from '../cart/shipTo';

interface Props {
  idPrefix: string;
  value: ShippingAddress;
  onChange(next: ShippingAddress): void;
  errors: Partial<Record<ShipToField, string>>;
}

/** Street, city, state (from the shared list) and ZIP code, each with its own message. */
export function AddressFields({ idPrefix, value, onChange, errors }: Props) {
  const stateCode = usStateCodeOf(value.state) ?? value.state;
  return (
    <div className="address-fields">
      {SHIP_TO_FIELDS.map(({ field, label, autoComplete }) => {
        const id = `${idPrefix}-${field}`;
        const described = errors[field] ? `${id}-error` : undefined;
        return (
          <div className="field" key={field}>
            <label htmlFor={id}>{label}</label>
            {field === 'state' ? (
              <select
                id={id}
                value={stateCode}
                autoComplete={autoComplete}
                onChange={(event) => onChange({ ...value, state: event.target.value })}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={described}
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
                id={id}
                value={value[field]}
                autoComplete={autoComplete}
                onChange={(event) => onChange({ ...value, [field]: event.target.value })}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={described}
              />
            )}
            {errors[field] ? (
              <p id={`${id}-error`} className="field-error">
                {errors[field]}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
