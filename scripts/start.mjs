#!/usr/bin/env node
/**
 * `npm start`: builds the app, then launches Electron on it. Where the Electron binary is missing
 * it says so in one plain line (exit code 1) and points to `npm run web`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { electronExecutable } from './electron-binary.mjs';

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
