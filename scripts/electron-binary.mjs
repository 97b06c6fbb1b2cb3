/**
 * Where the Electron binary is, or null. The electron package fetches its binary the first time
 * `require('electron')` runs; pointing ELECTRON_OVERRIDE_DIST_PATH at its own dist folder makes it
 * return the path without downloading, so a missing binary is detected instead of hanging on a
 * download that cannot succeed. Used by `npm start` and `npm run test:electron`.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export function electronExecutable() {
  try {
    const packageDir = path.dirname(require.resolve('electron/package.json'));
    process.env.ELECTRON_OVERRIDE_DIST_PATH ??= path.join(packageDir, 'dist');
    const executable = require('electron');
    return typeof executable === 'string' && existsSync(executable) ? executable : null;
  } catch {
    return null;
  }
}
