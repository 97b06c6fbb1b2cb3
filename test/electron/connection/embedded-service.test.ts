import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEMO_CREDENTIALS_FILE,
  LAST_PORT_FILE,
  lastPortIfFree,
  rememberPort,
  EMBEDDED_RATE_LIMIT_PER_MINUTE,
  EMBEDDED_ARGS_ENV,
  readEmbeddedServiceArgs,
  startEmbeddedService,
  STOP_WAIT_MS,
} from '../../../electron/core/connection';
import type { ForkedProcess } from '../../../electron/core/platform';
import { DATA_FOLDER_IN_USE, DATA_FOLDER_IN_USE_EXIT_CODE, SERVICE_STOP_DEADLINE_MS } from '../../../shared/embedded-service';
import { startedService } from '../../support/started-service';

/** A start refused as a value, with words matching `message`. */
const cannotStart = (message: RegExp, code = 'failed') => ({ ok: false, failure: { code, message: expect.stringMatching(message) } });

const buyers = [{ account_id: 'org_a', name: 'Corner Wine Shop', api_key: 'cw_demo_key_1234567890' }];

/** A stand-in service process the test drives by hand. */
function fakeChild() {
  const events = new EventEmitter();
  const posted: unknown[] = [];
  const child: ForkedProcess & { emitMessage(message: unknown): void; exit(code: number | null): void } = {
    postMessage: (message) => posted.push(message),
    on(event: 'message' | 'exit', listener: (value: never) => void) {
      events.on(event, listener as (value: unknown) => void);
      return child;
    },
    kill: vi.fn(() => {
      setImmediate(() => child.exit(0));
      return true;
    }),
    emitMessage: (message) => events.emit('message', message),
    exit: (code) => events.emit('exit', code),
  };
  return { child, posted };
}

let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});
async function dataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'caseworks-embedded-'));
  dirs.push(dir);
  return dir;
}

describe('startEmbeddedService with an injected fork', () => {
  it('passes its settings, waits for ready, reads the demo credentials and stops the process', async () => {
    const dir = await dataDir();
    const { child, posted } = fakeChild();
    const fork = vi.fn((options: { env: Record<string, string> }) => {
      setImmediate(async () => {
        await writeFile(path.join(dir, DEMO_CREDENTIALS_FILE), JSON.stringify({ base_url: 'http://127.0.0.1:5555/api/v1', buyers }));
        child.emitMessage({ type: 'log', text: 'ignored' });
        child.emitMessage({ type: 'ready', baseUrl: 'http://127.0.0.1:5555/api/v1' });
      });
      expect(options.env.DATABASE_URL).toBe('');
      return child;
    });
    const service = await startedService(startEmbeddedService({ dataDir: dir, fork, shipAfterSeconds: 5 }));
    const args = readEmbeddedServiceArgs([], fork.mock.calls[0]?.[0].env ?? {});
    expect(args).toEqual(['--port', '0', '--data', dir, '--rate-limit', String(EMBEDDED_RATE_LIMIT_PER_MINUTE), '--ship-after', '5']);
    expect(service.baseUrl).toBe('http://127.0.0.1:5555/api/v1');
    expect(service.buyers).toEqual(buyers);
    await service.stop();
    expect(posted).toEqual([{ type: 'stop' }]);
    expect(child.kill).toHaveBeenCalledTimes(1);
  });

  it('offers the port of its last start when it is free (the catalog’s image addresses stay the same), else any free port', async () => {
    const dir = await dataDir();
    expect(await lastPortIfFree(dir)).toBe(0);
    // A port nothing listens on now: taken by a server, then released.
    const free = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    await rememberPort(dir, `http://127.0.0.1:${free}/api/v1`);
    expect(await readFile(path.join(dir, LAST_PORT_FILE), 'utf8')).toBe(String(free));
    expect(await lastPortIfFree(dir)).toBe(free);
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(free, '127.0.0.1', () => resolve()));
    try {
      expect(await lastPortIfFree(dir)).toBe(0);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    await writeFile(path.join(dir, LAST_PORT_FILE), 'not a port');
    expect(await lastPortIfFree(dir)).toBe(0);
  });

  it('passes the port it is given', async () => {
    const dir = await dataDir();
    const { child } = fakeChild();
    const fork = vi.fn(() => {
      setImmediate(async () => {
        await writeFile(path.join(dir, DEMO_CREDENTIALS_FILE), JSON.stringify({ base_url: 'x', buyers }));
        child.emitMessage({ type: 'ready', baseUrl: 'http://127.0.0.1:41234/api/v1' });
      });
      return child;
    });
    await (await startedService(startEmbeddedService({ dataDir: dir, fork, port: 41234 }))).stop();
    const args = readEmbeddedServiceArgs([], (fork.mock.calls[0] as unknown as [{ env: Record<string, string> }])[0].env);
    expect(args.slice(0, 2)).toEqual(['--port', '41234']);
  });

  it('fails clearly when the process dies while starting', async () => {
    const dir = await dataDir();
    const { child } = fakeChild();
    setImmediate(() => child.exit(1));
    expect(await startEmbeddedService({ dataDir: dir, fork: () => child })).toEqual(cannotStart(/stopped while starting \(exit code 1\)/));
  });

  it('passes on the reason the process gives', async () => {
    const dir = await dataDir();
    const { child } = fakeChild();
    setImmediate(() => child.emitMessage({ type: 'error', message: 'port in use' }));
    expect(await startEmbeddedService({ dataDir: dir, fork: () => child })).toEqual(cannotStart(/could not start: port in use/));
  });

  it('tells another process holding its data folder apart by code, as the process says it or by its exit code', async () => {
    const dir = await dataDir();
    const said = fakeChild();
    setImmediate(() => said.child.emitMessage({ type: 'error', message: 'pid 4242 holds it', code: DATA_FOLDER_IN_USE }));
    expect(await startEmbeddedService({ dataDir: dir, fork: () => said.child })).toEqual(cannotStart(/pid 4242 holds it/, DATA_FOLDER_IN_USE));
    const exited = fakeChild();
    setImmediate(() => exited.child.exit(DATA_FOLDER_IN_USE_EXIT_CODE));
    expect(await startEmbeddedService({ dataDir: dir, fork: () => exited.child })).toEqual(cannotStart(/another process is using its data folder/, DATA_FOLDER_IN_USE));
  });

  it('gives up and kills the process when it never says ready', async () => {
    const dir = await dataDir();
    const { child } = fakeChild();
    expect(await startEmbeddedService({ dataDir: dir, fork: () => child, startTimeoutMs: 30 })).toEqual(cannotStart(/did not start within/));
    expect(child.kill).toHaveBeenCalled();
  });

  it('stops the process when the credentials are missing or damaged', async () => {
    const dir = await dataDir();
    const { child } = fakeChild();
    setImmediate(() => child.emitMessage({ type: 'ready', baseUrl: 'http://127.0.0.1:1/api/v1' }));
    expect(await startEmbeddedService({ dataDir: dir, fork: () => child })).toEqual(cannotStart(/no demo credentials/));
    expect(child.kill).toHaveBeenCalled();

    const second = fakeChild();
    await writeFile(path.join(dir, DEMO_CREDENTIALS_FILE), '{"buyers": "nope"');
    setImmediate(() => second.child.emitMessage({ type: 'ready', baseUrl: 'http://127.0.0.1:1/api/v1' }));
    expect(await startEmbeddedService({ dataDir: dir, fork: () => second.child })).toEqual(cannotStart(/damaged/));
  });

  it('reports an exit it did not ask for', async () => {
    const dir = await dataDir();
    const { child } = fakeChild();
    await writeFile(path.join(dir, DEMO_CREDENTIALS_FILE), JSON.stringify({ base_url: 'x', buyers }));
    setImmediate(() => child.emitMessage({ type: 'ready', baseUrl: 'http://127.0.0.1:1/api/v1' }));
    const onUnexpectedExit = vi.fn();
    await startEmbeddedService({ dataDir: dir, fork: () => child, onUnexpectedExit });
    child.exit(3);
    expect(onUnexpectedExit).toHaveBeenCalledWith(3);
  });
});

