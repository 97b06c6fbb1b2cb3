import { useState } from 'react';
import type { OutboxProblem } from '../../../../shared/bridge';
import { routeHref } from '../../../app/routes';
import { useOutboxProblem } from './queries';

function title(problem: OutboxProblem): string {
  if (problem.unreadable === null) return 'Some queued orders could not be read.';
  return `${problem.unreadable} queued ${problem.unreadable === 1 ? 'order' : 'orders'} could not be read.`;
}

/**
 * The stored outbox was damaged when it was opened: how many orders were lost and where the
 * damaged copy is, on every screen until the buyer dismisses it (the orders that could be read
 * are in the cart as usual).
 */
export function OutboxDamageNotice() {
  const problem = useOutboxProblem().data ?? null;
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!problem || dismissed === problem.message) return null;
  return (
    <div className="notice-banner notice-error" role="alert">
      <p>
        <strong>{title(problem)}</strong> {problem.message} Check the <a href={routeHref({ screen: 'cart' })}>cart</a> and place any
        missing order again.
      </p>
      <button type="button" onClick={() => setDismissed(problem.message)}>
        Dismiss
      </button>
    </div>
  );
}
