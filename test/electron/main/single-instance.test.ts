import * as electron from 'electron';
import { describe, expect, it } from 'vitest';
import { startDesktopApp } from '../../../electron/main/desktop-app';
import type { FakeElectron } from '../../support/fake-electron-module';
import { createFakeCore, createTestPlatform } from '../../support/fake-core';

const fake = electron as unknown as FakeElectron;

describe('the single-instance lock', () => {
  it('quits a second instance before it opens a window or starts a core', async () => {
    fake.app.requestSingleInstanceLock.mockReturnValueOnce(false);
    let coresCreated = 0;
    const started = await startDesktopApp({
      mainDir: '/tmp/none',
      createCore: () => {
        coresCreated += 1;
        return createFakeCore().core;
      },
      createPlatform: () => createTestPlatform(),
    });
    expect(started).toBeNull();
    expect(fake.app.quit).toHaveBeenCalled();
    expect(coresCreated).toBe(0);
    expect(fake.ipcMain.handle).not.toHaveBeenCalled();
  });
});
