import { spawn, type ChildProcess } from 'node:child_process';

const running = new Set<ChildProcess>();

/** Kills whatever a test left running (afterAll). */
export function killAllCli(): void {
  for (const child of running) child.kill('SIGKILL');
}

export interface CliRun {
  child: ChildProcess;
  /** The URL the service printed; rejects if it exits first. */
  baseUrl: Promise<string>;
  exited: Promise<number | null>;
  output(): { stdout: string; stderr: string };
}

/** The CLI as `npm run server` runs it, PGlite in the data folder (DATABASE_URL removed). */
export function spawnCli(args: string[], ipc = false): CliRun {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? (['ipc'] as const) : [])],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const baseUrl = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', () => {
      const line = stdout.split('\n').find((candidate) => /^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/.test(candidate));
      if (line) resolve(line);
    });
    void exited.then((code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
  // Runs that are expected to fail never print a URL; only a test that awaits it sees the rejection.
  baseUrl.catch(() => undefined);
  return { child, baseUrl, exited, output: () => ({ stdout, stderr }) };
}
