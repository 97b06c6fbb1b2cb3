import { useId } from 'react';
import { checkQuantity, MAX_CASES_PER_LINE, type QuantityCheck, type QuantityLimits } from '../lib/quantityRules';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  limits: QuantityLimits;
  /** A message from outside (e.g. the cart refusing a merge) shown in place of the field's own check. */
  message?: string | null;
  /** Another check than cases within minimum and stock (bottles of a split case); `limits` still bound −/+. */
  check?: (raw: string) => QuantityCheck;
  /** The hint under the field, in place of "Minimum …, … in stock". */
  hint?: string;
}

/** Cases to order, with −/+ that stay within minimum and stock, and a plain message for anything else typed. */
export function QuantityStepper({ label, value, onChange, limits, message, check: checkOf, hint }: Props) {
  const id = useId();
  const check = checkOf ? checkOf(value) : checkQuantity(value, limits);
  const shown = message ?? (check.ok ? null : check.message);
  const current = check.ok ? check.value : Number.parseInt(value, 10);
  const upper = Math.min(limits.stock, MAX_CASES_PER_LINE);
  const step = (delta: number) => {
    const base = Number.isFinite(current) ? current : limits.minimum;
    const next = Math.min(upper, Math.max(limits.minimum, base + delta));
    onChange(String(next));
  };
  return (
    <div className="stepper">
      <label htmlFor={id}>{label}</label>
      <div className="stepper-controls">
        <button type="button" aria-label={`Decrease ${label}`} onClick={() => step(-1)} disabled={!Number.isFinite(current) || current <= limits.minimum}>
          −
        </button>
        <input
          id={id}
          inputMode="numeric"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
          size={5}
        />
        <button type="button" aria-label={`Increase ${label}`} onClick={() => step(1)} disabled={Number.isFinite(current) && current >= upper}>
          +
        </button>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {hint ?? `Minimum ${limits.minimum}, ${limits.stock > 0 ? `${limits.stock} in stock` : 'out of stock'}`}
      </p>
      {shown ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
