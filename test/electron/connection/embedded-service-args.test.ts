import { describe, expect, it } from 'vitest';
import { EMBEDDED_ARGS_ENV, embeddedServiceArgs, embeddedServiceEnv, EMBEDDED_RATE_LIMIT_PER_MINUTE } from '../../../electron/core/connection/embedded-service-args';
import { parseCliArgs } from '../../../server/cli-args';

describe('embeddedServiceArgs', () => {
  it('gives the app its own service a per-key limit that 50,000 product details fit in many times over', () => {
    const args = embeddedServiceArgs({ dataDir: '/tmp/caseworks-data', catalogSize: 50_000 });
    const at = args.indexOf('--rate-limit');
    expect(at).toBeGreaterThan(-1);
    expect(Number(args[at + 1])).toBe(EMBEDDED_RATE_LIMIT_PER_MINUTE);
    expect(EMBEDDED_RATE_LIMIT_PER_MINUTE).toBeGreaterThanOrEqual(50_000 * 10);
    const parsed = parseCliArgs(args, {});
    expect(parsed.kind === 'run' && parsed.options.rateLimitPerMinute).toBe(EMBEDDED_RATE_LIMIT_PER_MINUTE);
  });

  it('starts the service with two malloc arenas, its command line in the environment, and never a PostgreSQL of the app\'s own environment', () => {
    const env = embeddedServiceEnv(['--port', '0']);
    expect(env).toEqual({ MALLOC_ARENA_MAX: '2', [EMBEDDED_ARGS_ENV]: '["--port","0"]', DATABASE_URL: '' });
  });
});
