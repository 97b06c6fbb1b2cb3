import { parseArgs } from 'node:util';
import type { ServiceOptions } from './main';

export const USAGE = `Usage: npm run server -- --port <n> --data <dir> [options]

Runs the Wholesale Ordering Service on 127.0.0.1 and prints its base URL (ending in /api/v1).
An empty data folder is seeded with demo data and gets demo-credentials.json (buyer API keys).
Set DATABASE_URL to keep the data in PostgreSQL instead of the folder.

Options:
  --port <n>              port to listen on (0 = any free port; default 4010)
  --data <dir>            data folder (default .data/service)
  --ship-after <s>        seconds until a confirmed order ships (default 60)
  --deliver-after <s>     seconds from shipment to delivery (default 120)
  --catalog-size <n>      products to generate when seeding (default 2000)
  --mode <mode>           sandbox (default; webhooks may target loopback) or production
                          (webhook targets must be public addresses)
  --rate-limit <n>        requests per minute per API key (default 6000)
  -h, --help              show this text`;

export const DEFAULT_PORT = 4010;

export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

export type CliCommand = { kind: 'help' } | { kind: 'run'; options: ServiceOptions & { dataDir: string } };

function integer(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^[0-9]+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new CliUsageError(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function seconds(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^[0-9]+(\.[0-9]+)?$/.test(raw) || Number(raw) > 31_536_000) {
    throw new CliUsageError(`--${name} must be a number of seconds from 0 to 31536000, got "${raw}"`);
  }
  return Number(raw);
}

/** Parses the command line; throws CliUsageError with a one-line message for anything wrong. */
export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): CliCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        'ship-after': { type: 'string' },
        'deliver-after': { type: 'string' },
        'catalog-size': { type: 'string' },
        mode: { type: 'string' },
        'rate-limit': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new CliUsageError((error as Error).message.split('\n')[0] ?? 'invalid arguments');
  }
  if (values.help) return { kind: 'help' };
  const mode = values.mode ?? 'sandbox';
  if (mode !== 'sandbox' && mode !== 'production') {
    throw new CliUsageError(`--mode must be sandbox or production, got "${mode}"`);
  }
  if (values.data !== undefined && values.data.trim() === '') throw new CliUsageError('--data must name a folder');
  return {
    kind: 'run',
    options: {
      host: '127.0.0.1',
      port: integer('port', values.port, 0, 65_535) ?? DEFAULT_PORT,
      dataDir: values.data ?? '.data/service',
      databaseUrl: env.DATABASE_URL || undefined,
      shipAfterSeconds: seconds('ship-after', values['ship-after']),
      deliverAfterSeconds: seconds('deliver-after', values['deliver-after']),
      catalogSize: integer('catalog-size', values['catalog-size'], 1, 1_000_000),
      rateLimitPerMinute: integer('rate-limit', values['rate-limit'], 1, 10_000_000),
      mode,
    },
  };
}
