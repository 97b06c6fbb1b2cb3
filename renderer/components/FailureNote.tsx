import { errorMessage } from '../lib/bridgeErrors';

/**
 * What went wrong with an action, next to the control that started it: `lead` ("Could not send it
 * again"), then the error in plain words, then `after` if given. Nothing while `error` is null —
 * pass a mutation's `error` as it is.
 */
export function FailureNote({ error, lead, after }: { error: unknown; lead: string; after?: string }) {
  if (error === null || error === undefined) return null;
  return (
    <p className="field-error" role="alert">
      {lead}: {errorMessage(error)}
      {after ? ` ${after}` : ''}
    </p>
  );
}
