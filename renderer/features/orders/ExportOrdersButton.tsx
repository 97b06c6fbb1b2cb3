import type { OrderHistoryFilter } from '../../../shared/bridge';
import { formatCount } from '../../../shared/format';
import { useExportOrderHistory } from './mutations';
import { FailureNote } from '../../components/FailureNote';

/** "Export CSV" of the filtered orders: one row per line item, saved or downloaded; the outcome is said beside it. */
export function ExportOrdersButton({ filter, orders }: { filter: OrderHistoryFilter; orders: number }) {
  const exporting = useExportOrderHistory();
  const result = exporting.data;
  return (
    <div className="history-export">
      <button type="button" onClick={() => exporting.mutate(filter)} disabled={exporting.isPending || orders === 0}>
        {exporting.isPending ? 'Exporting…' : `Export ${formatCount(orders, 'order', 'orders')} as CSV`}
      </button>
      <p role="status" className="muted">
        {result?.outcome === 'saved' ? `Saved ${formatCount(result.rows, 'row', 'rows')} to ${result.fileName}.` : null}
        {result?.outcome === 'download' ? `Downloaded ${result.fileName} (${formatCount(result.rows, 'row', 'rows')}).` : null}
        {result?.outcome === 'cancelled' ? 'Not exported: the save was cancelled.' : null}
      </p>
      <FailureNote error={exporting.error} lead="The orders could not be exported" />
    </div>
  );
}
