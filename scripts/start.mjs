#!/usr/bin/env node
/**
 * `npm start`: builds the app, then launches Electron on it. The electron package fetches its
 * binary the first time `require('electron')` runs; pointing ELECTRON_OVERRIDE_DIST_PATH at its
 * own dist folder makes it return the path without downloading, so a missing binary is detected
 * (one plain line, exit code 1) instead of hanging on a download that cannot succeed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

function electronExecutable() {
  try {
    const packageDir = path.dirname(require.resolve('electron/package.json'));
    process.env.ELECTRON_OVERRIDE_DIST_PATH ??= path.join(packageDir, 'dist');
    const executable = require('electron');
    return typeof executable === 'string' && existsSync(executable) ? executable : null;
  } catch {
    return null;
  }
}

// The build's own output is shown only when it fails, so a missing Electron is one plain line.
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (build.status !== 0) {
  process.stdout.write(build.stdout ?? '');
  process.stderr.write(build.stderr ?? '');
  console.error('Caseworks could not be built (see the errors above).');
  process.exit(build.status ?? 1);
}

const executable = electronExecutable();
if (!executable) {
  console.error('Electron cannot start here: its binary is not installed and cannot be downloaded. Run `npm run web` to use Caseworks in your browser instead.');
  process.exit(1);
}

const child = spawn(executable, ['.'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
