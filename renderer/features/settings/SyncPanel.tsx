import { formatNumber } from '../../../shared/format';
import { Age } from '../../components/Age';
import { showToast } from '../../app/toastStore';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryView } from '../../components/QueryView';
import { errorMessage } from '../../lib/bridgeErrors';
import { formatBytes } from '../../lib/formatBytes';
import { useClearCache, useSyncNow } from './mutations';
import { useSyncStatus } from './queries';
import { DATASET_LABELS } from '../status/SyncProgress';
import { useSessionChange } from './useSessionChange';

export function SyncPanel() {
  const status = useSyncStatus();
  const onSessionChange = useSessionChange();
  const sync = useSyncNow((result) => {
    if (!result.started) showToast({ tone: 'info', title: 'A sync is already running' });
    void status.refetch();
  });
  const clear = useClearCache((result) => {
    showToast({ tone: 'success', title: 'Offline copy cleared', description: `${formatBytes(result.freedBytes)} freed. Queued orders were kept.` });
    onSessionChange();
  });

  return (
    <section aria-labelledby="sync-title">
      <h2 id="sync-title">Offline copy</h2>
      <QueryView query={status} loading="Reading the sync status…" errorTitle="The sync status could not be read">
        {(current) => (
          <>
            <p>
              {syncStateLabel(current.online, current.running)} · saved data takes{' '}
              {formatBytes(current.cacheBytes)}
            </p>
            <table className="datasets">
              <thead>
                <tr>
                  <th scope="col">Data</th>
                  <th scope="col">Last synced</th>
                  <th scope="col" className="num">Items</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {current.datasets.map((dataset) => (
                  <tr key={dataset.name}>
                    <th scope="row">{DATASET_LABELS[dataset.name]}</th>
                    <td>
                      {dataset.updatedAt ? <Age at={dataset.updatedAt} /> : 'never'}
                    </td>
                    <td className="num">{formatNumber(dataset.count)}</td>
                    <td className={dataset.error ? 'stock-problem' : undefined}>{dataset.error ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {current.datasets
              .filter((dataset) => dataset.notice)
              .map((dataset) => (
                <p key={dataset.name} role="status" className="dataset-notice">
                  {DATASET_LABELS[dataset.name]}: {dataset.notice}
                </p>
              ))}
          </>
        )}
      </QueryView>
      <div className="actions">
        <button type="button" onClick={() => sync.mutate()} disabled={sync.isPending || status.data?.running}>
          Sync now
        </button>
        <ConfirmDialog
          trigger={
            <button type="button" className="danger" disabled={clear.isPending}>
              Clear offline copy
            </button>
          }
          title="Clear the offline copy?"
          description="The saved catalog, suppliers, orders and images are deleted and downloaded again at the next sync. You cannot browse offline until then. Queued orders and your cart are kept."
          confirmLabel="Clear offline copy"
          onConfirm={() => clear.mutate()}
        />
      </div>
      {sync.isError ? <p className="field-error" role="alert">Sync could not start: {errorMessage(sync.error)}</p> : null}
      {clear.isError ? <p className="field-error" role="alert">The offline copy was not cleared: {errorMessage(clear.error)}</p> : null}
    </section>
  );
}

/**
 * One state, never a contradiction: a sync that started before the network went away cannot be
 * "syncing now" while offline; it goes on when the service can be reached again.
 */
export function syncStateLabel(online: boolean, running: boolean): string {
  if (!online) return 'Offline · syncs again when the service can be reached';
  return running ? 'Online · syncing now' : 'Online · idle';
}
