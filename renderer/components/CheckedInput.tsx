import type { ReactNode } from 'react';

/**
 * A labelled field with a hint (if any) and what is wrong with it said under it (an alert), both
 * tied to the control for screen readers: `children` renders the control with the attributes it
 * is given.
 */
export function CheckedInput(props: {
  id: string;
  label: string;
  className?: string;
  hint?: string;
  error: string | undefined;
  children(describedBy: { 'aria-invalid'?: true; 'aria-describedby'?: string }): ReactNode;
}) {
  const { id, label, className = 'field', hint, error, children } = props;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children({ ...(error ? { 'aria-invalid': true } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
