import type { Freshness } from '../../shared/bridge';
import { Age } from './Age';

/**
 * Says where the data on screen came from and how old it is. The time is when the service last
 * confirmed it: the moment it was read, for data read from the service; the last sync that
 * checked it, for the saved copy. Its age is kept true while the screen stays open.
 */
export function DataAge({ freshness, label = 'Data' }: { freshness: Freshness | undefined; label?: string }) {
  if (!freshness) return null;
  return (
    <p className="data-age">
      {freshness.asOf ? (
        <>
          {label} {freshness.fromCache ? 'saved copy, checked with the service' : 'from the service, read'} <Age at={freshness.asOf} />
        </>
      ) : (
        <>{label}: not synced yet</>
      )}
    </p>
  );
}
