import { fork } from 'node:child_process';
import path from 'node:path';
import { packageRootOf } from '../files/package-root';
import type { ForkedProcess, ForkService } from '../platform';
import { readEmbeddedServiceArgs } from './embedded-service-args';

/**
 * Runs the service's own CLI (`server/cli.ts`, through tsx) as a Node child process: the
 * embedded service outside Electron (the browser shell, tests). The CLI announces itself with
 * `{ type: 'ready', baseUrl }` over the IPC channel and stops cleanly on SIGTERM.
 */
export const forkWithNode: ForkService = ({ env }) => {
  // Found when forking, from this module, whether it runs from source or inside the browser shell's
  // bundle (not when the module loads: the desktop app imports it too, and never forks this way).
  const repoRoot = packageRootOf(import.meta.url);
  const args = readEmbeddedServiceArgs([], env);
  const child = fork(path.join(repoRoot, 'server/cli.ts'), args, {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'json',
  });
  const forked: ForkedProcess = {
    postMessage: (message) => {
      if (child.connected) child.send(message as object);
    },
    on(event: 'message' | 'exit', listener: (value: never) => void) {
      if (event === 'message') child.on('message', listener as (message: unknown) => void);
      else child.on('exit', listener as (code: number | null) => void);
      return forked;
    },
    kill: () => child.kill('SIGTERM'),
    get pid() {
      return child.pid;
    },
  };
  return forked;
};
