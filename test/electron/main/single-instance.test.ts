import * as electron from 'electron';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startDesktopApp } from '../../../electron/main/desktop-app';
import { APP_DATA_FOLDER_LOCK_FILE as DATA_FOLDER_LOCK_FILE, takeDataFolder } from '../../../server/data-folder-lock';
import type { FakeBrowserWindow, FakeElectron } from '../../support/fake-electron-module';
import { createFakeCore, createTestPlatform } from '../../support/fake-core';

const fake = electron as unknown as FakeElectron;

beforeEach(() => {
  fake.app.listeners.clear();
  fake.app.quit.mockClear();
  fake.dialog.showErrorBox.mockClear();
  fake.BrowserWindow.instances.length = 0;
});

function start(dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-one-owner-'))) {
  const cores: ReturnType<typeof createFakeCore>['core'][] = [];
  const started = startDesktopApp({
    mainDir: '/tmp/none',
    createCore: () => {
      const { core } = createFakeCore();
      cores.push(core);
      return core;
    },
    createPlatform: () => createTestPlatform({ dataDir }),
  });
  return { started, cores, dataDir };
}

describe('the single-instance lock', () => {
  it('quits a second instance before it opens a window or starts a core', async () => {
    fake.app.requestSingleInstanceLock.mockReturnValueOnce(false);
    const { started, cores } = start();
    expect(await started).toBeNull();
    expect(fake.app.quit).toHaveBeenCalled();
    expect(cores).toHaveLength(0);
    expect(fake.ipcMain.handle).not.toHaveBeenCalled();
  });

  it('the first instance brings its window forward when a second one starts: restored, shown, focused', async () => {
    const desktop = await start().started;
    const window = desktop?.window() as unknown as FakeBrowserWindow;
    window.minimized = true;
    fake.app.emit('second-instance');
    expect(window.restore).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    expect(fake.BrowserWindow.instances).toHaveLength(1);
  });

  it('opens a window for a second launch when the first runs without one (macOS, every window closed)', async () => {
    const desktop = await start().started;
    (desktop?.window() as unknown as FakeBrowserWindow).emit('closed');
    expect(desktop?.window()).toBeNull();
    fake.app.emit('second-instance');
    expect(fake.BrowserWindow.instances).toHaveLength(2);
    expect(desktop?.window()).toBe(fake.BrowserWindow.instances[1]);
  });
});

describe('one owner per data folder', () => {
  it('holds the data folder while it runs and gives it up when it quits', async () => {
    const { started, cores, dataDir } = start();
    expect(await started).not.toBeNull();
    expect(existsSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(true);
    expect(takeDataFolder(dataDir, { lockFile: DATA_FOLDER_LOCK_FILE, program: 'npm run web' }).ok, 'a browser shell on the same folder is refused').toBe(false);

    fake.app.emit('before-quit', { preventDefault: vi.fn() });
    await vi.waitFor(() => expect(fake.app.quit).toHaveBeenCalled());
    expect(cores[0]?.close).toHaveBeenCalled();
    expect(existsSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(false);
  });

  it('says who holds a data folder another live process (a browser shell) holds, and starts no core', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-one-owner-'));
    const shell = takeDataFolder(dataDir, { lockFile: DATA_FOLDER_LOCK_FILE, program: 'npm run web' });
    if (!shell.ok) throw new Error('the folder should be free');
    shell.lock.setAddress('http://127.0.0.1:4321/');

    const { started, cores } = start(dataDir);
    expect(await started).toBeNull();
    expect(cores).toHaveLength(0);
    expect(fake.app.quit).toHaveBeenCalled();
    expect(fake.BrowserWindow.instances).toHaveLength(0);
    const [title, text] = fake.dialog.showErrorBox.mock.calls[0] ?? [];
    expect(title).toBe('Caseworks is already running');
    expect(text).toContain(`in use by npm run web (pid ${process.pid}, started `);
    expect(text).toContain('http://127.0.0.1:4321/');
    shell.lock.release();
  });
});
