import { describe, expect, it } from 'vitest';
import { CliUsageError, parseCliArgs } from '../../../server/cli-args';

describe('CLI arguments', () => {
  it('reads every flag', () => {
    const command = parseCliArgs(
      ['--port', '4010', '--data', '/tmp/x', '--ship-after', '1.5', '--deliver-after', '0', '--catalog-size', '50000', '--mode', 'production', '--rate-limit', '100'],
      { DATABASE_URL: 'postgres://127.0.0.1/db' },
    );
    expect(command).toEqual({
      kind: 'run',
      options: {
        host: '127.0.0.1',
        port: 4010,
        dataDir: '/tmp/x',
        databaseUrl: 'postgres://127.0.0.1/db',
        shipAfterSeconds: 1.5,
        deliverAfterSeconds: 0,
        catalogSize: 50000,
        rateLimitPerMinute: 100,
        mode: 'production',
      },
    });
  });

  it('defaults to port 4010, sandbox mode and no database URL', () => {
    const command = parseCliArgs(['--data', 'd'], {});
    expect(command).toMatchObject({ kind: 'run', options: { port: 4010, mode: 'sandbox', databaseUrl: undefined } });
  });

  it('--help wins', () => {
    expect(parseCliArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseCliArgs(['-h'])).toEqual({ kind: 'help' });
  });

  it.each([
    [['--port', 'abc'], /--port must be a whole number/],
    [['--port', '70000'], /--port must be a whole number from 0 to 65535/],
    [['--ship-after', '-1'], /--ship-after/],
    [['--deliver-after', 'soon'], /--deliver-after/],
    [['--catalog-size', '0'], /--catalog-size/],
    [['--mode', 'chaos'], /--mode must be sandbox or production/],
    [['--bogus'], /bogus/],
    [['stray'], /stray|positional/i],
    [['--port'], /port/],
  ])('%j is a usage error', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(CliUsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});
