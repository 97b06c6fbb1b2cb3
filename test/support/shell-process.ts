import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { BridgeInput, BridgeMethod, BridgeOutput } from '../../shared/bridge/contract';
import type { BridgeResult } from '../../shared/bridge/result';
import { REPO_ROOT } from './e2e-build';

/**
 * `npm run web` as a user starts it: its own Node process (`node scripts/web.mjs`: the built shell
 * when it is current, else the source through tsx), settings from the environment. The renderer
 * must be built (`ensureRendererBuilt`), or it builds it first.
 */
export interface ShellProcess {
  child: ChildProcess;
  pid: number;
  /** Everything it printed so far, stdout and stderr in the order they came. */
  output(): string;
  /** Waits until its output matches; rejects if it exits first or the time runs out. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with its exit code once it has exited. */
  exited: Promise<number | null>;
  /** The page's address and token, once it printed them. */
  page(): Promise<{ base: string; token: string }>;
  /** One bridge call over `POST /bridge/<method>`, as a script would make it. */
  call<M extends BridgeMethod>(method: M, input?: BridgeInput<M>): Promise<BridgeResult<BridgeOutput<M>>>;
  /** The call's data; throws with the error's code and message otherwise. */
  data<M extends BridgeMethod>(method: M, input?: BridgeInput<M>): Promise<BridgeOutput<M>>;
  /** SIGTERM, as Ctrl+C in its terminal would; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export function startShellProcess(env: Record<string, string>): ShellProcess {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts/web.mjs')], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', VITEST: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const wake of waiters) wake();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let signal: NodeJS.Signals | null = null;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, by) => {
      signal = by;
      resolve(code);
    }),
  );
  let gone = false;
  void exited.then(() => {
    gone = true;
    for (const wake of waiters) wake();
  });

  function waitFor(pattern: RegExp, timeoutMs = 60_000): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(() => reject(new Error(`"${pattern}" not printed within ${timeoutMs} ms; output:\n${text}`))), timeoutMs);
      const finish = (act: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        act();
      };
      const check = () => {
        const match = pattern.exec(text);
        if (match) finish(() => resolve(match));
        else if (gone) finish(() => reject(new Error(`exited before printing "${pattern}"; output:\n${text}`)));
      };
      waiters.add(check);
      check();
    });
  }

  let pageOf: Promise<{ base: string; token: string }> | null = null;
  const page = () => {
    pageOf ??= waitFor(/Open (http:\/\/127\.0\.0\.1:\d+)\/\?token=(\S+)/).then((match) => ({ base: match[1] ?? '', token: match[2] ?? '' }));
    return pageOf;
  };

  async function call<M extends BridgeMethod>(method: M, input?: BridgeInput<M>): Promise<BridgeResult<BridgeOutput<M>>> {
    const { base, token } = await page();
    const response = await fetch(`${base}/bridge/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-caseworks-token': token },
      body: JSON.stringify(input ?? {}),
    });
    return (await response.json()) as BridgeResult<BridgeOutput<M>>;
  }

  return {
    child,
    pid: child.pid ?? 0,
    output: () => (signal ? `${text}\n[killed by ${signal}]` : text),
    waitFor,
    exited,
    page,
    call,
    async data(method, input) {
      const result = await call(method, input);
      if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
      return result.data;
    },
    async stop() {
      if (!gone) child.kill('SIGTERM');
      return exited;
    },
  };
}
