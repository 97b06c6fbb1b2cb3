import { useState } from 'react';
import { stateName } from '../../../shared/location';
import { zipStateMismatch, type ZipStateMismatch } from '../../../shared/zip-prefixes';

/** The warning in plain words: which state the ZIP code belongs to, and what to do. */
export function zipStateMessage(mismatch: ZipStateMismatch): string {
  if (mismatch.zipStates.length === 0) {
    return `ZIP code ${mismatch.zip} is not one of any state, DC or territory orders ship to (military APO/FPO codes are not). Check the ZIP code.`;
  }
  const where = mismatch.zipStates.map(stateName).join(' or ');
  return `ZIP code ${mismatch.zip} is in ${where}, but the state is ${stateName(mismatch.state)}. Check the state or the ZIP code.`;
}

const keyOf = (address: { zip: string; state: string }) => `${address.zip.trim()}|${address.state.trim().toUpperCase()}`;

/**
 * Whether an address whose ZIP code and state disagree may go ahead: only once the buyer says it
 * is right as written. Saying so holds for that ZIP code and state only; changing either asks again.
 */
export function useZipStateCheck(address: { zip: string; state: string } | null) {
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const mismatch = address ? zipStateMismatch(address) : null;
  const confirmed = mismatch !== null && address !== null && confirmedFor === keyOf(address);
  return {
    mismatch,
    confirmed,
    /** True when there is nothing to warn of, or the buyer said the address is right. */
    clear: mismatch === null || confirmed,
    setConfirmed(value: boolean) {
      setConfirmedFor(value && address ? keyOf(address) : null);
    },
  };
}

export const ZIP_STATE_CONFIRM_LABEL = 'The address is right as written';

/** The warning under an address, with the box that lets it go ahead as written. Nothing when the ZIP code and the state agree. */
export function ZipStateNotice({ check }: { check: ReturnType<typeof useZipStateCheck> }) {
  if (!check.mismatch) return null;
  return (
    <div className="notice zip-state-notice">
      <p role="status">{zipStateMessage(check.mismatch)}</p>
      <label className="checkbox">
        <input type="checkbox" checked={check.confirmed} onChange={(event) => check.setConfirmed(event.target.checked)} /> {ZIP_STATE_CONFIRM_LABEL}
      </label>
    </div>
  );
}
