import { formatCalendarDate } from '../../../shared/format';
import type { Tracking } from '../../../shared/schemas';
import { useOpenTrackingLink } from './mutations';
import { FailureNote } from '../../components/FailureNote';

export function TrackingPanel({ tracking }: { tracking: Tracking }) {
  const open = useOpenTrackingLink(tracking.tracking_url);
  return (
    <section aria-labelledby="tracking-title" className="tracking">
      <h2 id="tracking-title">Tracking</h2>
      <dl className="facts">
        <div>
          <dt>Carrier</dt>
          <dd>{tracking.carrier}</dd>
        </div>
        <div>
          <dt>Tracking number</dt>
          <dd>{tracking.tracking_number}</dd>
        </div>
        <div>
          <dt>Estimated delivery</dt>
          <dd>{tracking.estimated_delivery ? formatCalendarDate(tracking.estimated_delivery) : 'Not given'}</dd>
        </div>
      </dl>
      <button type="button" onClick={() => open.mutate()} disabled={open.isPending}>
        Track with {tracking.carrier} (opens your browser)
      </button>
      <FailureNote error={open.error} lead="Could not open the tracking page" />
      {open.data === 'tab' ? <p role="status" className="muted">Opened in a new tab.</p> : null}
      {open.data === 'not_opened' ? (
        <p className="field-error" role="alert">
          The tracking page could not be opened from here. Open it with this link:{' '}
          <a href={tracking.tracking_url} target="_blank" rel="noopener noreferrer">
            {tracking.tracking_url}
          </a>
        </p>
      ) : null}
    </section>
  );
}
