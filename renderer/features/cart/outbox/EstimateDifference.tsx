import { formatCents } from '../../../../shared/format';

/** Points out when the service charged something other than the cart's estimate. */
export function EstimateDifference({ estimatedCents, confirmedCents }: { estimatedCents: number; confirmedCents: number }) {
  const difference = confirmedCents - estimatedCents;
  if (difference === 0) {
    return <p className="muted">The confirmed total matches the estimate.</p>;
  }
  return (
    <p className="notice" role="note">
      The service's total is {formatCents(confirmedCents)}, {formatCents(Math.abs(difference))} {difference > 0 ? 'more' : 'less'} than the
      estimate of {formatCents(estimatedCents)} (prices or stock changed since the cart was written).
    </p>
  );
}