describe('stopping the embedded service', () => {
  /** A started service whose process, asked to stop, exits after `exitAfterMs` (never when null). */
  async function startedWith(exitAfterMs: number | null) {
    const dir = await dataDir();
    const { child } = fakeChild();
    child.kill = vi.fn(() => {
      if (exitAfterMs !== null) setTimeout(() => child.exit(1), exitAfterMs);
      return true;
    });
    await writeFile(path.join(dir, DEMO_CREDENTIALS_FILE), JSON.stringify({ base_url: 'x', buyers }));
    setImmediate(() => child.emitMessage({ type: 'ready', baseUrl: 'http://127.0.0.1:1/api/v1' }));
    return startedService(startEmbeddedService({ dataDir: dir, fork: () => child }));
  }
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for a service that ends its own stop at its deadline, instead of calling it stuck first', async () => {
    const service = await startedWith(SERVICE_STOP_DEADLINE_MS);
    vi.useFakeTimers();
    const stopping = service.stop();
    await vi.advanceTimersByTimeAsync(SERVICE_STOP_DEADLINE_MS);
    await expect(stopping).resolves.toBeUndefined();
  });

  it('says the service did not stop once it is past its deadline and the wait', async () => {
    const service = await startedWith(null);
    vi.useFakeTimers();
    const stopping = service.stop();
    const said = expect(stopping).rejects.toThrow(`did not stop within ${STOP_WAIT_MS / 1000} s`);
    await vi.advanceTimersByTimeAsync(STOP_WAIT_MS);
    await said;
    expect(STOP_WAIT_MS).toBeGreaterThan(SERVICE_STOP_DEADLINE_MS);
  });
});

describe('embedded service arguments', () => {
  it('prefers the command line and ignores a damaged environment value', () => {
    expect(readEmbeddedServiceArgs(['--port', '1'], { [EMBEDDED_ARGS_ENV]: '["--port","2"]' })).toEqual(['--port', '1']);
    expect(readEmbeddedServiceArgs([], { [EMBEDDED_ARGS_ENV]: '["--port","2"]' })).toEqual(['--port', '2']);
    expect(readEmbeddedServiceArgs([], { [EMBEDDED_ARGS_ENV]: '{"x":1}' })).toEqual([]);
    expect(readEmbeddedServiceArgs([], { [EMBEDDED_ARGS_ENV]: 'nope' })).toEqual([]);
  });
});
