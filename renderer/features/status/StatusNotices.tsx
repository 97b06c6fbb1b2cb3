import { OutboxDamageNotice } from '../cart/outbox/OutboxDamageNotice';
import { ConnectionNotice } from './ConnectionNotice';
import { OfflineBanner } from './OfflineBanner';
import { OfflineUpgradeNotice } from './OfflineUpgradeNotice';

/** What the buyer must know whatever the screen: offline, problems at start, a damaged outbox, the offline copy being updated. */
export function StatusNotices() {
  return (
    <div className="status-notices">
      <OfflineBanner />
      <ConnectionNotice />
      <OutboxDamageNotice />
      <OfflineUpgradeNotice />
    </div>
  );
}
