import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import { API_BASE_PATH } from '../shared';
import type { ServiceOptions } from './main';
import { DEFAULT_SEND_TIMEOUT_MS, leaseIsLongEnough } from './webhooks/delivery-timing';

export const USAGE = `Usage: npm run server -- --port <n> --data <dir> [options]

Runs the Wholesale Ordering Service and prints the URL it listens at (ending in /api/v1).
An empty data folder is seeded with demo data and gets demo-credentials.json (buyer API keys).
A data folder has one owner: a second service on it exits with code 75, naming the first (pid,
start, port); one killed without stopping frees it. Set DATABASE_URL to keep the data in
PostgreSQL instead of the folder; several instances may then share one database (give them the
same --public-url).
Exit codes: 0 after a clean stop, 1 on a failure, 2 on bad arguments, 3 when the data folder is in use.

Options:
  --port <n>              port to listen on (0 = any free port; default 4010)
  --host <address>        address to listen on (default 127.0.0.1)
  --public-url <url>      the base URL clients use, ending in /api/v1 (image URLs are built
                          from it; default: the listening address)
  --data <dir>            data folder (default .data/service)
  --ship-after <s>        seconds until a confirmed order ships (default 60)
  --deliver-after <s>     seconds from shipment to delivery (default 120)
  --catalog-size <n>      products to generate when seeding (default 2000)
  --mode <mode>           sandbox (default; webhooks may target loopback, and the demo's
                          webhooks go to the service's own /demo/webhook-receiver) or
                          production (webhook targets must be public addresses; no demo webhooks)
  --rate-limit <n>        requests per minute per API key (default 6000), counted across
                          every instance on one PostgreSQL
  --webhook-retry-base-ms <n>  delay before the first webhook retry, doubling after (default 5000)
  --webhook-max-attempts <n>   webhook delivery attempts, the first included (default 8)
  --webhook-timeout-ms <n>     how long a webhook send waits for the answer (default 10000)
  --webhook-lease-ms <n>       how long a delivery claimed by an instance stays its own; past it
                               another instance takes it over (the first died mid-send). Must
                               exceed the send timeout (default 2 x timeout + 5000)
  --webhook-poll-ms <n>        how often each instance looks for due deliveries when nothing
                               wakes it (default the retry base, at most 5000)
  -h, --help              show this text`;

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';

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

const HOST_NAME = /^[A-Za-z0-9]([A-Za-z0-9.-]{0,252})$/;

function hostAddress(raw: string | undefined): string {
  if (raw === undefined) return DEFAULT_HOST;
  if (isIP(raw) === 0 && !HOST_NAME.test(raw)) {
    throw new CliUsageError(`--host must be an IP address or a host name, got "${raw.slice(0, 100)}"`);
  }
  return raw;
}

/** `https://shop.example/api/v1` (a trailing slash is dropped); only http(s), no query or fragment. */
function publicUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const refuse = (why: string) => new CliUsageError(`--public-url ${why}, got "${raw.slice(0, 200)}"`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('must be an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('must be an http or https URL');
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw refuse('must have no query, fragment or credentials');
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith(API_BASE_PATH)) throw refuse(`must end in ${API_BASE_PATH}`);
  return `${url.origin}${path}`;
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
        host: { type: 'string' },
        'public-url': { type: 'string' },
        'webhook-retry-base-ms': { type: 'string' },
        'webhook-max-attempts': { type: 'string' },
        'webhook-timeout-ms': { type: 'string' },
        'webhook-lease-ms': { type: 'string' },
        'webhook-poll-ms': { type: 'string' },
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
  const webhookTimeoutMs = integer('webhook-timeout-ms', values['webhook-timeout-ms'], 100, 600_000);
  const webhookLeaseMs = integer('webhook-lease-ms', values['webhook-lease-ms'], 1, 86_400_000);
  const timeoutMs = webhookTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
  if (webhookLeaseMs !== undefined && !leaseIsLongEnough(webhookLeaseMs, timeoutMs)) {
    throw new CliUsageError(`--webhook-lease-ms must be longer than the send timeout (${timeoutMs} ms; see --webhook-timeout-ms), got "${webhookLeaseMs}"`);
  }
  return {
    kind: 'run',
    options: {
      host: hostAddress(values.host),
      publicUrl: publicUrl(values['public-url']),
      port: integer('port', values.port, 0, 65_535) ?? DEFAULT_PORT,
      dataDir: values.data ?? '.data/service',
      databaseUrl: env.DATABASE_URL || undefined,
      shipAfterSeconds: seconds('ship-after', values['ship-after']),
      deliverAfterSeconds: seconds('deliver-after', values['deliver-after']),
      catalogSize: integer('catalog-size', values['catalog-size'], 1, 1_000_000),
      rateLimitPerMinute: integer('rate-limit', values['rate-limit'], 1, 10_000_000),
      webhookRetryBaseMs: integer('webhook-retry-base-ms', values['webhook-retry-base-ms'], 1, 86_400_000),
      webhookMaxAttempts: integer('webhook-max-attempts', values['webhook-max-attempts'], 1, 100),
      webhookTimeoutMs,
      webhookLeaseMs,
      webhookPollIntervalMs: integer('webhook-poll-ms', values['webhook-poll-ms'], 10, 3_600_000),
      mode,
    },
  };
}
