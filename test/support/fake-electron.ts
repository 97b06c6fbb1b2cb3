import { vi } from 'vitest';
import { createFakeElectron } from './fake-electron-module';

/**
 * The real `electron` package downloads its binary on first import, which a test must never
 * depend on (and which fails where the download is blocked), so every test in the electron
 * project sees this fake instead. Tests reach the fake through
 * `await import('electron')` and may reconfigure it per test.
 */
vi.mock('electron', () => {
  const fake = createFakeElectron();
  return { ...fake, default: fake };
});
