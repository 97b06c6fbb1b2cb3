import { formatAge, formatDateTime } from '../../shared/format';
import type { Freshness } from '../../shared/bridge';

/** Says how old the data on screen is and whether it came from the offline copy. */
export function DataAge({ freshness, label = 'Data' }: { freshness: Freshness | undefined; label?: string }) {
  if (!freshness) return null;
  const source = freshness.fromCache ? 'saved copy' : 'live from the service';
  return (
    <p className="data-age">
      {freshness.asOf ? (
        <>
          {label} {source}, updated <time dateTime={freshness.asOf} title={formatDateTime(freshness.asOf)}>{formatAge(freshness.asOf)}</time>
        </>
      ) : (
        <>{label}: not synced yet</>
      )}
    </p>
  );
}
