import { useSaveOrderSheetPdf } from './mutations';
import { FailureNote } from '../../components/FailureNote';

/**
 * "Print / Save as PDF": the desktop app saves the order sheet through a save dialog (main prints
 * the window to PDF); the browser shell cannot, so the page opens the browser's own print dialog,
 * where "Save as PDF" is a destination. Either way the print stylesheet puts the order sheet alone
 * on the page.
 */
export function PrintOrderButton({ orderNumber, print = () => window.print() }: { orderNumber: string; print?: () => void }) {
  const save = useSaveOrderSheetPdf(orderNumber, print);
  return (
    <div className="print-order">
      <button type="button" onClick={() => save.mutate()} disabled={save.isPending}>
        Print / Save as PDF
      </button>
      <p role="status" className="muted">
        {save.data?.outcome === 'saved' ? `Saved ${save.data.fileName}.` : ''}
      </p>
      <FailureNote error={save.error} lead="The order sheet was not saved" />
    </div>
  );
}
