import type { DatasetName } from '../../../shared/bridge';
import { useStatusStore } from './statusStore';

export const DATASET_LABELS: Record<DatasetName, string> = {
  suppliers: 'Suppliers',
  catalog: 'Catalog',
  productDetails: 'Product details',
  orders: 'Orders',
  account: 'Account',
  webhooks: 'Webhooks',
  images: 'Images',
};

/** A slim bar (its place always kept) while the core syncs: what, how many, of how many. Offline, the banner says why nothing moves. */
export function SyncProgress() {
  const progress = useStatusStore((state) => state.progress);
  const offline = useStatusStore((state) => state.online === false);
  const running = (Object.entries(progress) as [DatasetName, NonNullable<(typeof progress)[DatasetName]>][]).filter(
    ([, value]) => !value.finished,
  );
  const shown = running.length > 0 && !offline;
  // The bar's place is kept when nothing syncs, so the screen below never jumps as it comes and goes.
  return (
    <div className="sync-progress" role="status" aria-live="polite">
      {shown ? <span>Syncing:</span> : null}
      {!shown ? null : running.map(([dataset, value]) => (
        <span key={dataset} className="sync-item">
          {DATASET_LABELS[dataset]} {value.done}
          {value.total !== null ? ` of ${value.total}` : ''}
          {value.total ? (
            <progress value={value.done} max={value.total} aria-label={`${DATASET_LABELS[dataset]} sync progress`} />
          ) : null}
        </span>
      ))}
    </div>
  );
}
