import { describe, expect, it, vi } from 'vitest';
import { createDispatcher } from '../../../electron/bridge/dispatcher';
import { createDesktopHandlers } from '../../../electron/bridge/handlers/desktop';
import { failWith, succeed } from '../../../electron/core/failure';
import { createRecordingHandlers } from '../../support/recording-handlers';

function dispatcherWith(saveOrderSheetPdf: Parameters<typeof createDesktopHandlers>[0]['saveOrderSheetPdf']) {
  const desktop = createDesktopHandlers({ isOpenableLink: () => true, openExternal: async () => true, saveOrderSheetPdf });
  return createDispatcher({ handlers: { ...createRecordingHandlers(), ...desktop } });
}

describe('saveOrderSheetPdf over the bridge', () => {
  it('answers unsupported where the host cannot save PDFs (the browser shell), so the page prints itself', async () => {
    expect(await dispatcherWith(null).dispatch('saveOrderSheetPdf', { orderNumber: 'CW-240117' })).toEqual({ ok: true, data: { outcome: 'unsupported' } });
  });

  it("hands the order number to the host's saver and passes its outcome or its error on", async () => {
    const saver = vi.fn(async () => succeed({ outcome: 'saved' as const, fileName: 'Order CW-240117.pdf' }));
    expect(await dispatcherWith(saver).dispatch('saveOrderSheetPdf', { orderNumber: 'CW-240117' })).toEqual({
      ok: true,
      data: { outcome: 'saved', fileName: 'Order CW-240117.pdf' },
    });
    expect(saver).toHaveBeenCalledWith('CW-240117');
    const failing = dispatcherWith(async () => failWith('storage_error', 'Order CW-1.pdf was not saved.', true));
    expect(await failing.dispatch('saveOrderSheetPdf', { orderNumber: 'CW-1' })).toEqual({
      ok: false,
      error: { code: 'storage_error', message: 'Order CW-1.pdf was not saved.', retryable: true },
    });
  });

  it.each(['../../etc/passwd', 'CW 1', 'CW-1.pdf', '', 'x'.repeat(41), '-CW']) ('refuses %j as an order number before the host sees it', async (orderNumber) => {
    const saver = vi.fn();
    const result = await dispatcherWith(saver).dispatch('saveOrderSheetPdf', { orderNumber });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(saver).not.toHaveBeenCalled();
  });
});

describe('openTrackingLink over the bridge', () => {
  const link = 'https://www.ontrac.com/tracking/?number=C123';
  const dispatch = (openExternal?: (url: string) => Promise<boolean>) =>
    createDispatcher({
      handlers: { ...createRecordingHandlers(), ...createDesktopHandlers({ isOpenableLink: (url) => url === link, saveOrderSheetPdf: null, ...(openExternal ? { openExternal } : {}) }) },
    }).dispatch('openTrackingLink', { url: link });

  it('opens it in the desktop\'s browser, and says when that failed', async () => {
    expect(await dispatch(async () => true)).toEqual({ ok: true, data: { outcome: 'opened' } });
    expect(await dispatch(async () => false)).toEqual({ ok: true, data: { outcome: 'not_opened' } });
  });

  it('where the host has no browser to hand it to (the browser shell), tells the page to open it itself', async () => {
    expect(await dispatch()).toEqual({ ok: true, data: { outcome: 'open_in_page' } });
  });
});
