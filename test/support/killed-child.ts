import { spawn } from 'node:child_process';

/**
 * Runs a TypeScript script in a process of its own (`node --import tsx <script> ...args`) and
 * SIGKILLs it `afterMs` once `armed(output)` first holds for what it printed so far (never when
 * `armed` is null). Resolves to all it printed and the signal it ended by. For the kill tests.
 */
export function runKilledChild(script: string, args: string[], armed: ((output: string) => boolean) | null, afterMs: number): Promise<{ output: string; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    let killing = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (armed === null || killing || !armed(output)) return;
      killing = true;
      setTimeout(() => child.kill('SIGKILL'), afterMs);
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve({ output, signal }));
  });
}
