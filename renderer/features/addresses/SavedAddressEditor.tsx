import { useId, useState, type FormEvent } from 'react';
import type { SavedAddress } from '../../../shared/bridge';
import type { ShippingAddress } from '../../../shared/schemas';
import { errorMessage } from '../../lib/bridgeErrors';
import { EMPTY_ADDRESS } from '../cart/shipTo';
import { AddressFields } from './AddressFields';
import { useAddAddress, useUpdateAddress } from './mutations';
import { checkSavedAddress, serverFieldErrors, type SavedAddressField } from './savedAddressForm';
import { useZipStateCheck, ZIP_STATE_CONFIRM_LABEL, ZipStateNotice } from './ZipStateNotice';

interface Props {
  /** The address being edited; none: a new one. */
  editing?: SavedAddress;
  onDone(): void;
}

/** Adds or edits one saved address: a label and the address, checked before anything is saved. */
export function SavedAddressEditor({ editing, onDone }: Props) {
  const id = useId();
  const [label, setLabel] = useState(editing?.label ?? '');
  const [address, setAddress] = useState<ShippingAddress>(editing?.address ?? EMPTY_ADDRESS);
  const [errors, setErrors] = useState<Partial<Record<SavedAddressField, string>>>({});
  const [zipRefused, setZipRefused] = useState(false);
  const zipState = useZipStateCheck(address);
  const add = useAddAddress();
  const update = useUpdateAddress();
  const saving = editing ? update : add;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkSavedAddress(label, address);
    if (!check.ok) {
      setErrors(check.fields);
      return;
    }
    setErrors({});
    // ZIP code and state disagree: saved only once the buyer says the address is right as written.
    setZipRefused(!zipState.clear);
    if (!zipState.clear) return;
    const done = { onSuccess: onDone, onError: (error: unknown) => setErrors(serverFieldErrors(error)) };
    if (editing) update.mutate({ id: editing.id, ...check.input }, done);
    else add.mutate(check.input, done);
  };

  return (
    <form className="saved-address-editor" onSubmit={onSubmit} noValidate aria-label={editing ? `Edit ${editing.label}` : 'New address'}>
      <div className="field">
        <label htmlFor={`${id}-label`}>Label</label>
        <input
          id={`${id}-label`}
          value={label}
          placeholder="Downtown bar"
          onChange={(event) => setLabel(event.target.value)}
          aria-invalid={errors.label ? true : undefined}
          aria-describedby={errors.label ? `${id}-label-error` : undefined}
        />
        {errors.label ? <p id={`${id}-label-error`} className="field-error">{errors.label}</p> : null}
      </div>
      <AddressFields idPrefix={id} value={address} onChange={setAddress} errors={errors} />
      <ZipStateNotice check={zipState} />
      {zipRefused && !zipState.clear ? (
        <p className="field-error" role="alert">
          Not saved yet: correct the ZIP code or the state, or tick “{ZIP_STATE_CONFIRM_LABEL}”.
        </p>
      ) : null}
      {saving.isError && Object.keys(serverFieldErrors(saving.error)).length === 0 ? (
        <p className="field-error" role="alert">
          The address was not saved: {errorMessage(saving.error)}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={saving.isPending}>
          {editing ? 'Save changes' : 'Save address'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
