import * as electron from 'electron';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createElectronPlatform } from '../../../electron/main/electron-platform';
import type { FakeElectron } from '../../support/fake-electron-module';

const fake = electron as unknown as FakeElectron;

describe('the Electron platform', () => {
  const platform = createElectronPlatform({ mainDir: '/opt/caseworks/dist-electron/main' });

  it('keeps data in the user data folder and the key with safeStorage', () => {
    expect(platform.dataDir).toBe('/tmp/caseworks-fake-electron/userData');
    expect(platform.keyStore.safeStorage).toBe(fake.safeStorage);
  });

  it.each(['http://track.example.com/1', 'file:///etc/passwd', 'javascript:alert(1)', 'mailto:a@example.com'])(
    'never hands %s to the shell',
    async (url) => {
      fake.shell.openExternal.mockClear();
      expect(await platform.openExternal!(url)).toBe(false);
      expect(fake.shell.openExternal).not.toHaveBeenCalled();
    },
  );

  it('opens https links in the browser', async () => {
    expect(await platform.openExternal!('https://track.example.com/1Z')).toBe(true);
    expect(fake.shell.openExternal).toHaveBeenCalledWith('https://track.example.com/1Z');
  });

  it('shows desktop notifications', () => {
    platform.notify('Order shipped', 'Order CW-1 is on its way.');
    expect(fake.Notification).toHaveBeenCalledWith({ title: 'Order shipped', body: 'Order CW-1 is on its way.' });
    const shown = fake.Notification.mock.results[0]?.value as { show: ReturnType<typeof vi.fn> };
    expect(shown.show).toHaveBeenCalled();
  });

  it('runs the embedded service in a utility process from the built bundle', () => {
    const messages = vi.fn();
    const child = platform.forkService({ env: { CASEWORKS_SERVICE_ARGS: '[]' } });
    child.on('message', messages);
    const [entry, args, options] = fake.utilityProcess.fork.mock.calls[0] as unknown as [string, string[], { env: Record<string, string> }];
    expect(entry).toBe('/opt/caseworks/dist-electron/main/embedded-service.js');
    expect(args).toEqual([]);
    expect(options.env.CASEWORKS_SERVICE_ARGS).toBe('[]');
    const forked = fake.utilityProcess.fork.mock.results[0]!.value as { emit(event: string, ...args: unknown[]): void; postMessage: ReturnType<typeof vi.fn> };
    forked.emit('message', { type: 'ready', baseUrl: 'http://127.0.0.1:1/api/v1' });
    expect(messages).toHaveBeenCalledWith({ type: 'ready', baseUrl: 'http://127.0.0.1:1/api/v1' });
    child.postMessage({ type: 'stop' });
    expect(forked.postMessage).toHaveBeenCalledWith({ type: 'stop' });
  });

  it('saves a file where the user chose in the save dialog, and nothing when the dialog is cancelled', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'caseworks-save-'));
    const request = { suggestedName: 'orders.csv', contents: 'Order number\r\nCW-1\r\n', filterName: 'CSV', extension: 'csv' };
    fake.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: path.join(folder, 'march.csv') });
    expect(await platform.saveFile!(request)).toEqual({ saved: true, fileName: 'march.csv' });
    expect(readFileSync(path.join(folder, 'march.csv'), 'utf8')).toBe(request.contents);
    expect(fake.dialog.showSaveDialog).toHaveBeenLastCalledWith({
      defaultPath: '/tmp/caseworks-fake-electron/documents/orders.csv',
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    });
    fake.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: true });
    expect(await platform.saveFile!(request)).toEqual({ saved: false, reason: 'cancelled' });
  });
});
