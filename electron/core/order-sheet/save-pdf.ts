import path from 'node:path';
import type { OrderSheetPdfOutcome } from '../../../shared/bridge/order-sheet';
import { failWith, succeed, type Outcome } from '../failure';
import { writeFileDurably } from '../files/durable-write';

/**
 * What a desktop host gives to save the window as a PDF (Electron: a save dialog and
 * `webContents.printToPDF`, see electron/main/order-sheet-pdf.ts). The browser shell has none.
 */
export interface PdfHost {
  /** Asks where to save, offering `suggestedFileName`; null when the buyer cancels. */
  chooseSavePath(suggestedFileName: string): Promise<string | null>;
  /** The window as printed (its print stylesheet applies: the order sheet alone), as PDF bytes. */
  printWindowToPdf(): Promise<Uint8Array>;
}

export interface SavePdfDeps {
  host: PdfHost;
  /** Writes the file whole or not at all (default: atomically, then the folder synced). */
  writeFile?: (filePath: string, bytes: Uint8Array) => Promise<void>;
}

/** The name the save dialog offers for an order's sheet: "Order CW-240117.pdf". */
export const orderSheetFileName = (orderNumber: string): string => `Order ${orderNumber}.pdf`;

/** The chosen path, with ".pdf" added when the buyer typed a name without it. */
export function withPdfExtension(filePath: string): string {
  return /\.pdf$/i.test(filePath) ? filePath : `${filePath}.pdf`;
}

/** Every PDF starts with these five bytes; anything else is not written over the buyer's file. */
const PDF_MAGIC = '%PDF-';
const isPdf = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(0, PDF_MAGIC.length)) === PDF_MAGIC;

const writeDurably = (filePath: string, bytes: Uint8Array) => writeFileDurably(path.dirname(filePath), path.basename(filePath), Buffer.from(bytes));

/**
 * Saves the order sheet on screen as a PDF: asks where first (a cancelled dialog prints nothing),
 * prints the window, then writes the file whole. Failures are values with plain words.
 */
export async function saveOrderSheetPdf(deps: SavePdfDeps, orderNumber: string): Promise<Outcome<OrderSheetPdfOutcome>> {
  const chosen = await deps.host.chooseSavePath(orderSheetFileName(orderNumber));
  if (chosen === null) return succeed({ outcome: 'cancelled' });
  const target = withPdfExtension(chosen);
  let bytes: Uint8Array;
  try {
    bytes = await deps.host.printWindowToPdf();
  } catch {
    return failWith('internal', `The order sheet of ${orderNumber} could not be turned into a PDF. Try again.`, true);
  }
  if (!isPdf(bytes)) return failWith('internal', `The order sheet of ${orderNumber} could not be turned into a PDF. Try again.`, true);
  try {
    await (deps.writeFile ?? writeDurably)(target, bytes);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'EACCES' || (error as NodeJS.ErrnoException).code === 'EPERM'
      ? 'Caseworks may not write there'
      : 'the file could not be written';
    return failWith('storage_error', `${path.basename(target)} was not saved: ${reason}. Choose another folder and try again.`, true);
  }
  return succeed({ outcome: 'saved', fileName: path.basename(target) });
}

/** The bridge's saver on a host that can save PDFs; null on one that cannot (the browser shell). */
export function orderSheetPdfSaver(host: PdfHost | undefined): ((orderNumber: string) => Promise<Outcome<OrderSheetPdfOutcome>>) | null {
  return host ? (orderNumber) => saveOrderSheetPdf({ host }, orderNumber) : null;
}
