import { useMemo, useState } from 'react';
import { formatCount, formatNumber } from '../../../shared/format';
import type { OfflineChoice, OfflineChoiceView } from '../../../shared/bridge';
import { showToast } from '../../app/toastStore';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryView } from '../../components/QueryView';
import { errorMessage } from '../../lib/bridgeErrors';
import { formatBytes } from '../../lib/formatBytes';
import { useSetOfflineChoice } from './mutations';
import { useOfflineChoice } from './queries';
import { choiceSummary, removedSuppliers, sizeBasisNote } from './offlineChoiceWords';

/** Settings → what to keep offline: all of the catalog, or only chosen suppliers, with each one's space on disk. */
export function OfflineChoicePanel() {
  const view = useOfflineChoice();
  return (
    <section aria-labelledby="offline-choice-title" className="offline-choice">
      <h2 id="offline-choice-title">What to keep offline</h2>
      <QueryView query={view} loading="Reading what is kept offline…" errorTitle="What is kept offline could not be read">
        {(current) => <ChoiceForm key={JSON.stringify(current.choice)} saved={current} />}
      </QueryView>
    </section>
  );
}

function ChoiceForm({ saved }: { saved: OfflineChoiceView }) {
  const [keep, setKeep] = useState<OfflineChoice['keep']>(saved.choice.keep);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(saved.suppliers.filter((supplier) => supplier.kept && saved.choice.keep === 'suppliers').map((supplier) => supplier.id)));
  const [filter, setFilter] = useState('');
  const save = useSetOfflineChoice((result) => {
    const parts = [result.freedBytes > 0 ? `${formatBytes(result.freedBytes)} freed.` : null, result.syncStarted ? 'The suppliers added are being downloaded.' : null];
    showToast({ tone: 'success', title: 'Offline choice saved', description: parts.filter(Boolean).join(' ') || undefined });
  });

  const draft: OfflineChoice = keep === 'all' ? { keep: 'all' } : { keep: 'suppliers', supplierIds: saved.suppliers.filter((supplier) => chosen.has(supplier.id)).map((supplier) => supplier.id) };
  const summary = choiceSummary(saved, draft);
  const removed = removedSuppliers(saved, draft);
  const unchanged = JSON.stringify(draft) === JSON.stringify(saved.choice);
  const shown = useMemo(() => {
    const words = filter.trim().toLowerCase();
    return words ? saved.suppliers.filter((supplier) => supplier.name.toLowerCase().includes(words)) : saved.suppliers;
  }, [filter, saved.suppliers]);
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const saveButton = (
    <button type="button" className="primary" disabled={unchanged || save.isPending}>
      Save choice
    </button>
  );
  return (
    <>
      <fieldset className="choice-keep">
        <legend>Keep offline</legend>
        <label className="radio">
          <input type="radio" name="offline-keep" value="all" checked={keep === 'all'} onChange={() => setKeep('all')} /> All of the catalog{saved.suppliers.length > 0 ? ` (about ${formatBytes(saved.allBytes)})` : ''}
        </label>
        <label className="radio">
          <input type="radio" name="offline-keep" value="suppliers" checked={keep === 'suppliers'} onChange={() => setKeep('suppliers')} /> Only the suppliers I choose
        </label>
      </fieldset>
      {keep === 'suppliers' ? (
        <>
          <label className="field">
            Find a supplier
            <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
          </label>
          <div className="supplier-sizes-scroll">
            <table className="supplier-sizes">
              <caption className="visually-hidden">Suppliers and the space their products take offline</caption>
              <thead>
                <tr>
                  <th scope="col">Keep</th>
                  <th scope="col">Supplier</th>
                  <th scope="col" className="num">Products</th>
                  <th scope="col" className="num">Space (estimate)</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((supplier) => (
                  <tr key={supplier.id}>
                    <td>
                      <input
                        type="checkbox"
                        id={`keep-${supplier.id}`}
                        checked={chosen.has(supplier.id)}
                        onChange={(event) => toggle(supplier.id, event.target.checked)}
                      />
                    </td>
                    <th scope="row">
                      <label htmlFor={`keep-${supplier.id}`}>{supplier.name}</label>
                    </th>
                    <td className="num">{formatNumber(supplier.products)}</td>
                    <td className="num">{formatBytes(supplier.estimatedBytes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {shown.length === 0 ? <p>No supplier matches “{filter.trim()}”.</p> : null}
        </>
      ) : null}
      <p className="choice-total" aria-live="polite">
        {summary}
      </p>
      <p className="field-hint">{sizeBasisNote(saved)}</p>
      {draft.keep === 'suppliers' && draft.supplierIds.length === 0 ? (
        <p role="status" className="notice">
          No supplier is chosen: no product will be kept offline, and searching offline will find nothing. Suppliers, your orders and your account are still kept.
        </p>
      ) : null}
      <div className="actions">
        {removed.length > 0 && !unchanged ? (
          <ConfirmDialog
            trigger={saveButton}
            title={`Remove the offline data of ${formatCount(removed.length, 'supplier', 'suppliers')}?`}
            description={
              <>
                <p>
                  The products of {removed.length <= 3 ? removed.map((supplier) => supplier.name).join(', ') : `${removed.slice(0, 3).map((supplier) => supplier.name).join(', ')} and ${formatCount(removed.length - 3, 'other', 'others')}`} are
                  deleted from this computer now (about {formatBytes(removed.reduce((total, supplier) => total + supplier.estimatedBytes, 0))}).
                </p>
                <p>Online you can still find and order them; offline they are not carried. Choose them again later and the next sync downloads them.</p>
              </>
            }
            confirmLabel="Remove and save"
            onConfirm={() => save.mutate(draft)}
          />
        ) : (
          <button type="button" className="primary" disabled={unchanged || save.isPending} onClick={() => save.mutate(draft)}>
            Save choice
          </button>
        )}
      </div>
      {save.isPending ? (
        <p role="status">Saving the choice{removed.length > 0 ? ' and removing the products of the suppliers left out' : ''}…</p>
      ) : null}
      {save.isError ? (
        <p className="field-error" role="alert">
          The choice was not saved: {errorMessage(save.error)}
        </p>
      ) : null}
    </>
  );
}
