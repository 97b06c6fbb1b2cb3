import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCaseworksCore } from '../app/app-core';
import { startDesktopApp } from './desktop-app';

const mainDir = path.dirname(fileURLToPath(import.meta.url));

void startDesktopApp({
  mainDir,
  createCore: (platform) => createCaseworksCore(platform, { offlineWorkerEntry: path.join(mainDir, 'offline-worker.js') }),
});
