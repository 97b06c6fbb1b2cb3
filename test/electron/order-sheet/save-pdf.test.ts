import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { orderSheetFileName, orderSheetPdfSaver, saveOrderSheetPdf, withPdfExtension, type PdfHost } from '../../../electron/core/order-sheet/save-pdf';

const dir = mkdtempSync(path.join(tmpdir(), 'caseworks-order-sheet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n');

function host(overrides: Partial<PdfHost> = {}): PdfHost & { chooseSavePath: ReturnType<typeof vi.fn>; printWindowToPdf: ReturnType<typeof vi.fn> } {
  return {
    chooseSavePath: vi.fn(overrides.chooseSavePath ?? (async (name: string) => path.join(dir, name))),
    printWindowToPdf: vi.fn(overrides.printWindowToPdf ?? (async () => PDF)),
  };
}

describe('saving the order sheet as a PDF', () => {
  it('offers "Order <number>.pdf", prints after the dialog, and writes the whole file where the buyer chose', async () => {
    const pdfHost = host();
    const outcome = await saveOrderSheetPdf({ host: pdfHost }, 'CW-240117');
    expect(outcome).toEqual({ ok: true, data: { outcome: 'saved', fileName: 'Order CW-240117.pdf' } });
    expect(pdfHost.chooseSavePath).toHaveBeenCalledWith('Order CW-240117.pdf');
    expect(pdfHost.chooseSavePath.mock.invocationCallOrder[0]).toBeLessThan(pdfHost.printWindowToPdf.mock.invocationCallOrder[0]!);
    expect(readFileSync(path.join(dir, 'Order CW-240117.pdf'))).toEqual(Buffer.from(PDF));
    // Written atomically: no temporary file is left beside it.
    expect(readdirSync(dir)).toEqual(['Order CW-240117.pdf']);
  });

  it('adds .pdf to a name typed without it', async () => {
    const outcome = await saveOrderSheetPdf({ host: host({ chooseSavePath: async () => path.join(dir, 'march delivery') }) }, 'CW-1');
    expect(outcome).toEqual({ ok: true, data: { outcome: 'saved', fileName: 'march delivery.pdf' } });
    expect(readFileSync(path.join(dir, 'march delivery.pdf'))).toEqual(Buffer.from(PDF));
    expect(withPdfExtension('/a/b.PDF')).toBe('/a/b.PDF');
    expect(orderSheetFileName('CW-9')).toBe('Order CW-9.pdf');
  });

  it('a cancelled dialog prints and writes nothing', async () => {
    const pdfHost = host({ chooseSavePath: async () => null });
    const writeFile = vi.fn();
    expect(await saveOrderSheetPdf({ host: pdfHost, writeFile }, 'CW-2')).toEqual({ ok: true, data: { outcome: 'cancelled' } });
    expect(pdfHost.printWindowToPdf).not.toHaveBeenCalled();
    expect(writeFile).not.toHaveBeenCalled();
  });

  it('a failed print or something that is not a PDF is an error in plain words, and nothing is written', async () => {
    const writeFile = vi.fn();
    for (const printWindowToPdf of [async () => Promise.reject(new Error('GPU process gone')), async () => new TextEncoder().encode('<html>')]) {
      const outcome = await saveOrderSheetPdf({ host: host({ printWindowToPdf }), writeFile }, 'CW-3');
      expect(outcome).toMatchObject({ ok: false, error: { code: 'internal', retryable: true, message: 'The order sheet of CW-3 could not be turned into a PDF. Try again.' } });
    }
    expect(writeFile).not.toHaveBeenCalled();
  });

  it('a folder it may not write to is a storage error that says so', async () => {
    const denied = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    const outcome = await saveOrderSheetPdf({ host: host({ chooseSavePath: async () => '/root/Order CW-4.pdf' }), writeFile: async () => Promise.reject(denied) }, 'CW-4');
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'storage_error', retryable: true, message: 'Order CW-4.pdf was not saved: Caseworks may not write there. Choose another folder and try again.' },
    });
  });

  it('there is no saver on a host without a PDF host (the browser shell)', () => {
    expect(orderSheetPdfSaver(undefined)).toBeNull();
    expect(orderSheetPdfSaver(host())).toBeTypeOf('function');
  });
});
