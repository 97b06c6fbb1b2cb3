import { OutboxDamageNotice } from '../cart/outbox/OutboxDamageNotice';
import { OfflineBanner } from './OfflineBanner';

/** What the buyer must know whatever the screen: offline, problems at start, a damaged outbox. */
export function StatusNotices() {
  return (
    <div className="status-notices">
      <OfflineBanner />
      <OutboxDamageNotice />
    </div>
  );
}
