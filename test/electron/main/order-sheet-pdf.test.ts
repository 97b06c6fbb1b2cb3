import * as electron from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { createPdfHost, PRINT_TO_PDF_OPTIONS } from '../../../electron/main/order-sheet-pdf';
import { createElectronPlatform } from '../../../electron/main/electron-platform';
import type { FakeBrowserWindow, FakeElectron } from '../../support/fake-electron-module';

const fake = electron as unknown as FakeElectron;

function openWindow(): FakeBrowserWindow {
  return new fake.BrowserWindow({}) as unknown as FakeBrowserWindow;
}

describe("Electron's PDF host", () => {
  it('asks where to save over the window, offering the documents folder and PDF files only', async () => {
    const window = openWindow();
    const pdfHost = createPdfHost(() => window as unknown as electron.BrowserWindow);
    const chosen = await pdfHost.chooseSavePath('Order CW-240117.pdf');
    expect(chosen).toBe('/tmp/caseworks-fake-electron/documents/Order CW-240117.pdf');
    const [parent, options] = fake.dialog.showSaveDialog.mock.calls.at(-1)!;
    expect(parent).toBe(window);
    expect(options).toMatchObject({ filters: [{ name: 'PDF', extensions: ['pdf'] }], properties: expect.arrayContaining(['showOverwriteConfirmation']) });
  });

  it('a cancelled dialog, or no window, chooses nothing', async () => {
    fake.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' });
    expect(await createPdfHost(() => openWindow() as unknown as electron.BrowserWindow).chooseSavePath('Order CW-1.pdf')).toBeNull();
    const calls = fake.dialog.showSaveDialog.mock.calls.length;
    expect(await createPdfHost(() => null).chooseSavePath('Order CW-1.pdf')).toBeNull();
    expect(fake.dialog.showSaveDialog.mock.calls.length).toBe(calls);
  });

  it("prints the window's own page with the page's @page size, and refuses a closed window", async () => {
    const window = openWindow();
    const pdfHost = createPdfHost(() => window as unknown as electron.BrowserWindow);
    const bytes = await pdfHost.printWindowToPdf();
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    expect(window.webContents.printToPDF).toHaveBeenCalledWith(PRINT_TO_PDF_OPTIONS);
    expect(PRINT_TO_PDF_OPTIONS.preferCSSPageSize).toBe(true);
    window.destroyed = true;
    await expect(pdfHost.printWindowToPdf()).rejects.toThrow(/closed/);
  });

  it('the Electron platform has a PDF host when it is given the window, and none without', async () => {
    const window = openWindow();
    const withWindow = createElectronPlatform({ mainDir: '/opt/caseworks/dist-electron/main', window: () => window as unknown as electron.BrowserWindow });
    expect(withWindow.pdfHost).toBeDefined();
    vi.mocked(window.webContents.printToPDF).mockClear();
    await withWindow.pdfHost!.printWindowToPdf();
    expect(window.webContents.printToPDF).toHaveBeenCalledTimes(1);
    expect(createElectronPlatform({ mainDir: '/opt/caseworks/dist-electron/main' }).pdfHost).toBeUndefined();
  });
});
