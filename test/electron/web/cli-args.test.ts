import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseWebArgs, WEB_USAGE } from '../../../electron/web/cli-args';

describe('npm run web: arguments and environment', () => {
  it('--help and -h print the usage instead of starting', () => {
    expect(parseWebArgs(['--help'], {})).toEqual({ kind: 'help' });
    expect(parseWebArgs(['-h'], { CASEWORKS_PORT: 'x' })).toEqual({ kind: 'help' });
    for (const name of ['CASEWORKS_DATA_DIR', 'CASEWORKS_SHIP_DELAY_MS', 'CASEWORKS_DELIVER_DELAY_MS', 'CASEWORKS_SERVICE_URL', 'CASEWORKS_API_KEY', 'CASEWORKS_PORT']) {
      expect(WEB_USAGE).toContain(name);
    }
  });

  it('reads the environment', () => {
    expect(
      parseWebArgs([], { CASEWORKS_DATA_DIR: '/tmp/cw', CASEWORKS_SHIP_DELAY_MS: '5000', CASEWORKS_DELIVER_DELAY_MS: '0', CASEWORKS_PORT: '4123' }, '/home/u'),
    ).toEqual({ kind: 'run', options: { port: 4123, dataDir: '/tmp/cw', service: undefined, shipDelayMs: 5000, deliverDelayMs: 0 } });
    expect(parseWebArgs([], {}, '/home/u')).toMatchObject({ kind: 'run', options: { port: 0, dataDir: path.join('/home/u', '.caseworks-web') } });
  });

  it.each([
    [['--port', '3'], {}, /"--port" is not an option/],
    [[], { CASEWORKS_SHIP_DELAY_MS: 'soon' }, /CASEWORKS_SHIP_DELAY_MS must be a whole number, not "soon"/],
    [[], { CASEWORKS_SERVICE_URL: 'https://x.example/api/v1' }, /Set both CASEWORKS_SERVICE_URL and CASEWORKS_API_KEY/],
  ])('refuses %j %j with a plain message', (args, env, message) => {
    const command = parseWebArgs(args, env);
    expect(command.kind).toBe('error');
    expect(command.kind === 'error' && command.message).toMatch(message);
  });
});

describe('npm run web -- --help', () => {
  let dataDir: string | null = null;
  afterEach(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = null;
  });

  it('prints the usage and exits without building or starting anything', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-web-help-'));
    // One process (no npx or tsx wrapper), so the time limit's kill reaches it.
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'electron/web/cli.ts', '--help'], {
      encoding: 'utf8',
      timeout: 30_000,
      killSignal: 'SIGKILL',
      env: { ...process.env, CASEWORKS_DATA_DIR: dataDir, CASEWORKS_PORT: '0' },
    });
    expect(run.stdout).toBe(WEB_USAGE);
    expect(run.status).toBe(0);
    expect(run.stdout + run.stderr).not.toContain('Starting Caseworks');
  }, 40_000);
});
