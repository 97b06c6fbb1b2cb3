import { describe, expect, it } from 'vitest';
import { CliUsageError, parseCliArgs } from '../../../server/cli-args';

describe('CLI arguments', () => {
  it('reads every flag', () => {
    const command = parseCliArgs(
      [
        '--port', '4010', '--data', '/tmp/x', '--ship-after', '1.5', '--deliver-after', '0', '--catalog-size', '50000',
        '--mode', 'production', '--rate-limit', '100', '--host', '0.0.0.0', '--public-url', 'https://wine.example/shop/api/v1/',
        '--webhook-retry-base-ms', '200', '--webhook-max-attempts', '3',
        '--webhook-timeout-ms', '3000', '--webhook-lease-ms', '4000', '--webhook-poll-ms', '100',
      ],
      { DATABASE_URL: 'postgres://127.0.0.1/db' },
    );
    expect(command).toEqual({
      kind: 'run',
      options: {
        host: '0.0.0.0',
        publicUrl: 'https://wine.example/shop/api/v1',
        port: 4010,
        dataDir: '/tmp/x',
        databaseUrl: 'postgres://127.0.0.1/db',
        shipAfterSeconds: 1.5,
        deliverAfterSeconds: 0,
        catalogSize: 50000,
        rateLimitPerMinute: 100,
        webhookRetryBaseMs: 200,
        webhookMaxAttempts: 3,
        webhookTimeoutMs: 3000,
        webhookLeaseMs: 4000,
        webhookPollIntervalMs: 100,
        mode: 'production',
      },
    });
  });

  it('defaults to port 4010, sandbox mode and no database URL', () => {
    const command = parseCliArgs(['--data', 'd'], {});
    expect(command).toMatchObject({ kind: 'run', options: { port: 4010, mode: 'sandbox', databaseUrl: undefined, host: '127.0.0.1', publicUrl: undefined } });
  });

  it('a lease just longer than the send timeout is accepted; without flags the service keeps its defaults', () => {
    expect(parseCliArgs(['--webhook-lease-ms', '10001'])).toMatchObject({ kind: 'run', options: { webhookLeaseMs: 10_001, webhookTimeoutMs: undefined } });
    expect(parseCliArgs(['--webhook-timeout-ms', '100', '--webhook-lease-ms', '101'])).toMatchObject({ options: { webhookLeaseMs: 101, webhookTimeoutMs: 100 } });
    expect(parseCliArgs([])).toMatchObject({ options: { webhookLeaseMs: undefined, webhookTimeoutMs: undefined, webhookPollIntervalMs: undefined } });
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
    [['--host', 'bad host'], /--host must be an IP address or a host name/],
    [['--public-url', 'wine.example/api/v1'], /--public-url must be an absolute URL/],
    [['--public-url', 'ftp://wine.example/api/v1'], /--public-url must be an http or https URL/],
    [['--public-url', 'https://wine.example/api'], /--public-url must end in \/api\/v1/],
    [['--public-url', 'https://wine.example/api/v1?x=1'], /--public-url must have no query/],
    [['--webhook-max-attempts', '0'], /--webhook-max-attempts/],
    [['--webhook-timeout-ms', '50'], /--webhook-timeout-ms must be a whole number from 100 to 600000/],
    [['--webhook-lease-ms', '1.5'], /--webhook-lease-ms must be a whole number/],
    [['--webhook-poll-ms', '0'], /--webhook-poll-ms must be a whole number from 10/],
    // A lease no longer than a send would let a second instance send while the first still waits.
    [['--webhook-lease-ms', '10000'], /--webhook-lease-ms must be longer than the send timeout \(10000 ms/],
    [['--webhook-timeout-ms', '3000', '--webhook-lease-ms', '3000'], /--webhook-lease-ms must be longer than the send timeout \(3000 ms/],
  ])('%j is a usage error', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(CliUsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});
