import { OutboxDamageNotice } from '../cart/outbox/OutboxDamageNotice';
import { ConnectionNotice } from './ConnectionNotice';
import { OfflineBanner } from './OfflineBanner';

/** What the buyer must know whatever the screen: offline, problems at start, a damaged outbox. */
export function StatusNotices() {
  return (
    <div className="status-notices">
      <OfflineBanner />
      <ConnectionNotice />
      <OutboxDamageNotice />
    </div>
  );
}
