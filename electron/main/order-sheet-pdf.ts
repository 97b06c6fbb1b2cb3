import { app, dialog, type BrowserWindow } from 'electron';
import path from 'node:path';
import type { PdfHost } from '../core/order-sheet/save-pdf';

/** Backgrounds as on screen (status badges); the page size and margins come from the print stylesheet's `@page`. */
export const PRINT_TO_PDF_OPTIONS = { printBackground: true, preferCSSPageSize: true } as const;

/**
 * Electron's part of saving the order sheet: a save dialog over the window, offering the documents
 * folder, and `webContents.printToPDF` of the window (the print stylesheet shows the sheet alone).
 * The rest (the order of steps, checking and writing the file) is the core's `saveOrderSheetPdf`.
 */
export function createPdfHost(window: () => BrowserWindow | null): PdfHost {
  const open = () => {
    const current = window();
    return current && !current.isDestroyed() ? current : null;
  };
  return {
    async chooseSavePath(suggestedFileName) {
      const current = open();
      if (!current) return null;
      const choice = await dialog.showSaveDialog(current, {
        title: 'Save the order sheet as PDF',
        defaultPath: path.join(app.getPath('documents'), suggestedFileName),
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      });
      return choice.canceled || !choice.filePath ? null : choice.filePath;
    },
    async printWindowToPdf() {
      const current = open();
      if (!current) throw new Error('The window was closed before the order sheet was printed.');
      return current.webContents.printToPDF(PRINT_TO_PDF_OPTIONS);
    },
  };
}
