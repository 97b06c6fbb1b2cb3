import type { ReactNode } from 'react';

/**
 * A labelled field with what is wrong with it said under it (an alert), tied to the control for
 * screen readers: `children` renders the control with the attributes it is given.
 */
export function CheckedInput(props: {
  id: string;
  label: string;
  className?: string;
  error: string | undefined;
  children(describedBy: { 'aria-invalid'?: true; 'aria-describedby'?: string }): ReactNode;
}) {
  const { id, label, className = 'field', error, children } = props;
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
