import type { ReactNode } from 'react';
import { errorMessage } from '../lib/bridgeErrors';
import { nextStep } from '../lib/nextStep';

export function Loading({ label }: { label: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

/**
 * A failure in plain words under its title, then "Try again" (`onRetry`) when trying again can
 * help, or else what the buyer can do instead (decided by the error's code and `retryable`).
 */
export function ErrorMessage({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const step = nextStep(error);
  return (
    <div className="error-message" role="alert">
      <p>
        {title ? <strong>{title}: </strong> : null}
        {errorMessage(error)}
      </p>
      {step !== null ? <p>{step}</p> : null}
      {onRetry && step === null ? (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-title">{title}</p>
      {children}
    </div>
  );
}
